import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDate, localTime } from "#common/calendar-date";
import { type CancellationDeps, cancelAtCounter } from "#server/counter/cancellation";
import { AssignSchema, DepartureSchema, StaffCancelSchema } from "#server/counter/counter.schema";
import { assignVehicle, recordDeparture } from "#server/counter/rental";
import { recordReturn } from "#server/counter/return";
import { ReturnSchema } from "#server/counter/return.schema";
import { reservations, vehicles } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { createMailer } from "#server/mail/mailer";
import { PaymentSimulator } from "#server/payments";
import { loadSiteBundle } from "#server/sites/site-bundle";
import { makeSite } from "#tests/fixtures/sites";
import { OWNER, parsed } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { cancelReservation } from "./cancel";

/**
 * A booking's revision (issue 42): raised by one with every change of it, in the statement that
 * makes the change (the trigger `reservations_revision` of 0025), whichever path writes it; the
 * payment's progress alone is no revision. Through the app role (row-level security forced).
 */

let handle: TestDb;
const TZ = "Asia/Tokyo";
const HOUR = 3_600_000;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

async function site() {
  const made = await makeSite(handle.owner, {
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 2 }],
      feePlans: [
        {
          store: 0,
          classKey: "c",
          mode: 1,
          effectiveFrom: "2020-01-01",
          upTo3h: 3000,
          upTo6h: 4000,
          upTo12h: 5500,
          upTo24h: 7000,
          extraHour: 1000,
          extraDay: 6000,
        },
      ],
    },
  });
  return { ...made, t: made.catalogue?.typeIds.t as number, store: made.storeIds[0] as number };
}

let numbered = 0;
async function book(s: CreatedSite & { t: number; store: number }, startAt: Date, extra = {}) {
  numbered += 1;
  const [row] = await handle.owner
    .insert(reservations)
    .values({
      siteId: s.siteId,
      reserveNo: `R-${numbered}`,
      storeId: s.store,
      carTypeId: s.t,
      startAt,
      endAt: new Date(startAt.getTime() + 24 * HOUR),
      status: "confirmed",
      rentalFee: 7000,
      totalFee: 7000,
      locale: "ja",
      borrower: { name: "山田 花子", email: "hanako@example.com", tel: "09000000000" },
      ...extra,
    })
    .returning();
  if (!row) throw new Error("no reservation");
  return row;
}

const revisionOf = async (siteId: string, id: number) =>
  (
    await handle
      .forSite(siteId)
      .select({ revision: reservations.revision })
      .from(reservations)
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, id)))
  )[0]?.revision;

const stamp = (at: Date) => ({ date: localDate(at, TZ), time: localTime(at, TZ) });
const CHECKS = Object.fromEntries(
  ["tires", "lights", "brakes", "wipers", "engine", "fluids", "mats", "others"].map((k) => [`check_${k}`, "ok"]),
);
const mailer = createMailer({ MAIL_TRANSPORT: "outbox" } as never);

describe("a booking's revision", () => {
  it("rises with the car's assignment, its removal, the departure and the return; not when nothing changes", async () => {
    const s = await site();
    const db = handle.forSite(s.siteId);
    const start = new Date(Math.floor(Date.now() / HOUR) * HOUR - 30 * HOUR);
    const r = await book(s, start);
    const [car] = await db.select().from(vehicles).where(eq(vehicles.siteId, s.siteId)).orderBy(vehicles.id);
    const assign = (id: number | null) =>
      assignVehicle(
        db,
        s.siteId,
        OWNER,
        r.reserveNo,
        parsed(AssignSchema, { vehicle_id: id === null ? "" : String(id) }),
      );
    expect(await revisionOf(s.siteId, r.id)).toBe(0);
    await assign(car?.id as number);
    expect(await revisionOf(s.siteId, r.id)).toBe(1);
    await assign(car?.id as number); // the same car again: nothing written
    expect(await revisionOf(s.siteId, r.id)).toBe(1);
    await assign(null);
    expect(await revisionOf(s.siteId, r.id)).toBe(2);
    await assign(car?.id as number);
    expect(await revisionOf(s.siteId, r.id)).toBe(3);
    const out = stamp(start);
    await recordDeparture(
      db,
      s.siteId,
      OWNER,
      r.reserveNo,
      parsed(DepartureSchema, {
        vehicle_id: String(car?.id),
        departed_date: out.date,
        departed_time: out.time,
        mileage_km: "12000",
        fuel: "8",
        notes: "",
        ...CHECKS,
      }),
    );
    expect(await revisionOf(s.siteId, r.id)).toBe(4);
    const back = stamp(r.endAt);
    const bundle = await loadSiteBundle(db, s.siteId);
    if (!bundle) throw new Error("no bundle");
    await recordReturn(
      db,
      s.siteId,
      {
        actor: OWNER,
        reserveNo: r.reserveNo,
        form: parsed(ReturnSchema, {
          returned_date: back.date,
          returned_time: back.time,
          mileage_km: "12100",
          fuel: "8",
          notes: "",
          shown_total: "0",
          ...CHECKS,
        }),
      },
      { bundle, payments: new PaymentSimulator(), now: new Date() },
    );
    expect(await revisionOf(s.siteId, r.id)).toBe(5);
  });

  it("rises with a cancellation at the counter and with the site's cancellation, in the same statement", async () => {
    const s = await site();
    const db = handle.forSite(s.siteId);
    const deps: CancellationDeps = {
      payments: new PaymentSimulator(),
      mailer,
      mails: () => ({ borrower: null, store: null }),
    };
    const atCounter = await book(s, new Date(Date.now() + 72 * HOUR));
    await cancelAtCounter(db, s.siteId, OWNER, atCounter.reserveNo, parsed(StaffCancelSchema, { fee: "0" }), deps);
    expect(await revisionOf(s.siteId, atCounter.id)).toBe(1);
    const online = await book(s, new Date(Date.now() + 96 * HOUR));
    expect(await cancelReservation(db, s.siteId, online.id, { payments: deps.payments })).toBe("cancelled");
    expect(await revisionOf(s.siteId, online.id)).toBe(1);
    // Once: a second cancellation writes nothing.
    expect(await cancelReservation(db, s.siteId, online.id, { payments: deps.payments })).not.toBe("cancelled");
    expect(await revisionOf(s.siteId, online.id)).toBe(1);
  });

  it("rises when a hold lapses and when what was booked changes; not with the payment's progress alone", async () => {
    const s = await site();
    const db = handle.forSite(s.siteId);
    const where = (id: number) => and(eq(reservations.siteId, s.siteId), eq(reservations.id, id));
    const card = await book(s, new Date(Date.now() + 72 * HOUR), { payMethod: 1, paymentStatus: "pending" });
    await db.update(reservations).set({ paymentStatus: "paid", paymentId: "pi_1" }).where(where(card.id));
    expect(await revisionOf(s.siteId, card.id)).toBe(0);
    await db.update(reservations).set({ remarks: "チャイルドシート" }).where(where(card.id));
    expect(await revisionOf(s.siteId, card.id)).toBe(1);
    await db
      .update(reservations)
      .set({ endAt: new Date(card.endAt.getTime() + HOUR) })
      .where(where(card.id));
    expect(await revisionOf(s.siteId, card.id)).toBe(2);
    const held = await book(s, new Date(Date.now() + 96 * HOUR), {
      status: "held",
      holdExpiresAt: new Date(Date.now() + 600_000),
    });
    await db.update(reservations).set({ status: "expired", holdExpiresAt: null }).where(where(held.id));
    expect(await revisionOf(s.siteId, held.id)).toBe(1);
    // A write that sets the revision itself (the counter's change, checked against what it read) is left as written.
    await db.update(reservations).set({ totalFee: 8000, revision: 7 }).where(where(card.id));
    expect(await revisionOf(s.siteId, card.id)).toBe(7);
  });
});
