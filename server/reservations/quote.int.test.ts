import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, zonedInstant } from "#common/calendar-date";
import { OPTION_PRICE_UNIT } from "#common/codes";
import type { CatalogueInput } from "#server/db/seed/catalogue-factory";
import type { SiteBundle } from "#server/sites/site-bundle";
import { createSiteCache } from "#server/sites/site-cache";
import { NIGHTS } from "#tests/fixtures/fee-plans";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { type QuoteInput, quoteReservation } from "./quote";

const TZ = "Asia/Tokyo";
const TODAY = "2026-12-01"; // a Tuesday
const NOW = zonedInstant(TODAY, "09:00", TZ);
const day = (n: number) => addDays(TODAY, n);
const at = (n: number, time: string) => zonedInstant(day(n), time, TZ);

/** Two nights (days +3 to +5): rental days 3, the nights2 tier. */
const TWO_NIGHTS = { sd: day(3), st: "10:00", ed: day(5), et: "17:00" };
const RENT_TWO_NIGHTS = NIGHTS.nights2;
const DAYS = 3;

function catalogue(): CatalogueInput {
  return {
    classes: [
      { key: "compact", className: "コンパクト" },
      { key: "van", className: "ワゴン" },
    ],
    carTypes: [
      { key: "small", classKey: "compact", typeName: "小型", capacity: 5, displayOrder: 1 },
      { key: "van", classKey: "van", typeName: "ワゴン", capacity: 8, displayOrder: 2 },
      { key: "elsewhere", classKey: "compact", typeName: "別店舗のみ", capacity: 5, displayOrder: 3 },
    ],
    vehicles: [
      { store: 0, typeKey: "small", count: 2 },
      { store: 0, typeKey: "van", count: 1 },
      { store: 1, typeKey: "elsewhere", count: 1 },
    ],
    feePlans: [
      { store: 0, classKey: "compact", ...NIGHTS },
      { store: 0, classKey: "van", ...NIGHTS },
      { store: 1, classKey: "compact", ...NIGHTS },
    ],
    options: [
      { optionName: "Wi-Fi", price: 500, priceUnit: OPTION_PRICE_UNIT.perDay, maxQuantity: 1, displayOrder: 1 },
      { optionName: "ETC", price: 300, priceUnit: OPTION_PRICE_UNIT.perRental, maxQuantity: 1, displayOrder: 2 },
      {
        optionName: "チャイルドシート",
        price: 550,
        priceUnit: OPTION_PRICE_UNIT.perDay,
        maxQuantity: 2,
        mayBeUnavailable: true,
        displayOrder: 3,
      },
      { optionName: "二号店だけ", price: 1000, priceUnit: 1, maxQuantity: 1, stores: [1], displayOrder: 4 },
      { optionName: "ワゴンだけ", price: 700, priceUnit: 1, maxQuantity: 1, classKeys: ["van"], displayOrder: 5 },
    ],
    immunityFees: [
      { classKey: "compact", pricePerDay: 1100, isDefault: true },
      { classKey: "van", pricePerDay: 2000, isDefault: false },
    ],
    reservations: [
      // The only van is out on day +10.
      { store: 0, typeKey: "van", startAt: at(10, "09:00"), endAt: at(10, "19:00"), reserveNo: "Q1" },
    ],
  };
}

const STORE_HOURS = { businessStartTime: "08:00", businessEndTime: "20:00" };

let handle: TestDb;
let siteId: string;
let suspendedSiteId: string;
let storeIds: number[];
let suspendedStoreId: number;
let otherStoreId: number;
let typeIds: Record<string, number>;
let suspendedTypeIds: Record<string, number>;
const cache = createSiteCache({ freshMs: 0 });

beforeAll(async () => {
  handle = await createTestDb();
  const site = await makeSite(handle.owner, {
    stores: [
      { storeName: "本店", ...STORE_HOURS },
      { storeName: "二号店", ...STORE_HOURS },
    ],
    catalogue: catalogue(),
  });
  siteId = site.siteId;
  storeIds = site.storeIds;
  typeIds = site.catalogue?.typeIds ?? {};
  const suspended = await makeSite(handle.owner, {
    settings: { siteTitle: "受付停止中", supportedLanguages: "jp", webReserveAccepting: false },
    stores: [
      { storeName: "本店", ...STORE_HOURS },
      { storeName: "二号店", ...STORE_HOURS },
    ],
    catalogue: catalogue(),
  });
  suspendedSiteId = suspended.siteId;
  suspendedStoreId = suspended.storeIds[0] as number;
  suspendedTypeIds = suspended.catalogue?.typeIds ?? {};
  const other = await makeSite(handle.owner, {
    stores: [
      { storeName: "他社", ...STORE_HOURS },
      { storeName: "他社二号店", ...STORE_HOURS },
    ],
    catalogue: catalogue(),
  });
  otherStoreId = other.storeIds[0] as number;
});
afterAll(() => handle.close());

async function bundleOf(id: string): Promise<SiteBundle> {
  const bundle = await cache.get(handle.forSite(id), id);
  if (!bundle) throw new Error(`site ${id} missing`);
  return bundle;
}

async function optionId(name: string): Promise<number> {
  const option = (await bundleOf(siteId)).catalogue.options.find((o) => o.optionName === name);
  if (!option) throw new Error(`option ${name} missing`);
  return option.id;
}

async function quote(input: Partial<Omit<QuoteInput, "bundle">> & { site?: string } = {}) {
  const { site = siteId, ...rest } = input;
  return quoteReservation(handle.forSite(site), site, {
    bundle: await bundleOf(site),
    storeId: storeIds[0] as number,
    carTypeId: typeIds.small as number,
    search: { si: String(storeIds[0]), ...TWO_NIGHTS },
    options: [],
    withImmunity: null,
    now: NOW,
    ...rest,
  });
}

describe("quoteReservation", () => {
  it("prices the rental with the class's default waiver and lists the store's options for the class", async () => {
    const q = await quote();
    expect(q).not.toBeNull();
    expect(q?.period?.start).toEqual(at(3, "10:00"));
    expect(q?.period?.end).toEqual(at(5, "17:00"));
    expect(q?.blocked).toBeNull();
    expect(q?.rentalDays).toBe(DAYS);
    expect(q?.withImmunity).toBe(true);
    expect(q?.immunityDefault).toBe(true);
    expect(q?.immunityPerDay).toBe(1100);
    expect(q?.fees).toEqual({
      rentCarFee: RENT_TWO_NIGHTS,
      optionFee: 0,
      immunityFee: 1100 * DAYS,
      total: RENT_TWO_NIGHTS + 1100 * DAYS,
    });
    // Store 1's option and the van's option are not offered for a compact at store 0.
    expect(q?.options.map((o) => o.option.optionName)).toEqual(["Wi-Fi", "ETC", "チャイルドシート"]);
    expect(q?.options.every((o) => o.quantity === 0 && o.fee === 0)).toBe(true);
    expect(q?.options.find((o) => o.option.optionName === "チャイルドシート")?.option.mayBeUnavailable).toBe(true);
  });

  it("charges per-day options for each rental day and per-rental options once", async () => {
    const [wifi, etc, seat] = await Promise.all([optionId("Wi-Fi"), optionId("ETC"), optionId("チャイルドシート")]);
    const q = await quote({
      options: [
        { optionId: wifi, quantity: 1 },
        { optionId: etc, quantity: 1 },
        { optionId: seat, quantity: 2 },
      ],
    });
    const fee = (id: number) => q?.options.find((o) => o.option.id === id)?.fee;
    expect(fee(wifi)).toBe(500 * DAYS);
    expect(fee(etc)).toBe(300);
    expect(fee(seat)).toBe(550 * 2 * DAYS);
    const optionFee = 500 * DAYS + 300 + 550 * 2 * DAYS;
    expect(q?.fees).toEqual({
      rentCarFee: RENT_TWO_NIGHTS,
      optionFee,
      immunityFee: 1100 * DAYS,
      total: RENT_TWO_NIGHTS + optionFee + 1100 * DAYS,
    });
  });

  it("clamps quantities to each option's limit and never below 0", async () => {
    const [wifi, seat, etc] = await Promise.all([optionId("Wi-Fi"), optionId("チャイルドシート"), optionId("ETC")]);
    const q = await quote({
      options: [
        { optionId: wifi, quantity: 5 },
        { optionId: seat, quantity: 9 },
        { optionId: etc, quantity: -3 },
      ],
    });
    const quantity = (id: number) => q?.options.find((o) => o.option.id === id)?.quantity;
    expect(quantity(wifi)).toBe(1);
    expect(quantity(seat)).toBe(2);
    expect(quantity(etc)).toBe(0);
    expect(q?.fees?.optionFee).toBe(500 * DAYS + 550 * 2 * DAYS);
  });

  it("ignores unknown options and options the store does not offer for the class", async () => {
    const [storeOne, vanOnly] = await Promise.all([optionId("二号店だけ"), optionId("ワゴンだけ")]);
    const q = await quote({
      options: [
        { optionId: 999_999, quantity: 1 },
        { optionId: storeOne, quantity: 1 },
        { optionId: vanOnly, quantity: 1 },
      ],
    });
    expect(q?.fees?.optionFee).toBe(0);
    expect(q?.options.some((o) => o.quantity > 0)).toBe(false);
    expect(q?.options.map((o) => o.option.id)).not.toContain(999_999);
  });

  it("leaves the waiver out when asked, and follows a class whose default is off", async () => {
    const off = await quote({ withImmunity: false });
    expect(off?.withImmunity).toBe(false);
    expect(off?.fees?.immunityFee).toBe(0);
    expect(off?.fees?.total).toBe(RENT_TWO_NIGHTS);

    const van = await quote({ carTypeId: typeIds.van as number });
    expect(van?.immunityDefault).toBe(false);
    expect(van?.withImmunity).toBe(false);
    expect(van?.fees?.immunityFee).toBe(0);
    expect(van?.options.map((o) => o.option.optionName)).toContain("ワゴンだけ");
    const vanWith = await quote({ carTypeId: typeIds.van as number, withImmunity: true });
    expect(vanWith?.fees?.immunityFee).toBe(2000 * DAYS);
  });

  it("blocks a fully booked type with type_fully_booked, still priced", async () => {
    const q = await quote({
      carTypeId: typeIds.van as number,
      search: { si: String(storeIds[0]), sd: day(10), st: "10:00", ed: day(10), et: "18:00" },
    });
    expect(q?.blocked).toEqual({ code: "type_fully_booked" });
    expect(q?.remaining).toBe(0);
    expect(q?.period).not.toBeNull();
    expect(q?.fees?.rentCarFee).toBe(NIGHTS.sameDay);
  });

  it("blocks with web_reserve_suspended when the site does not take online bookings", async () => {
    const q = await quote({
      site: suspendedSiteId,
      storeId: suspendedStoreId,
      carTypeId: suspendedTypeIds.small as number,
      search: { si: String(suspendedStoreId), ...TWO_NIGHTS },
    });
    expect(q).not.toBeNull();
    expect(q?.blocked).toEqual({ code: "web_reserve_suspended" });
    expect(q?.fees).toBeNull();
  });

  it("has no period, fees or block when the dates cannot be booked", async () => {
    const past = await quote({
      search: { si: String(storeIds[0]), sd: day(-1), st: "10:00", ed: day(1), et: "17:00" },
    });
    expect(past?.period).toBeNull();
    expect(past?.fees).toBeNull();
    expect(past?.errors.sd).toEqual({ code: "departure_in_past" });
  });

  it("answers null for another site's store, an unknown car type, or a type the store does not rent", async () => {
    expect(await quote({ storeId: otherStoreId, search: { si: String(otherStoreId), ...TWO_NIGHTS } })).toBeNull();
    expect(await quote({ carTypeId: 999_999 })).toBeNull();
    expect(await quote({ carTypeId: typeIds.elsewhere as number })).toBeNull();
  });
});
