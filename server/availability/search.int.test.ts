import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, zonedInstant } from "#common/calendar-date";
import type { CatalogueInput } from "#server/db/seed/catalogue-factory";
import { createSiteCache } from "#server/sites/site-cache";
import { NIGHTS } from "#tests/fixtures/fee-plans";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { storeCalendar } from "./calendar";
import { loadHolds } from "./queries";
import { searchCarTypes } from "./search";
import { SearchQuerySchema } from "./search-schema";

const TZ = "Asia/Tokyo";
const TODAY = "2026-12-01"; // a Tuesday
const NOW = zonedInstant(TODAY, "09:00", TZ);
const at = (day: number, time: string) => zonedInstant(addDays(TODAY, day), time, TZ);

function catalogue(): CatalogueInput {
  return {
    classes: [
      { key: "compact", className: "コンパクト" },
      { key: "van", className: "ワゴン" },
    ],
    carTypes: [
      { key: "small", classKey: "compact", typeName: "小型", capacity: 5, displayOrder: 1 },
      {
        key: "van",
        classKey: "van",
        typeName: "ワゴン",
        capacity: 8,
        isFourWd: true,
        transmission: 2,
        displayOrder: 2,
      },
      { key: "nostock", classKey: "compact", typeName: "在庫なし", capacity: 5, displayOrder: 3 },
    ],
    vehicles: [
      { store: 0, typeKey: "small", count: 2 },
      { store: 0, typeKey: "van", count: 1 },
      { store: 0, typeKey: "nostock", count: 1, outOfService: 1 },
    ],
    feePlans: [
      { store: 0, classKey: "compact", ...NIGHTS },
      {
        store: 0,
        classKey: "van",
        ...NIGHTS,
        sameDay: 8000,
        nights1: 14000,
        nights2: 18000,
        nights3: 22000,
        nights4: 26000,
        nights5: 30000,
        nights6: 33000,
        nights7: 36000,
      },
      { store: 0, classKey: "compact", ...NIGHTS, isHighSeason: true, sameDay: 7000 },
    ],
    immunityFees: [{ classKey: "compact", pricePerDay: 1100 }],
    reservations: [
      // Both compacts are out on day 5; one on day 6.
      { store: 0, typeKey: "small", startAt: at(5, "10:00"), endAt: at(5, "18:00"), reserveNo: "R1" },
      { store: 0, typeKey: "small", startAt: at(4, "10:00"), endAt: at(6, "12:00"), reserveNo: "R2" },
      // Both compacts out overnight, outside business hours (08:00-20:00), on day 25.
      { store: 0, typeKey: "small", startAt: at(25, "20:30"), endAt: at(26, "07:00"), reserveNo: "R4" },
      { store: 0, typeKey: "small", startAt: at(25, "20:30"), endAt: at(26, "07:00"), reserveNo: "R5" },
      // Cancelled: never counts.
      { store: 0, typeKey: "van", startAt: at(5, "10:00"), endAt: at(5, "18:00"), reserveNo: "R3", isCancelled: true },
    ],
  };
}

let handle: TestDb;
let siteId: string;
let storeId: number;
let typeIds: Record<string, number>;
const cache = createSiteCache({ freshMs: 0 });

beforeAll(async () => {
  handle = await createTestDb();
  const site = await makeSite(handle.owner, {
    settings: { siteTitle: "在庫テスト", supportedLanguages: "jp", defaultDispEmptyCarType: 1, triangleCarNumber: 1 },
    stores: [
      {
        storeName: "本店",
        businessStartTime: "08:00",
        businessEndTime: "20:00",
        highSeasonDates: [addDays(TODAY, 20)],
      },
    ],
    catalogue: catalogue(),
  });
  siteId = site.siteId;
  storeId = site.storeIds[0] as number;
  typeIds = site.catalogue?.typeIds ?? {};
  // Another tenant booking the same hours must not touch this site's availability.
  await makeSite(handle.owner, {
    stores: [{ storeName: "他社" }],
    catalogue: {
      ...catalogue(),
      reservations: catalogue().reservations?.map((r) => ({ ...r, reserveNo: `X-${r.reserveNo}` })),
    },
  });
});
afterAll(() => handle.close());

async function search(raw: Record<string, string>) {
  const bundle = await cache.get(handle.forSite(siteId), siteId);
  if (!bundle) throw new Error("site missing");
  return searchCarTypes(handle.forSite(siteId), siteId, {
    bundle,
    query: SearchQuerySchema.parse({ si: String(storeId), ...raw }),
    now: NOW,
  });
}

const day = (n: number) => addDays(TODAY, n);

describe("availability queries", () => {
  it("loads only active, overlapping holds of the site and store", async () => {
    const holds = await loadHolds(handle.forSite(siteId), siteId, storeId, at(5, "00:00"), at(6, "00:00"));
    expect(holds.map((h) => h.carTypeId).sort()).toEqual([typeIds.small, typeIds.small]);
    expect(await loadHolds(handle.forSite(siteId), siteId, storeId, at(7, "00:00"), at(8, "00:00"))).toEqual([]);
    // [) ranges: a hold ending at 18:00 does not overlap a period starting at 18:00.
    expect(await loadHolds(handle.forSite(siteId), siteId, storeId, at(6, "12:00"), at(6, "20:00"))).toEqual([]);
  });

  it("counts remaining cars per type and lists a fully booked type with 0", async () => {
    const r = await search({ sd: day(5), st: "10:00", ed: day(5), et: "18:00" });
    expect(r.errors).toEqual({});
    const byType = Object.fromEntries(r.offers.map((o) => [o.carType.id, o.remaining]));
    expect(byType).toEqual({ [typeIds.small as number]: 0, [typeIds.van as number]: 1 });
    expect(r.notice).toBeNull();
  });

  it("leaves types without an in-service vehicle out", async () => {
    const r = await search({ sd: day(8), st: "10:00", ed: day(8), et: "18:00" });
    expect(r.offers.map((o) => o.carType.id)).not.toContain(typeIds.nostock);
  });

  it("prices the whole period, tax included, with immunity on by default", async () => {
    const r = await search({ sd: day(8), st: "10:00", ed: day(10), et: "18:00" });
    const small = r.offers.find((o) => o.carType.id === typeIds.small);
    expect(small?.price).toEqual({ rentCarFee: 13000, optionFee: 0, immunityFee: 3300, total: 16300, rentalDays: 3 });
    const van = r.offers.find((o) => o.carType.id === typeIds.van);
    expect(van?.price?.total).toBe(18000);
  });

  it("uses the high-season plan when the departure day is high season", async () => {
    const r = await search({ sd: day(20), st: "10:00", ed: day(20), et: "18:00" });
    expect(r.offers.find((o) => o.carType.id === typeIds.small)?.price?.rentCarFee).toBe(7000);
  });

  it("hides fully booked types when asked and says when nothing is free", async () => {
    const hidden = await search({ sd: day(5), st: "10:00", ed: day(5), et: "18:00", empty: "2" });
    expect(hidden.offers.map((o) => o.carType.id)).toEqual([typeIds.van]);
    expect(hidden.hiddenFullyBooked).toBe(1);
    const onlySmall = await search({ sd: day(5), st: "10:00", ed: day(5), et: "18:00", capacity: "5", mission: "1" });
    expect(onlySmall.notice).toEqual({ code: "no_cars_in_period" });
  });

  it("filters by passengers, 4WD, transmission and smoking, and says when nothing matches", async () => {
    const r = await search({ sd: day(8), st: "10:00", ed: day(8), et: "18:00", capacity: "7", fwd: "1", mission: "2" });
    expect(r.offers.map((o) => o.carType.id)).toEqual([typeIds.van]);
    // No type at the store is a smoking car: that condition cannot be met.
    const none = await search({ sd: day(8), st: "10:00", ed: day(8), et: "18:00", smoking: "2" });
    expect(none.offers).toEqual([]);
    expect(none.notice).toEqual({ code: "condition_unavailable" });
    // 8 seats exist and automatic cars exist, but no automatic 8-seater.
    const combo = await search({ sd: day(8), st: "10:00", ed: day(8), et: "18:00", capacity: "8", mission: "1" });
    expect(combo.notice).toEqual({ code: "no_cars_match" });
  });

  it("asks for a store when several exist and none was chosen", async () => {
    const bundle = await cache.get(handle.forSite(siteId), siteId);
    if (!bundle) throw new Error("site missing");
    const twoStores = {
      ...bundle,
      stores: [...bundle.stores, { ...(bundle.stores[0] as (typeof bundle.stores)[0]), id: 999_999 }],
    };
    const r = await searchCarTypes(handle.forSite(siteId), siteId, {
      bundle: twoStores,
      query: SearchQuerySchema.parse({ si: "", sd: day(8) }),
      now: NOW,
    });
    expect(r.errors.si).toEqual({ code: "store_required" });
    expect(r.offers).toEqual([]);
  });

  it("says online booking is suspended when the site stops taking it", async () => {
    const bundle = await cache.get(handle.forSite(siteId), siteId);
    if (!bundle) throw new Error("site missing");
    const r = await searchCarTypes(handle.forSite(siteId), siteId, {
      bundle: { ...bundle, settings: { ...bundle.settings, webReserveAccepting: false } },
      query: SearchQuerySchema.parse({ si: String(storeId), sd: day(8) }),
      now: NOW,
    });
    expect(r.notice).toEqual({ code: "web_reserve_suspended" });
    expect(r.offers).toEqual([]);
  });

  it("sorts by price both ways", async () => {
    const asc = await search({ sd: day(8), st: "10:00", ed: day(8), et: "18:00", sort: "price_asc" });
    const desc = await search({ sd: day(8), st: "10:00", ed: day(8), et: "18:00", sort: "price_desc" });
    const totals = (r: typeof asc) => r.offers.map((o) => o.price?.total ?? 0);
    expect(totals(asc)).toEqual([...totals(asc)].sort((a, b) => a - b));
    expect(totals(desc)).toEqual([...totals(asc)].reverse());
  });

  it("puts period errors at their fields and returns no offers", async () => {
    const r = await search({ sd: day(3), st: "10:00", ed: day(2), et: "18:00" });
    expect(r.errors.ed?.code).toBe("return_not_after_departure");
    expect(r.offers).toEqual([]);
  });

  it("lists fee tables instead of prices when the dates are undecided", async () => {
    const r = await search({ date_undecided: "1" });
    expect(r.undecided).toBe(true);
    expect(r.offers.every((o) => o.price === null && o.plan !== null)).toBe(true);
  });
});

describe("store calendar", () => {
  it("marks past days, full days, few-left days and free days", async () => {
    const bundle = await cache.get(handle.forSite(siteId), siteId);
    const store = bundle?.stores[0];
    if (!bundle || !store) throw new Error("site missing");
    const month = await storeCalendar(handle.forSite(siteId), siteId, {
      bundle,
      store,
      carTypeId: typeIds.small,
      month: "2026-12",
      mode: 1,
      now: NOW,
    });
    const mark = (n: number) => month.days.find((d) => d.date === day(n))?.mark;
    expect(month.days).toHaveLength(31);
    expect(month.offset).toBe(2);
    expect(month.days.find((d) => d.date === "2026-11-30")).toBeUndefined();
    expect(mark(5)).toBe("cross");
    expect(mark(4)).toBe("triangle");
    expect(mark(6)).toBe("triangle");
    expect(mark(8)).toBe("circle");
    expect(month.days.find((d) => d.date === day(20))?.highSeason).toBe(true);
    expect(month.prevMonth).toBeNull();
    expect(month.nextMonth).toBe("2027-01");
  });

  it("marks closed days, and ☎ past the reserve max date or inside the lead time", async () => {
    const bundle = await cache.get(handle.forSite(siteId), siteId);
    const store = bundle?.stores[0];
    if (!bundle || !store) throw new Error("site missing");
    const month = await storeCalendar(handle.forSite(siteId), siteId, {
      bundle,
      store: { ...store, regularHolidayWeek: [3], reserveMaxDate: day(20) },
      month: "2026-12",
      mode: 1,
      // 19:00: the 2-hour lead time reaches past today's 20:00 closing.
      now: zonedInstant(TODAY, "19:00", TZ),
    });
    const mark = (n: number) => month.days.find((d) => d.date === day(n))?.mark;
    expect(mark(0)).toBe("tel");
    expect(mark(1)).toBe("closed"); // Wednesday
    expect(mark(2)).toBe("circle");
    expect(mark(20)).not.toBe("tel");
    expect(mark(21)).toBe("tel");
    expect(month.nextMonth).toBeNull();
  });

  it("counts the business day in departure mode and the whole day in period mode", async () => {
    const bundle = await cache.get(handle.forSite(siteId), siteId);
    const store = bundle?.stores[0];
    if (!bundle || !store) throw new Error("site missing");
    const base = { bundle, store, carTypeId: typeIds.small, month: "2026-12", now: NOW };
    const departure = await storeCalendar(handle.forSite(siteId), siteId, { ...base, mode: 1 });
    const period = await storeCalendar(handle.forSite(siteId), siteId, { ...base, mode: 2 });
    const on = (m: typeof departure, n: number) => m.days.find((d) => d.date === day(n));
    expect(on(departure, 25)?.mark).toBe("circle");
    expect(on(period, 25)?.mark).toBe("cross");
    expect(on(period, 26)?.remaining).toBe(0);
  });
});
