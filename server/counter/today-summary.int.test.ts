import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "#common/calendar-date";
import { reservations, vehicles } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, OWNER } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { todayAtStores } from "./today-summary";

let handle: TestDb;
let site: CreatedSite;
const TZ = "Asia/Tokyo";
const TODAY = "2030-03-10";
const YESTERDAY = "2030-03-09";
const TOMORROW = "2030-03-11";
/** Noon in Japan. */
const NOW = zonedInstant(TODAY, "12:00", TZ);
const at = (date: string, time: string) => zonedInstant(date, time, TZ);

let seq = 0;
async function booking(storeId: number, values: Partial<typeof reservations.$inferInsert>) {
  seq += 1;
  await handle.owner.insert(reservations).values({
    siteId: site.siteId,
    reserveNo: `T-${seq}`,
    storeId,
    carTypeId: site.catalogue?.typeIds.t as number,
    startAt: at(TODAY, "10:00"),
    endAt: at(TOMORROW, "10:00"),
    status: "confirmed",
    borrower: { name: `客 ${seq}` },
    ...values,
  });
}

beforeAll(async () => {
  handle = await createTestDb();
  site = await makeSite(handle.owner, {
    stores: [{ storeName: "那覇空港店" }, { storeName: "石垣店" }],
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
      vehicles: [
        { store: 0, typeKey: "t", count: 5 },
        { store: 1, typeKey: "t", count: 1 },
      ],
      feePlans: [],
    },
  });
  const [a, b] = site.storeIds as [number, number];
  const cars = await handle
    .forSite(site.siteId)
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.siteId, site.siteId), eq(vehicles.storeId, a)))
    .orderBy(asc(vehicles.id));
  const [v1, v2, v3, v4, v5] = cars.map((c) => c.id);
  // One car is off the road: never counted as available.
  await handle.owner
    .update(vehicles)
    .set({ inService: false })
    .where(eq(vehicles.id, v5 as number));
  // Store A: two departures today (one with no car yet), a return due today still out, one due
  // yesterday still out (overdue), one due today already back, and a cancelled departure.
  await booking(a, {});
  await booking(a, { startAt: at(TODAY, "14:00"), endAt: at(TOMORROW, "14:00"), vehicleId: v1 });
  await booking(a, {
    startAt: at(YESTERDAY, "10:00"),
    endAt: at(TODAY, "17:00"),
    vehicleId: v2,
    departedAt: at(YESTERDAY, "10:05"),
  });
  await booking(a, {
    startAt: at("2030-03-08", "10:00"),
    endAt: at(YESTERDAY, "17:00"),
    vehicleId: v3,
    departedAt: at("2030-03-08", "10:00"),
  });
  await booking(a, {
    startAt: at(YESTERDAY, "09:00"),
    endAt: at(TODAY, "10:00"),
    vehicleId: v4,
    departedAt: at(YESTERDAY, "09:00"),
    returnedAt: at(TODAY, "09:30"),
  });
  await booking(a, { status: "cancelled", cancelledAt: at(YESTERDAY, "08:00") });
  // Store B: one departure with no car.
  await booking(b, {});
});
afterAll(() => handle.close());

describe("the home page's numbers per store (issue 41)", () => {
  it("counts today's departures, returns, overdue returns, bookings with no car, cars out and available", async () => {
    const days = await todayAtStores(handle.forSite(site.siteId), site.siteId, OWNER, TODAY, NOW);
    expect(days.map(({ store, ...counts }) => ({ store: store.name, ...counts }))).toEqual([
      { store: "那覇空港店", departures: 2, returns: 2, overdue: 1, noCar: 1, out: 2, available: 2 },
      { store: "石垣店", departures: 1, returns: 0, overdue: 0, noCar: 1, out: 0, available: 1 },
    ]);
  });

  it("a return due today turns overdue once its time has passed", async () => {
    const evening = zonedInstant(TODAY, "18:00", TZ);
    const [a] = await todayAtStores(handle.forSite(site.siteId), site.siteId, OWNER, TODAY, evening);
    expect(a?.overdue).toBe(2);
  });

  it("store staff see their own store's numbers only", async () => {
    const b = site.storeIds[1] as number;
    const days = await todayAtStores(handle.forSite(site.siteId), site.siteId, actorAs("store_staff", [b]), TODAY, NOW);
    expect(days.map((d) => d.store.id)).toEqual([b]);
  });
});
