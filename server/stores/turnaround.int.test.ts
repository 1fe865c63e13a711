import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, reservations, stores, vehicles } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { OWNER } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { StoreSchema, storeFormValues } from "./store.schema";
import { getStore, updateStore } from "./stores";

/**
 * A store's turnaround (issue 24): saving a new one has the trigger compute again when each booking
 * still to be returned frees its car, in the same transaction as the store; a turnaround that makes
 * two bookings of one car overlap, or needs more cars than the store has, refuses the whole save.
 */

let handle: TestDb;
const HOUR = 3_600_000;
const MINUTE = 60_000;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

/** Two stores; at the first, two cars of type "t" and one of type "u". */
async function turnaroundSite(): Promise<CreatedSite & { t: number; u: number; store: number; other: number }> {
  const site = await makeSite(handle.owner, {
    stores: [{ storeName: "本店" }, { storeName: "空港店" }],
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [
        { key: "t", classKey: "c", typeName: "アクア", capacity: 5 },
        { key: "u", classKey: "c", typeName: "ノート", capacity: 5 },
      ],
      vehicles: [
        { store: 0, typeKey: "t", count: 2 },
        { store: 0, typeKey: "u", count: 1 },
        { store: 1, typeKey: "t", count: 1 },
      ],
    },
  });
  const ids = site.catalogue?.typeIds ?? {};
  return {
    ...site,
    t: ids.t as number,
    u: ids.u as number,
    store: site.storeIds[0] as number,
    other: site.storeIds[1] as number,
  };
}

let numbered = 0;
async function book(
  site: CreatedSite,
  storeId: number,
  carTypeId: number,
  startAt: Date,
  endAt: Date,
  extra: Partial<typeof reservations.$inferInsert> = {},
) {
  numbered += 1;
  const [row] = await handle.owner
    .insert(reservations)
    .values({
      siteId: site.siteId,
      reserveNo: `TA-${numbered}`,
      storeId,
      carTypeId,
      startAt,
      endAt,
      status: "confirmed",
      rentalFee: 7000,
      totalFee: 7000,
      ...extra,
    })
    .returning();
  if (!row) throw new Error("no reservation");
  return row;
}

const blockedUntil = async (siteId: string, id: number) =>
  (
    await handle
      .forSite(siteId)
      .select({ at: reservations.blockedUntil })
      .from(reservations)
      .where(eq(reservations.id, id))
  )[0]?.at;

const firstCar = async (site: CreatedSite, storeId: number, carTypeId: number) =>
  (
    await handle
      .forSite(site.siteId)
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.siteId, site.siteId), eq(vehicles.storeId, storeId), eq(vehicles.carTypeId, carTypeId)))
      .orderBy(vehicles.id)
  )[0]?.id as number;

/** The store's form as the page sends it, as stored, with some fields changed. */
async function storeInput(site: CreatedSite, storeId: number, changes: Record<string, string>) {
  const { values, lists } = storeFormValues(await getStore(handle.forSite(site.siteId), site.siteId, OWNER, storeId));
  const parsed = StoreSchema.safeParse({ ...values, ...lists, ...changes });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const storeRow = async (siteId: string, storeId: number) =>
  (await handle.forSite(siteId).select().from(stores).where(eq(stores.id, storeId)))[0];

describe("a store's turnaround", () => {
  it("is refused out of 0-1440 minutes at its field", () => {
    for (const value of ["-1", "1441", "", "1.5"]) {
      const result = StoreSchema.safeParse({ store_name: "x", turnaround_minutes: value });
      expect(result.error?.issues.map((i) => String(i.path[0]))).toContain("turnaround_minutes");
    }
  });

  it("when changed, moves when the store's bookings still to be returned free their cars, and nothing else", async () => {
    const site = await turnaroundSite();
    const start = new Date(Date.now() + 72 * HOUR);
    const end = new Date(start.getTime() + 6 * HOUR);
    const booked = await book(site, site.store, site.t, start, end);
    const inUse = await book(
      site,
      site.store,
      site.u,
      new Date(Date.now() - 2 * HOUR),
      new Date(Date.now() + 4 * HOUR),
      {
        departedAt: new Date(Date.now() - 2 * HOUR),
      },
    );
    const returned = await book(site, site.store, site.t, new Date(Date.now() - 5 * HOUR), end, {
      departedAt: new Date(Date.now() - 5 * HOUR),
      returnedAt: new Date(Date.now() - HOUR),
    });
    const cancelled = await book(site, site.store, site.t, start, end, { status: "cancelled" });
    const elsewhere = await book(site, site.other, site.t, start, end);
    const untouched = await Promise.all([returned, cancelled, elsewhere].map((r) => blockedUntil(site.siteId, r.id)));

    await updateStore(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      site.store,
      await storeInput(site, site.store, { turnaround_minutes: "90" }),
    );
    expect((await storeRow(site.siteId, site.store))?.turnaroundMinutes).toBe(90);
    expect((await blockedUntil(site.siteId, booked.id))?.getTime()).toBe(end.getTime() + 90 * MINUTE);
    expect((await blockedUntil(site.siteId, inUse.id))?.getTime()).toBe(inUse.endAt.getTime() + 90 * MINUTE);
    expect(await Promise.all([returned, cancelled, elsewhere].map((r) => blockedUntil(site.siteId, r.id)))).toEqual(
      untouched,
    );
    const [entry] = await handle
      .forSite(site.siteId)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, site.siteId), eq(auditLog.action, "store.update")));
    expect(entry).toMatchObject({ before: { turnaroundMinutes: 0 }, after: { turnaroundMinutes: 90 } });

    // A shorter one frees the cars sooner.
    await updateStore(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      site.store,
      await storeInput(site, site.store, { turnaround_minutes: "15" }),
    );
    expect((await blockedUntil(site.siteId, booked.id))?.getTime()).toBe(end.getTime() + 15 * MINUTE);
  });

  it("that makes two bookings of one car overlap is refused at its field, and the whole save is undone", async () => {
    const site = await turnaroundSite();
    const car = await firstCar(site, site.store, site.t);
    const start = new Date(Date.now() + 96 * HOUR);
    const first = await book(site, site.store, site.t, start, new Date(start.getTime() + 4 * HOUR), { vehicleId: car });
    // The same car 30 minutes after the first one's return.
    const second = await book(
      site,
      site.store,
      site.t,
      new Date(start.getTime() + 4.5 * HOUR),
      new Date(start.getTime() + 8 * HOUR),
      {
        vehicleId: car,
      },
    );
    const before = await storeRow(site.siteId, site.store);
    const error = await refusal(
      updateStore(
        handle.forSite(site.siteId),
        site.siteId,
        OWNER,
        site.store,
        await storeInput(site, site.store, { turnaround_minutes: "60", tel: "098-999-9999" }),
      ),
    );
    expect(error.status).toBe(422);
    expect(error.details.fieldErrors).toEqual({ turnaround_minutes: { code: "turnaround_conflict" } });
    expect(await storeRow(site.siteId, site.store)).toEqual(before);
    expect((await blockedUntil(site.siteId, first.id))?.getTime()).toBe(start.getTime() + 4 * HOUR);
    expect((await blockedUntil(site.siteId, second.id))?.getTime()).toBe(start.getTime() + 8 * HOUR);
    expect(
      await handle
        .forSite(site.siteId)
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.siteId, site.siteId), eq(auditLog.action, "store.update"))),
    ).toEqual([]);
    // 30 minutes still fits.
    await updateStore(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      site.store,
      await storeInput(site, site.store, { turnaround_minutes: "30" }),
    );
    expect((await blockedUntil(site.siteId, first.id))?.getTime()).toBe(start.getTime() + 4.5 * HOUR);
  });

  it("that needs more cars than the store has is refused the same way", async () => {
    const site = await turnaroundSite();
    const start = new Date(Date.now() + 120 * HOUR);
    // The store's only car of type "u", booked twice with an hour between; neither has its car yet.
    const first = await book(site, site.store, site.u, start, new Date(start.getTime() + 4 * HOUR));
    await book(site, site.store, site.u, new Date(start.getTime() + 5 * HOUR), new Date(start.getTime() + 8 * HOUR));
    const error = await refusal(
      updateStore(
        handle.forSite(site.siteId),
        site.siteId,
        OWNER,
        site.store,
        await storeInput(site, site.store, { turnaround_minutes: "120" }),
      ),
    );
    expect(error.details.fieldErrors).toEqual({ turnaround_minutes: { code: "turnaround_conflict" } });
    expect((await storeRow(site.siteId, site.store))?.turnaroundMinutes).toBe(0);
    expect((await blockedUntil(site.siteId, first.id))?.getTime()).toBe(start.getTime() + 4 * HOUR);
  });

  it("leaves a booking long over but never recorded as returned as it was, so it cannot refuse the change", async () => {
    const site = await turnaroundSite();
    const car = await firstCar(site, site.store, site.t);
    const over = new Date(Date.now() - 48 * HOUR);
    // Booked until two days ago and never marked returned; the same car went out again 30 minutes later.
    const forgotten = await book(site, site.store, site.t, new Date(over.getTime() - 6 * HOUR), over, {
      vehicleId: car,
    });
    const next = await book(
      site,
      site.store,
      site.t,
      new Date(over.getTime() + 30 * MINUTE),
      new Date(Date.now() + 24 * HOUR),
      {
        vehicleId: car,
        departedAt: new Date(over.getTime() + 30 * MINUTE),
      },
    );
    await updateStore(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      site.store,
      await storeInput(site, site.store, { turnaround_minutes: "60" }),
    );
    expect((await blockedUntil(site.siteId, forgotten.id))?.getTime()).toBe(over.getTime());
    expect((await blockedUntil(site.siteId, next.id))?.getTime()).toBe(next.endAt.getTime() + 60 * MINUTE);
  });
});
