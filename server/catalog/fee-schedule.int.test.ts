import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, zonedInstant } from "#common/calendar-date";
import type { FeeRow } from "#server/pricing/fee-table";
import { quoteReservation } from "#server/reservations/quote";
import { createSiteCache } from "#server/sites/site-cache";
import { NIGHTS } from "#tests/fixtures/fee-plans";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { feeSchedule } from "./fee-schedule";

/**
 * One price for one car (issue 40, item 5): the price list's figure for a length is what the
 * booking's quote charges for the same store, class and length, in every fee mode.
 */
const TZ = "Asia/Tokyo";
const TODAY = "2026-12-01";
const NOW = zonedInstant(TODAY, "09:00", TZ);
const SD = addDays(TODAY, 3);

const HOURS = {
  mode: 1,
  effectiveFrom: "2026-01-01",
  upTo3h: 4400,
  upTo6h: 5500,
  upTo12h: 6600,
  upTo24h: 7700,
  extraHour: 1100,
  extraDay: 6600,
};
const MONTHLY = { mode: 3, effectiveFrom: "2026-01-01", month: 99000, extraDay: 3300 };
// A later nights plan for the hours class at the second store: the list follows the store's plan.
const OTHER_STORE = { ...NIGHTS, sameDay: 6600, nights1: 10340 };

let handle: TestDb;
let siteId: string;
let storeIds: number[];
let typeIds: Record<string, number>;
const cache = createSiteCache({ freshMs: 0 });

beforeAll(async () => {
  handle = await createTestDb();
  const site = await makeSite(handle.owner, {
    stores: [
      { storeName: "本店", businessStartTime: "08:00", businessEndTime: "20:00" },
      { storeName: "二号店", businessStartTime: "08:00", businessEndTime: "20:00" },
    ],
    catalogue: {
      classes: [
        { key: "hours", className: "時間制", displayOrder: 1 },
        { key: "nights", className: "泊数制", displayOrder: 2 },
        { key: "monthly", className: "月極", displayOrder: 3 },
      ],
      carTypes: [
        { key: "h", classKey: "hours", typeName: "時間の車", capacity: 5 },
        { key: "n", classKey: "nights", typeName: "泊の車", capacity: 5 },
        { key: "m", classKey: "monthly", typeName: "月の車", capacity: 5 },
      ],
      vehicles: [
        { store: 0, typeKey: "h", count: 1 },
        { store: 0, typeKey: "n", count: 1 },
        { store: 0, typeKey: "m", count: 1 },
        { store: 1, typeKey: "h", count: 1 },
      ],
      feePlans: [
        { store: 0, classKey: "hours", ...HOURS },
        { store: 0, classKey: "nights", ...NIGHTS },
        { store: 0, classKey: "monthly", ...MONTHLY },
        { store: 1, classKey: "hours", ...OTHER_STORE },
      ],
    },
  });
  siteId = site.siteId;
  storeIds = site.storeIds;
  typeIds = site.catalogue?.typeIds ?? {};
});
afterAll(() => handle.close());

async function bundle() {
  const b = await cache.get(handle.forSite(siteId), siteId);
  if (!b) throw new Error("site missing");
  return b;
}

/** The price list's figure for a tier of a class at a store. */
async function listed(store: number, className: string, tier: FeeRow["tier"], n?: number) {
  const schedule = feeSchedule(await bundle(), storeIds[store] as number, NOW);
  const table = schedule.classes.find((c) => c.carClass.className === className)?.tables[0];
  const row = table?.rows.find((r) => r.tier === tier && r.n === n);
  expect(row, `${className} ${tier}${n ?? ""} at store ${store}`).toBeTruthy();
  return { mode: table?.mode, price: row?.price };
}

/** What booking that class's car at the store for the period is quoted, rent only. */
async function quoted(store: number, typeKey: string, period: { st: string; nights: number; et: string }) {
  const storeId = storeIds[store] as number;
  const q = await quoteReservation(handle.forSite(siteId), siteId, {
    bundle: await bundle(),
    storeId,
    carTypeId: typeIds[typeKey] as number,
    search: { si: String(storeId), sd: SD, st: period.st, ed: addDays(SD, period.nights), et: period.et },
    options: [],
    withImmunity: false,
    now: NOW,
  });
  expect(q?.errors).toEqual({});
  expect(q?.blocked).toBeNull();
  return q?.fees?.rentCarFee;
}

describe("the price list and the quote", () => {
  it.each([
    ["3 hours", "upTo", 3, { st: "10:00", nights: 0, et: "13:00" }],
    ["6 hours", "upTo", 6, { st: "10:00", nights: 0, et: "16:00" }],
    ["24 hours", "upTo", 24, { st: "10:00", nights: 1, et: "10:00" }],
  ] as const)("agree in hours mode: %s", async (_, tier, n, period) => {
    const list = await listed(0, "時間制", tier, n);
    expect(list.mode).toBe(1);
    expect(await quoted(0, "h", period)).toBe(list.price);
  });

  it.each([
    ["the same day", "sameDay", undefined, { st: "10:00", nights: 0, et: "17:00" }],
    ["one night", "nights", 1, { st: "10:00", nights: 1, et: "17:00" }],
    ["two nights", "nights", 2, { st: "10:00", nights: 2, et: "17:00" }],
    ["14 nights", "nights14", undefined, { st: "10:00", nights: 14, et: "17:00" }],
    ["a month (29 nights)", "month", undefined, { st: "10:00", nights: 29, et: "17:00" }],
  ] as const)("agree in nights mode: %s", async (_, tier, n, period) => {
    const list = await listed(0, "泊数制", tier, n);
    expect(list.mode).toBe(2);
    expect(await quoted(0, "n", period)).toBe(list.price);
  });

  it("agree in monthly mode: a month (29 nights)", async () => {
    const list = await listed(0, "月極", "month");
    expect(list.mode).toBe(3);
    expect(list.price).toBe(MONTHLY.month);
    expect(await quoted(0, "m", { st: "10:00", nights: 29, et: "17:00" })).toBe(list.price);
  });

  it("follow each store's own plan: the same class by nights at another store", async () => {
    const sameDay = await listed(1, "時間制", "sameDay");
    expect(sameDay).toEqual({ mode: 2, price: 6600 });
    expect(await quoted(1, "h", { st: "10:00", nights: 0, et: "17:00" })).toBe(6600);
    const oneNight = await listed(1, "時間制", "nights", 1);
    expect(oneNight.price).toBe(10340);
    expect(await quoted(1, "h", { st: "10:00", nights: 1, et: "17:00" })).toBe(10340);
  });

  it("list only the tiers of the plan's mode, the per-unit rates last", async () => {
    const schedule = feeSchedule(await bundle(), storeIds[0] as number, NOW);
    const tiers = (name: string) =>
      schedule.classes.find((c) => c.carClass.className === name)?.tables[0]?.rows.map((r) => `${r.tier}${r.n ?? ""}`);
    expect(tiers("時間制")).toEqual(["upTo3", "upTo6", "upTo12", "upTo24", "extraHour", "extraDay"]);
    expect(tiers("月極")).toEqual(["month", "extraDay"]);
  });
});
