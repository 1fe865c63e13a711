import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, localDate, localTime, zonedInstant } from "#common/calendar-date";
import {
  auditLog,
  mailOutbox,
  reservationPayments,
  reservations,
  siteSettings,
  stores,
  vehicles,
} from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { AppError } from "#server/errors";
import { createMailer } from "#server/mail/mailer";
import { PaymentSimulator } from "#server/payments";
import { isFullyBooked } from "#server/reservations/booking";
import { findByLink } from "#server/reservations/booking-links";
import { settlePayment } from "#server/reservations/card-settlement";
import { completePayLink, payByLink, payLinkFor, payLinkState } from "#server/reservations/pay-link";
import { reservationSearchText } from "#server/search/search-text";
import { loadSiteBundle } from "#server/sites/site-bundle";
import { firstPaymentInLedger } from "#tests/fixtures/card-booking";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, OWNER, parsed, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb, usingPostgres } from "#tests/setup/test-db";
import { dayAtStores, dispatchBoard } from "./boards";
import { type CancellationDeps, cancelAtCounter, proposedFee } from "./cancellation";
import { type ChangeDeps, changeBooking } from "./change";
import { AssignSchema, ChangeSchema, DepartureSchema, StaffCancelSchema } from "./counter.schema";
import { cancelByCustomer, customerCancelTerms, guestCancelLink } from "./customer-cancel";
import { assignVehicle, recordDeparture } from "./rental";
import { getReservationDetail, searchReservations } from "./reservations";
import { recordReturn } from "./return";
import { ReturnSchema } from "./return.schema";

let handle: TestDb;
const TZ = "Asia/Tokyo";
const HOUR = 3_600_000;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

/** Hours plan of docs/pricing.md: 24 h 7,000, extra hour 1,000, extra day 6,000. */
const HOURS_PLAN = {
  mode: 1,
  effectiveFrom: "2020-01-01",
  upTo3h: 3000,
  upTo6h: 4000,
  upTo12h: 5500,
  upTo24h: 7000,
  extraHour: 1000,
  extraDay: 6000,
};

/** The sites this file made, for the audit log test at its end. */
const madeSites: string[] = [];

/** One store with two cars of type "t", one of type "u", an hours plan and a waiver of 1,100 a day. */
async function counterSite(): Promise<CreatedSite & { t: number; u: number; store: number }> {
  const site = await makeSite(handle.owner, {
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [
        { key: "t", classKey: "c", typeName: "アクア", capacity: 5 },
        { key: "u", classKey: "c", typeName: "ノート", capacity: 5 },
      ],
      vehicles: [
        { store: 0, typeKey: "t", count: 2 },
        { store: 0, typeKey: "u", count: 1 },
      ],
      feePlans: [{ store: 0, classKey: "c", ...HOURS_PLAN }],
      immunityFees: [{ classKey: "c", pricePerDay: 1100 }],
    },
  });
  const ids = site.catalogue?.typeIds ?? {};
  madeSites.push(site.siteId);
  return { ...site, t: ids.t as number, u: ids.u as number, store: site.storeIds[0] as number };
}

let numbered = 0;
async function book(
  site: CreatedSite & { store: number },
  carTypeId: number,
  startAt: Date,
  endAt: Date,
  extra: Partial<typeof reservations.$inferInsert> = {},
) {
  numbered += 1;
  const values = {
    siteId: site.siteId,
    reserveNo: `C-${numbered}`,
    storeId: site.store,
    carTypeId,
    startAt,
    endAt,
    status: "confirmed" as const,
    rentalFee: 7000,
    totalFee: 7000,
    locale: "ko",
    borrower: { name: "김 민준", email: "minjun@example.com", tel: "+821012345678" },
    ...extra,
  };
  // Written as the booking's submit writes it (decision 051).
  const searchText = reservationSearchText(values.reserveNo, values.borrower, values.driver);
  const [row] = await handle.owner
    .insert(reservations)
    .values({ ...values, searchText })
    .returning();
  if (!row) throw new Error("no reservation");
  return row;
}

const carsOf = (site: CreatedSite, carTypeId: number) =>
  handle
    .forSite(site.siteId)
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.siteId, site.siteId), eq(vehicles.carTypeId, carTypeId)))
    .orderBy(vehicles.id);

const stamp = (at: Date) => ({ date: localDate(at, TZ), time: localTime(at, TZ) });

function departure(vehicleId: number, at: Date, km: number) {
  const { date, time } = stamp(at);
  return parsed(DepartureSchema, {
    vehicle_id: String(vehicleId),
    departed_date: date,
    departed_time: time,
    mileage_km: String(km),
    fuel: "8",
    check_tires: "ok",
    check_lights: "ok",
    check_brakes: "ok",
    check_wipers: "ok",
    check_engine: "ok",
    check_fluids: "ok",
    check_mats: "ng",
    check_others: "ok",
    notes: "フロアマット汚れ",
  });
}

function returned(at: Date, km: number, extra: Record<string, string> = {}) {
  const { date, time } = stamp(at);
  return parsed(ReturnSchema, {
    returned_date: date,
    returned_time: time,
    mileage_km: String(km),
    fuel: "6",
    check_tires: "ok",
    check_lights: "ok",
    check_brakes: "ok",
    check_wipers: "ok",
    check_engine: "ok",
    check_fluids: "ok",
    check_mats: "ok",
    check_others: "ok",
    notes: "",
    ...extra,
  });
}

describe("a rental at the counter", () => {
  it("gives a car, records the departure and a late return charged by the booking's plan; the car's meter follows", async () => {
    const site = await counterSite();
    const [car] = await carsOf(site, site.t);
    // Departed 30 hours ago for 24 hours: back an hour late, 5 hours ago.
    const start = new Date(Math.floor(Date.now() / HOUR) * HOUR - 30 * HOUR);
    const r = await book(site, site.t, start, new Date(start.getTime() + 24 * HOUR), { immunityFee: 1100 });
    await assignVehicle(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      r.reserveNo,
      parsed(AssignSchema, { vehicle_id: String(car?.id) }),
    );
    await recordDeparture(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      r.reserveNo,
      departure(car?.id as number, start, 12_000),
    );
    const bundle = await loadSiteBundle(handle.forSite(site.siteId), site.siteId);
    if (!bundle) throw new Error("no bundle");
    // One hour late (past the 30-minute grace): the extra hour (1,000) and, since it starts a second
    // 24 hours, a day of waiver; F out and 6/8 back: 2/8 of a 40-litre tank, 10 litres at 200.
    const outcome = await recordReturn(
      handle.forSite(site.siteId),
      site.siteId,
      {
        actor: OWNER,
        reserveNo: r.reserveNo,
        form: returned(new Date(r.endAt.getTime() + HOUR), 12_180, { shown_total: "4100" }),
      },
      { bundle, payments: new PaymentSimulator(), now: new Date() },
    );
    expect(outcome.extras).toEqual([
      { kind: "late", label: "1", amount: 2100 },
      { kind: "fuel", label: "10", amount: 2000 },
    ]);
    expect(outcome.extraFee).toBe(4100);
    const detail = await getReservationDetail(handle.forSite(site.siteId), site.siteId, OWNER, r.reserveNo);
    expect(detail.stage).toBe("returned");
    expect(detail.reservation).toMatchObject({
      departureMileage: 12_000,
      returnMileage: 12_180,
      departureFuel: 8,
      returnFuel: 6,
      departureNotes: "フロアマット汚れ",
      extraFee: 4100,
    });
    expect(detail.reservation.departureCheck).toMatchObject({ mats: "ng", tires: "ok" });
    expect(detail.vehicle?.mileageKm).toBe(12_180);
    expect(detail.audit.map((a) => a.action)).toEqual([
      "reservation.assign",
      "reservation.depart",
      "reservation.return",
      "reservation.return.settle",
    ]);
  });

  it("refuses what does not fit the booking: another type's car, a meter that goes back, a return before the departure", async () => {
    const site = await counterSite();
    const [car] = await carsOf(site, site.t);
    const [other] = await carsOf(site, site.u);
    const start = new Date(Date.now() + 72 * HOUR);
    const r = await book(site, site.t, start, new Date(start.getTime() + 6 * HOUR));
    const wrong = await refusal(
      assignVehicle(
        handle.forSite(site.siteId),
        site.siteId,
        OWNER,
        r.reserveNo,
        parsed(AssignSchema, { vehicle_id: String(other?.id) }),
      ),
    );
    expect(wrong.details.fieldErrors?.vehicle_id?.code).toBe("vehicle_not_for_booking");
    await handle.owner
      .update(vehicles)
      .set({ mileageKm: 30_000 })
      .where(eq(vehicles.id, car?.id as number));
    const back = await refusal(
      recordDeparture(
        handle.forSite(site.siteId),
        site.siteId,
        OWNER,
        r.reserveNo,
        departure(car?.id as number, start, 29_999),
      ),
    );
    expect(back.details.fieldErrors?.mileage_km).toEqual({ code: "mileage_below", params: { km: 30_000 } });
    const early = await refusal(
      recordDeparture(
        handle.forSite(site.siteId),
        site.siteId,
        OWNER,
        r.reserveNo,
        departure(car?.id as number, new Date(start.getTime() - 25 * HOUR), 30_000),
      ),
    );
    expect(early.details.fieldErrors?.departed_date?.code).toBe("time_out_of_range");
    await recordDeparture(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      r.reserveNo,
      departure(car?.id as number, start, 30_000),
    );
    const bundle = await loadSiteBundle(handle.forSite(site.siteId), site.siteId);
    if (!bundle) throw new Error("no bundle");
    const before = await refusal(
      recordReturn(
        handle.forSite(site.siteId),
        site.siteId,
        { actor: OWNER, reserveNo: r.reserveNo, form: returned(start, 30_010) },
        { bundle, payments: new PaymentSimulator(), now: new Date() },
      ),
    );
    expect(before.details.fieldErrors?.returned_date?.code).toBe("return_before_departure");
    // A second departure of the same booking is refused by its stage.
    const again = await refusal(
      recordDeparture(
        handle.forSite(site.siteId),
        site.siteId,
        OWNER,
        r.reserveNo,
        departure(car?.id as number, start, 30_000),
      ),
    );
    expect(again.details.reason).toEqual({ code: "reservation_stage", params: { stage: "in_use" } });
  });

  it("never gives one car to two overlapping bookings, turnaround included; store staff work at their stores only", async () => {
    const site = await counterSite();
    await handle.owner.update(stores).set({ turnaroundMinutes: 60 }).where(eq(stores.id, site.store));
    const [car] = await carsOf(site, site.t);
    const start = new Date(Date.now() + 96 * HOUR);
    const first = await book(site, site.t, start, new Date(start.getTime() + 6 * HOUR));
    // Starts 30 minutes after the first one's return: within its hour of turnaround.
    const second = await book(
      site,
      site.t,
      new Date(start.getTime() + 6.5 * HOUR),
      new Date(start.getTime() + 10 * HOUR),
    );
    expect(second.blockedUntil?.getTime()).toBe(start.getTime() + 11 * HOUR);
    const give = (reserveNo: string) =>
      assignVehicle(
        handle.forSite(site.siteId),
        site.siteId,
        OWNER,
        reserveNo,
        parsed(AssignSchema, { vehicle_id: String(car?.id) }),
      );
    await give(first.reserveNo);
    const taken = await refusal(give(second.reserveNo));
    expect(taken.details.reason).toEqual({
      code: "vehicle_taken",
      params: { reserveNo: first.reserveNo, vehicle: car?.registrationNumber },
    });
    const other = actorAs("store_staff", [site.store + 1000]);
    expect(
      (
        await refusal(
          assignVehicle(handle.forSite(site.siteId), site.siteId, other, second.reserveNo, { vehicle_id: null }),
        )
      ).code,
    ).toBe("not_found");
    expect(
      (
        await refusal(
          assignVehicle(handle.forSite(site.siteId), site.siteId, READ_ONLY, first.reserveNo, { vehicle_id: null }),
        )
      ).code,
    ).toBe("forbidden");
  });

  it("counts the turnaround in availability and in the capacity trigger", async () => {
    const site = await counterSite();
    await handle.owner.update(stores).set({ turnaroundMinutes: 90 }).where(eq(stores.id, site.store));
    const start = new Date(Date.now() + 120 * HOUR);
    // The only car of type "u" returns at start + 4h; the next booking at start + 5h is within 90 minutes.
    await book(site, site.u, start, new Date(start.getTime() + 4 * HOUR));
    const tooSoon = book(site, site.u, new Date(start.getTime() + 5 * HOUR), new Date(start.getTime() + 8 * HOUR));
    await expect(tooSoon).rejects.toSatisfy(isFullyBooked);
    await book(site, site.u, new Date(start.getTime() + 5.5 * HOUR), new Date(start.getTime() + 8 * HOUR));
  });
});

describe("cancelling at the counter", () => {
  const mailer = createMailer({ MAIL_TRANSPORT: "outbox" });
  const mails: CancellationDeps["mails"] = (r, outcome) => ({
    borrower: {
      to: r.borrower?.email ?? "",
      subject: `취소 ${r.reserveNo}`,
      text: `fee ${outcome.fee} refund ${outcome.refund}`,
    },
    store: null,
  });

  it("keeps the schedule's fee, refunds the rest of the card payment once, mails the customer once, and frees the car", async () => {
    const site = await counterSite();
    await handle.owner
      .update(siteSettings)
      .set({
        cancellationFees: [
          { daysBefore: 3, percent: 50 },
          { daysBefore: 0, percent: 100 },
        ],
      })
      .where(eq(siteSettings.siteId, site.siteId));
    const payments = new PaymentSimulator();
    const paid = await payments.authorize({
      amount: 30_000,
      idempotencyKey: `booking-${site.siteId}-x`,
      source: { card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", holder: "MINJUN KIM" } },
    });
    const start = new Date(Date.now() + 50 * HOUR);
    const r = await book(site, site.u, start, new Date(start.getTime() + 24 * HOUR), {
      totalFee: 30_000,
      payMethod: 1,
      paymentId: paid.paymentId,
      paymentStatus: "paid",
    });
    await firstPaymentInLedger(handle.owner, site.siteId, r, paid.paymentId);
    const fee = await proposedFee(handle.forSite(site.siteId), site.siteId, r, new Date());
    expect(fee.percent).toBe(50);
    const deps = { payments, mailer, mails };
    const input = parsed(StaffCancelSchema, { fee: String(fee.fee), note: "電話で取消" });
    const outcome = await cancelAtCounter(handle.forSite(site.siteId), site.siteId, OWNER, r.reserveNo, input, deps);
    expect(outcome).toEqual({ fee: 15_000, refund: 15_000, refundPending: 0 });
    // A retry (a double click, a reload) changes nothing and refunds nothing twice.
    expect(await cancelAtCounter(handle.forSite(site.siteId), site.siteId, OWNER, r.reserveNo, input, deps)).toEqual(
      outcome,
    );
    expect(payments.log.filter((e) => e.op === "refund").map((e) => e.amount)).toEqual([15_000]);
    const ledger = await handle
      .forSite(site.siteId)
      .select()
      .from(reservationPayments)
      .where(eq(reservationPayments.reservationId, r.id));
    // The refund's attempt, written with the cancellation, then its outcome.
    expect(ledger.filter((e) => e.kind === "refund")).toMatchObject([
      { entry: "attempt", amount: 15_000, status: "attempted" },
      { entry: "outcome", amount: 15_000, status: "succeeded" },
    ]);
    const sent = await handle.forSite(site.siteId).select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id));
    expect(sent.map((m) => [m.kind, m.locale])).toEqual([["reservation_cancelled", "ko"]]);
    const [row] = await handle.forSite(site.siteId).select().from(reservations).where(eq(reservations.id, r.id));
    expect(row).toMatchObject({ status: "cancelled", cancellationFee: 15_000, paymentStatus: "paid" });
    // The only car of its type is free again for the same period.
    await book(site, site.u, start, new Date(start.getTime() + 24 * HOUR));
  });

  it("refuses a fee above the total, a booking already handed over, and a read-only account", async () => {
    const site = await counterSite();
    const [car] = await carsOf(site, site.t);
    const start = new Date(Date.now() + 30 * HOUR);
    const r = await book(site, site.t, start, new Date(start.getTime() + 5 * HOUR));
    const deps = { payments: new PaymentSimulator(), mailer, mails };
    const tooHigh = await refusal(
      cancelAtCounter(
        handle.forSite(site.siteId),
        site.siteId,
        OWNER,
        r.reserveNo,
        parsed(StaffCancelSchema, { fee: "7001" }),
        deps,
      ),
    );
    expect(tooHigh.details.fieldErrors?.fee).toEqual({ code: "cancel_fee_too_high", params: { max: 7000 } });
    const none = parsed(StaffCancelSchema, { fee: "0" });
    expect(
      (await refusal(cancelAtCounter(handle.forSite(site.siteId), site.siteId, READ_ONLY, r.reserveNo, none, deps)))
        .code,
    ).toBe("forbidden");
    await recordDeparture(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      r.reserveNo,
      departure(car?.id as number, start, car?.mileageKm ?? 0),
    );
    const handedOver = await refusal(
      cancelAtCounter(handle.forSite(site.siteId), site.siteId, OWNER, r.reserveNo, none, deps),
    );
    expect(handedOver.details.reason).toEqual({ code: "reservation_stage", params: { stage: "in_use" } });
  });
});

describe("changing a booking", () => {
  const mailer = createMailer({ MAIL_TRANSPORT: "outbox" });
  const mails: ChangeDeps["mails"] = (r, { difference }) => ({
    borrower: { to: r.borrower?.email ?? "", subject: `변경 ${r.reserveNo}`, text: `difference ${difference}` },
    store: null,
  });
  /** 10:00 at the store (its opening) some days ahead, so no lead time or business hours get in the way. */
  const opening = (days: number) => zonedInstant(addDays(localDate(new Date(), TZ), days), "10:00", TZ);
  const form = (
    r: { revision: number },
    storeId: number,
    carTypeId: number,
    start: Date,
    end: Date,
    total: number | null,
  ) => ({
    ...parsed(ChangeSchema, {
      store_id: String(storeId),
      car_type_id: String(carTypeId),
      start_date: stamp(start).date,
      start_time: stamp(start).time,
      end_date: stamp(end).date,
      end_time: stamp(end).time,
      revision: String(r.revision),
      shown_total: total === null ? "" : String(total),
    }),
    options: [],
  });

  it("reprices a longer rental, charges the difference to the card once, mails the customer once; a shorter one refunds", async () => {
    const site = await counterSite();
    const bundle = await loadSiteBundle(handle.forSite(site.siteId), site.siteId);
    if (!bundle) throw new Error("no bundle");
    const payments = new PaymentSimulator();
    const paid = await payments.authorize({
      amount: 7000,
      idempotencyKey: `booking-${site.siteId}-change`,
      source: { card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", holder: "MINJUN KIM" } },
    });
    const start = opening(3);
    const r = await book(site, site.t, start, new Date(start.getTime() + 24 * HOUR), {
      payMethod: 1,
      paymentId: paid.paymentId,
      paymentStatus: "paid",
    });
    await firstPaymentInLedger(handle.owner, site.siteId, r, paid.paymentId);
    const deps = { payments, mailer, mails };
    // 24 h + 2 extra hours of the hours plan: 7,000 + 2 × 1,000.
    const longer = form(r, site.store, site.t, start, new Date(start.getTime() + 26 * HOUR), 9000);
    const outcome = await changeBooking(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      r.reserveNo,
      longer,
      bundle,
      deps,
    );
    expect(outcome).toMatchObject({ total: 9000, difference: 2000, charged: 2000, refunded: 0 });
    // The same request again (a double click): the same answer, nothing charged twice, one mail.
    expect(
      await changeBooking(handle.forSite(site.siteId), site.siteId, OWNER, r.reserveNo, longer, bundle, deps),
    ).toMatchObject({
      total: 9000,
      difference: 2000,
      charged: 2000,
    });
    expect(payments.charges().map((c) => c.amount)).toEqual([7000, 2000]);
    const sent = await handle.forSite(site.siteId).select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id));
    expect(sent.map((m) => [m.kind, m.locale, m.bodyText])).toEqual([["reservation_changed", "ko", "difference 2000"]]);
    const [row] = await handle.forSite(site.siteId).select().from(reservations).where(eq(reservations.id, r.id));
    expect(row).toMatchObject({ totalFee: 9000, revision: 1, rentalFee: 9000 });
    // A form read before the change is stale now.
    const stale = await refusal(
      changeBooking(
        handle.forSite(site.siteId),
        site.siteId,
        OWNER,
        r.reserveNo,
        form(r, site.store, site.t, start, new Date(start.getTime() + 3 * HOUR), 3000),
        bundle,
        deps,
      ),
    );
    expect(stale.details.reason?.code).toBe("stale");
    // Three hours instead: 3,000, and 6,000 back, taken from the latest charge first.
    const shorter = form(
      row as { revision: number },
      site.store,
      site.t,
      start,
      new Date(start.getTime() + 3 * HOUR),
      3000,
    );
    expect(
      await changeBooking(handle.forSite(site.siteId), site.siteId, OWNER, r.reserveNo, shorter, bundle, deps),
    ).toMatchObject({
      total: 3000,
      difference: -6000,
      refunded: 6000,
    });
    expect(payments.log.filter((e) => e.op === "refund").map((e) => e.amount)).toEqual([2000, 4000]);
    // A cancellation now refunds what the card still holds (3,000), less the fee.
    await handle.owner.update(siteSettings).set({ cancellationFees: [] }).where(eq(siteSettings.siteId, site.siteId));
    const [changed] = await handle.forSite(site.siteId).select().from(reservations).where(eq(reservations.id, r.id));
    expect(await proposedFee(handle.forSite(site.siteId), site.siteId, changed as typeof r, new Date())).toMatchObject({
      fee: 0,
    });
    const cancelled = await cancelAtCounter(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      r.reserveNo,
      parsed(StaffCancelSchema, { fee: "0" }),
      { payments, mailer, mails: () => ({ borrower: null, store: null }) },
    );
    expect(cancelled).toEqual({ fee: 0, refund: 3000, refundPending: 0 });
    const [done] = await handle.forSite(site.siteId).select().from(reservations).where(eq(reservations.id, r.id));
    expect(done?.paymentStatus).toBe("refunded");
  });

  it("refuses a total that moved since it was read out, a car type with no car free, and another store's staff", async () => {
    const site = await counterSite();
    const bundle = await loadSiteBundle(handle.forSite(site.siteId), site.siteId);
    if (!bundle) throw new Error("no bundle");
    const deps = { payments: new PaymentSimulator(), mailer, mails };
    const start = opening(5);
    const end = new Date(start.getTime() + 24 * HOUR);
    const r = await book(site, site.t, start, end);
    const moved = await refusal(
      changeBooking(
        handle.forSite(site.siteId),
        site.siteId,
        OWNER,
        r.reserveNo,
        form(r, site.store, site.t, start, end, 1),
        bundle,
        deps,
      ),
    );
    expect(moved.details.reason?.code).toBe("details_updated");
    // The only "u" car is taken over the period.
    await book(site, site.u, start, end);
    const full = await refusal(
      changeBooking(
        handle.forSite(site.siteId),
        site.siteId,
        OWNER,
        r.reserveNo,
        form(r, site.store, site.u, start, end, 7000),
        bundle,
        deps,
      ),
    );
    expect(["type_fully_booked", "no_cars_in_period"]).toContain(full.details.reason?.code);
    const elsewhere = actorAs("store_staff", [site.store + 1000]);
    expect(
      (
        await refusal(
          changeBooking(
            handle.forSite(site.siteId),
            site.siteId,
            elsewhere,
            r.reserveNo,
            form(r, site.store, site.t, start, end, 7000),
            bundle,
            deps,
          ),
        )
      ).code,
    ).toMatch(/forbidden|not_found/);
    const [unchanged] = await handle.forSite(site.siteId).select().from(reservations).where(eq(reservations.id, r.id));
    expect(unchanged).toMatchObject({ carTypeId: site.t, revision: 0, totalFee: 7000 });
  });

  it("keeps the booking's car when the new period fits it and gives it back when another booking has it then", async () => {
    const site = await counterSite();
    const bundle = await loadSiteBundle(handle.forSite(site.siteId), site.siteId);
    if (!bundle) throw new Error("no bundle");
    const deps = { payments: new PaymentSimulator(), mailer, mails };
    const [car] = await carsOf(site, site.t);
    const start = opening(7);
    const r = await book(site, site.t, start, new Date(start.getTime() + 24 * HOUR), { vehicleId: car?.id });
    // The same car is booked from 30 hours on by someone else.
    await book(site, site.t, new Date(start.getTime() + 30 * HOUR), new Date(start.getTime() + 40 * HOUR), {
      vehicleId: car?.id,
    });
    const kept = await changeBooking(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      r.reserveNo,
      form(r, site.store, site.t, start, new Date(start.getTime() + 25 * HOUR), 8000),
      bundle,
      deps,
    );
    expect(kept.vehicleReleased).toBe(false);
    const released = await changeBooking(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      r.reserveNo,
      form({ revision: 1 }, site.store, site.t, start, new Date(start.getTime() + 32 * HOUR), 13_000),
      bundle,
      deps,
    );
    expect(released.vehicleReleased).toBe(true);
    const [row] = await handle.forSite(site.siteId).select().from(reservations).where(eq(reservations.id, r.id));
    expect(row).toMatchObject({ vehicleId: null, revision: 2 });
  });
});

describe("customers cancelling online", () => {
  const mailer = createMailer({ MAIL_TRANSPORT: "outbox" });
  const deps = { payments: new PaymentSimulator(), mailer, mails: () => ({ borrower: null, store: null }) };
  const open = { customerCancel: true, customerCancelDeadlineHours: 24 };

  it("cancel until the site's deadline at the schedule's fee, once; not when the site does not offer it", async () => {
    const site = await counterSite();
    await handle.owner
      .update(siteSettings)
      .set({ cancellationFees: [{ daysBefore: 3, percent: 50 }] })
      .where(eq(siteSettings.siteId, site.siteId));
    const start = new Date(Date.now() + 50 * HOUR);
    const r = await book(site, site.t, start, new Date(start.getTime() + 24 * HOUR));
    const now = new Date();
    const closed = await customerCancelTerms(
      handle.forSite(site.siteId),
      site.siteId,
      r,
      { ...open, customerCancel: false },
      now,
    );
    expect(closed.state).toBe("not_offered");
    const late = await customerCancelTerms(
      handle.forSite(site.siteId),
      site.siteId,
      r,
      { ...open, customerCancelDeadlineHours: 72 },
      now,
    );
    expect(late.state).toBe("deadline_passed");
    expect(
      (
        await refusal(
          cancelByCustomer(
            handle.forSite(site.siteId),
            site.siteId,
            r,
            { ...open, customerCancelDeadlineHours: 72 },
            deps,
          ),
        )
      ).details.reason,
    ).toEqual({ code: "cancel_closed" });
    const terms = await customerCancelTerms(handle.forSite(site.siteId), site.siteId, r, open, now);
    expect(terms).toMatchObject({ state: "open", fee: { percent: 50, fee: 3500 }, refund: 0 });
    expect(await cancelByCustomer(handle.forSite(site.siteId), site.siteId, r, open, deps)).toEqual({
      fee: 3500,
      refund: 0,
      refundPending: 0,
    });
    const [row] = await handle.forSite(site.siteId).select().from(reservations).where(eq(reservations.id, r.id));
    expect(row).toMatchObject({ status: "cancelled", cancellationFee: 3500 });
    // A retry (a reload of the form) answers the same and changes nothing.
    expect(await cancelByCustomer(handle.forSite(site.siteId), site.siteId, row as typeof r, open, deps)).toEqual({
      fee: 3500,
      refund: 0,
      refundPending: 0,
    });
    const audits = await handle.forSite(site.siteId).select().from(auditLog).where(eq(auditLog.entityId, r.reserveNo));
    expect(audits.filter((a) => a.action === "reservation.cancel")).toHaveLength(1);
  });

  it("a guest's link holds only with its signature, on its own site, and stops at its expiry", async () => {
    const site = await counterSite();
    const other = await counterSite();
    const start = new Date(Date.now() + 80 * HOUR);
    const r = await book(site, site.t, start, new Date(start.getTime() + 5 * HOUR));
    const link = guestCancelLink(site.siteId, r, open);
    if (!link) throw new Error("no link");
    expect(guestCancelLink(site.siteId, r, { ...open, customerCancel: false })).toBeNull();
    expect((await findByLink(handle.forSite(site.siteId), site.siteId, "cancel", link)).reservation.id).toBe(r.id);
    for (const bad of [
      { ...link, sig: `${link.sig.slice(0, -1)}${link.sig.endsWith("A") ? "B" : "A"}` },
      { ...link, exp: String(Number(link.exp) + 3600) },
      { ...link, no: "nope" },
      { ...link, sig: undefined },
    ]) {
      expect((await refusal(findByLink(handle.forSite(site.siteId), site.siteId, "cancel", bad))).code).toBe(
        "not_found",
      );
    }
    expect((await refusal(findByLink(handle.forSite(other.siteId), other.siteId, "cancel", link))).code).toBe(
      "not_found",
    );
    // A cancellation link does not pay, nor the other way round.
    expect((await refusal(findByLink(handle.forSite(site.siteId), site.siteId, "pay", link))).code).toBe("not_found");
    // Past the link's expiry (here one set earlier than the site's deadline) it no longer cancels.
    const expired = await customerCancelTerms(
      handle.forSite(site.siteId),
      site.siteId,
      r,
      open,
      new Date(),
      new Date(Date.now() - 1000),
    );
    expect(expired.state).toBe("deadline_passed");
  });
});

describe("a phone booking paid by the mailed card link", () => {
  const card = (number: string) => ({
    card: { number, expMonth: 12, expYear: 2030, cvc: "123", holder: "KIM MINJUN" },
  });

  it("pays once with a card that goes through, after one that does not; the link names the booking and pays nothing else", async () => {
    const site = await counterSite();
    const start = new Date(Date.now() + 72 * HOUR);
    const r = await book(site, site.t, start, new Date(start.getTime() + 5 * HOUR), {
      payMethod: 1,
      paymentStatus: "pending",
    });
    const link = payLinkFor(site.siteId, r);
    if (!link) throw new Error("no link");
    expect(payLinkFor(site.siteId, { ...r, payMethod: 2 })).toBeNull();
    const found = await findByLink(handle.forSite(site.siteId), site.siteId, "pay", link);
    expect(payLinkState(found.reservation, found.link, new Date())).toBe("open");
    expect((await refusal(findByLink(handle.forSite(site.siteId), site.siteId, "cancel", link))).code).toBe(
      "not_found",
    );
    const payments = new PaymentSimulator();
    const returnUrl = "http://127.0.0.1/back";
    expect(
      await payByLink(
        handle.forSite(site.siteId),
        site.siteId,
        r,
        { source: card("4000000000000002"), attemptKey: "a".repeat(20), returnUrl },
        payments,
      ),
    ).toEqual({ outcome: "refused", reason: { code: "card_failed" } });
    const paying = { source: card("4242424242424242"), attemptKey: "b".repeat(20), returnUrl };
    expect(await payByLink(handle.forSite(site.siteId), site.siteId, r, paying, payments)).toEqual({ outcome: "paid" });
    // A double click sends the same attempt again: the gateway answers the first result, nothing is charged twice.
    expect(await payByLink(handle.forSite(site.siteId), site.siteId, r, paying, payments)).toEqual({ outcome: "paid" });
    expect(payments.charges().map((c) => c.amount)).toEqual([7000]);
    const [row] = await handle.forSite(site.siteId).select().from(reservations).where(eq(reservations.id, r.id));
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(payLinkState(row as typeof r, link, new Date())).toBe("paid");
    expect(payLinkState(r, link, new Date(start.getTime() + 1000))).toBe("closed");
  });

  it("through 3-D Secure: paid once the gateway says so, never on the browser's word", async () => {
    const site = await counterSite();
    const start = new Date(Date.now() + 80 * HOUR);
    const r = await book(site, site.t, start, new Date(start.getTime() + 5 * HOUR), {
      payMethod: 1,
      paymentStatus: "pending",
    });
    const payments = new PaymentSimulator();
    const answer = await payByLink(
      handle.forSite(site.siteId),
      site.siteId,
      r,
      { source: card("4000000000003220"), attemptKey: "c".repeat(20), returnUrl: "http://127.0.0.1/back" },
      payments,
    );
    expect(answer.outcome).toBe("requires_action");
    const reread = async () =>
      (await handle.forSite(site.siteId).select().from(reservations).where(eq(reservations.id, r.id)))[0] as typeof r;
    // Back from the challenge before it was passed: not paid.
    expect(await completePayLink(handle.forSite(site.siteId), site.siteId, await reread(), payments)).toEqual({
      outcome: "refused",
      reason: { code: "card_failed" },
    });
    const pending = await reread();
    await payments.resolveChallenge(pending.paymentId as string, "succeeded");
    expect(await completePayLink(handle.forSite(site.siteId), site.siteId, pending, payments)).toEqual({
      outcome: "paid",
    });
    expect((await reread()).paymentStatus).toBe("paid");
  });

  it("the payment's webhook settles a booking awaiting its link", async () => {
    const site = await counterSite();
    const start = new Date(Date.now() + 90 * HOUR);
    const r = await book(site, site.t, start, new Date(start.getTime() + 5 * HOUR), {
      payMethod: 1,
      paymentStatus: "pending",
    });
    const answer = await settlePayment(handle.forSite(site.siteId), site.siteId, r.id, "pi_by_webhook", {
      mailer: createMailer({ MAIL_TRANSPORT: "outbox" }),
      payments: new PaymentSimulator(),
      mails: async () => () => ({ borrower: null, store: null }),
    });
    expect(answer).toEqual({ outcome: "completed", reservationId: r.id, reserveNo: r.reserveNo });
    const [row] = await handle.forSite(site.siteId).select().from(reservations).where(eq(reservations.id, r.id));
    expect(row).toMatchObject({ paymentStatus: "paid", paymentId: "pi_by_webhook" });
  });
});

describe("finding reservations and the boards", () => {
  it("finds a booking by number, name, e-mail and phone as staff type it; store staff see their stores only", async () => {
    const site = await counterSite();
    const start = new Date(Date.now() + 200 * HOUR);
    const r = await book(site, site.t, start, new Date(start.getTime() + 4 * HOUR), {
      borrower: { name: "山田 花子", kana: "ヤマダ ハナコ", email: "hanako@example.com", tel: "+819012345678" },
    });
    const find = (q: string, actor = OWNER) =>
      searchReservations(
        handle.forSite(site.siteId),
        site.siteId,
        actor,
        { q, from: null, to: null, storeId: null, stage: null, page: 1 },
        TZ,
      ).then((found) => found.rows.map((row) => row.reserveNo));
    for (const q of [r.reserveNo, "花子", "ﾔﾏﾀﾞ".normalize("NFKC"), "HANAKO@example", "090-1234-5678", "9012345678"]) {
      expect(await find(q), q).toEqual([r.reserveNo]);
    }
    expect(await find("nobody")).toEqual([]);
    expect(await find("花子", actorAs("store_staff", [site.store]))).toEqual([r.reserveNo]);
    expect(await find("花子", actorAs("store_staff", [site.store + 1000]))).toEqual([]);
  });

  it("lists the day's departures with no car and the overdue returns; the dispatch board lays the bookings out by car", async () => {
    const site = await counterSite();
    const [car] = await carsOf(site, site.t);
    const now = new Date();
    const today = localDate(now, TZ);
    const overdue = await book(site, site.t, new Date(now.getTime() - 30 * HOUR), new Date(now.getTime() - 26 * HOUR), {
      vehicleId: car?.id,
      departedAt: new Date(now.getTime() - 30 * HOUR),
      departureMileage: 10,
    });
    const leaving = await book(site, site.u, new Date(now.getTime() + 60_000), new Date(now.getTime() + 3 * HOUR));
    const [day] = await dayAtStores(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      { date: today, storeId: null },
      now,
    );
    expect(day?.returns.find((b) => b.reserveNo === overdue.reserveNo)?.overdue).toBe(true);
    // A departure a minute from now is today's unless the day is about to end.
    if (localDate(new Date(now.getTime() + 60_000), TZ) === today) {
      expect(day?.departures.find((b) => b.reserveNo === leaving.reserveNo)?.vehicleId).toBeNull();
    }
    const board = await dispatchBoard(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      { storeId: site.store, date: localDate(new Date(now.getTime() - 48 * HOUR), TZ), days: 7 },
      now,
    );
    expect(board?.vehicles).toHaveLength(3);
    expect(board?.bookings.find((b) => b.reserveNo === overdue.reserveNo)?.vehicleId).toBe(car?.id);
    expect(board?.bookings.find((b) => b.reserveNo === leaving.reserveNo)?.vehicleId).toBeNull();
    expect(
      await dispatchBoard(
        handle.forSite(site.siteId),
        site.siteId,
        actorAs("store_staff", [site.store + 1]),
        { storeId: site.store, date: today, days: 7 },
        now,
      ),
    ).toBeNull();
  });

  it("the audit log holds every counter change with the staff member", async () => {
    const entries = (
      await Promise.all(
        madeSites.map((siteId) =>
          handle.forSite(siteId).select().from(auditLog).where(eq(auditLog.entity, "reservation")),
        ),
      )
    ).flat();
    expect(entries.length).toBeGreaterThan(0);
    // Staff's work names the staff member; a customer's own online cancellation names no one.
    expect(
      entries.every((e) => e.staffId === OWNER.staffId || (e.staffId === null && e.action === "reservation.cancel")),
    ).toBe(true);
  });
});

describe.runIf(usingPostgres)("the exclusion constraint under a race (PostgreSQL)", () => {
  it("20 concurrent assignments of two overlapping bookings to one car: exactly one succeeds", async () => {
    const site = await counterSite();
    const [car] = await carsOf(site, site.t);
    const start = new Date(Date.now() + 300 * HOUR);
    const a = await book(site, site.t, start, new Date(start.getTime() + 5 * HOUR));
    const b = await book(site, site.t, new Date(start.getTime() + 2 * HOUR), new Date(start.getTime() + 7 * HOUR));
    const input = parsed(AssignSchema, { vehicle_id: String(car?.id) });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        assignVehicle(handle.forSite(site.siteId), site.siteId, OWNER, (i % 2 ? a : b).reserveNo, input),
      ),
    );
    const assigned = await handle
      .forSite(site.siteId)
      .select({ reserveNo: reservations.reserveNo })
      .from(reservations)
      .where(and(eq(reservations.siteId, site.siteId), eq(reservations.vehicleId, car?.id as number)));
    expect(assigned).toHaveLength(1);
    const refused = results.filter((r) => r.status === "rejected");
    for (const r of refused) {
      expect(r.status === "rejected" && r.reason instanceof AppError && r.reason.details.reason?.code).toBe(
        "vehicle_taken",
      );
    }
    // The winner's own retries succeed (nothing to change); every call for the other booking is refused.
    expect(refused).toHaveLength(10);
  });
});
