import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, localDate, localTime, zonedInstant } from "#common/calendar-date";
import { auditLog, reservationPayments, reservations, siteSettings, vehicles } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { AppError } from "#server/errors";
import { createMailer } from "#server/mail/mailer";
import { PaymentSimulator } from "#server/payments";
import type { PaymentGateway } from "#server/payments/types";
import { loadSiteBundle } from "#server/sites/site-bundle";
import { dailyTakings } from "#server/takings/takings";
import { firstPaymentInLedger } from "#tests/fixtures/card-booking";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { OWNER, parsed } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { cancelAtCounter } from "./cancellation";
import { changeBooking } from "./change";
import { ChangeSchema, DepartureSchema, StaffCancelSchema } from "./counter.schema";
import { recordDeparture } from "./rental";
import { previewReturn, recordReturn, settleFailedCardAsCash } from "./return";
import { ReturnCashSchema, ReturnSchema } from "./return.schema";

/**
 * Issue 37's return charges against the database, reached as the app role (`forSite`): the proposal,
 * staff's adjustments with their reasons, the checks, and the money through the ledger (attempt then
 * outcome), compared to what the payment simulator did, to the yen.
 */

let handle: TestDb;
const TZ = "Asia/Tokyo";
const HOUR = 3_600_000;
const MIN = 60_000;

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

async function returnSite(): Promise<CreatedSite & { t: number; store: number }> {
  const site = await makeSite(handle.owner, {
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 2 }],
      feePlans: [{ store: 0, classKey: "c", ...HOURS_PLAN }],
      immunityFees: [{ classKey: "c", pricePerDay: 1100 }],
    },
  });
  return { ...site, t: site.catalogue?.typeIds.t as number, store: site.storeIds[0] as number };
}

const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", holder: "HANAKO SATO" };
/** A card that needs its holder on every payment: charged again off-session, it fails. */
const CARD_3DS = { ...CARD, number: "4000000000003220" };

let numbered = 0;
/**
 * A 24-hour booking that departed 30 hours ago at 25,000 km with a full tank (its car's meter there),
 * and is due back 6 hours ago; paid in advance with `card` when given.
 */
async function inUse(site: CreatedSite & { t: number; store: number }, payments: PaymentSimulator, card?: typeof CARD) {
  numbered += 1;
  const start = new Date(Math.floor(Date.now() / HOUR) * HOUR - 30 * HOUR);
  const paid = card
    ? await payments.authorize({ amount: 7000, idempotencyKey: `booking-${site.siteId}-${numbered}`, source: { card } })
    : null;
  const [r] = await handle.owner
    .insert(reservations)
    .values({
      siteId: site.siteId,
      reserveNo: `R-${numbered}`,
      storeId: site.store,
      carTypeId: site.t,
      startAt: start,
      endAt: new Date(start.getTime() + 24 * HOUR),
      status: "confirmed",
      rentalFee: 7000,
      totalFee: 7000,
      locale: "ja",
      borrower: { name: "佐藤 花子", email: "hanako@example.com", tel: "09012345678" },
      ...(paid ? { payMethod: 1, paymentId: paid.paymentId, paymentStatus: "paid" } : { payMethod: 2 }),
    })
    .returning();
  if (!r) throw new Error("no reservation");
  // Its first payment in the ledger, as the card step writes it.
  if (paid) await firstPaymentInLedger(handle.owner, site.siteId, r, paid.paymentId);
  // Bookings in turn take the site's two cars: two can be out at once.
  const cars = await handle
    .forSite(site.siteId)
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.siteId, site.siteId), eq(vehicles.carTypeId, site.t)))
    .orderBy(vehicles.id);
  const car = cars[numbered % cars.length];
  await handle.owner
    .update(vehicles)
    .set({ mileageKm: 25_000 })
    .where(eq(vehicles.id, car?.id as number));
  await recordDeparture(
    handle.forSite(site.siteId),
    site.siteId,
    OWNER,
    r.reserveNo,
    parsed(DepartureSchema, {
      vehicle_id: String(car?.id),
      departed_date: localDate(start, TZ),
      departed_time: localTime(start, TZ),
      mileage_km: "25000",
      fuel: "8",
      ...checks,
      notes: "",
    }),
  );
  return r;
}

const checks = Object.fromEntries(
  ["tires", "lights", "brakes", "wipers", "engine", "fluids", "mats", "others"].map((i) => [`check_${i}`, "ok"]),
);

function returnForm(at: Date, extra: Record<string, string> = {}) {
  return parsed(ReturnSchema, {
    returned_date: localDate(at, TZ),
    returned_time: localTime(at, TZ),
    mileage_km: "25180",
    fuel: "5",
    ...checks,
    notes: "",
    damage: "none",
    ...extra,
  });
}

async function setup(card?: typeof CARD) {
  const site = await returnSite();
  const payments = new PaymentSimulator();
  const r = await inUse(site, payments, card);
  const db = handle.forSite(site.siteId);
  const bundle = await loadSiteBundle(db, site.siteId);
  if (!bundle) throw new Error("no bundle");
  // 3.5 hours after the booked return.
  const back = new Date(r.endAt.getTime() + 210 * MIN);
  const deps = { bundle, payments, now: new Date() };
  return { site, payments, r, db, back, deps };
}

/** The return's entries in the booking's ledger (the first payment's are the card step's). */
const ledgerOf = (db: ReturnType<TestDb["forSite"]>, siteId: string, reservationId: number) =>
  db
    .select()
    .from(reservationPayments)
    .where(
      and(
        eq(reservationPayments.siteId, siteId),
        eq(reservationPayments.reservationId, reservationId),
        eq(reservationPayments.operation, "return"),
      ),
    )
    .orderBy(reservationPayments.id);

const auditOf = (db: ReturnType<TestDb["forSite"]>, siteId: string, reserveNo: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.siteId, siteId), eq(auditLog.entityId, reserveNo)))
    .orderBy(auditLog.id);

describe("the return's proposal", () => {
  it("proposes 4 started hours for 3.5 hours late, the missing fuel and the NOC, and writes nothing", async () => {
    const { site, r, db, back, deps } = await setup();
    const input = { actor: OWNER, reserveNo: r.reserveNo };
    const proposal = await previewReturn(
      db,
      site.siteId,
      { ...input, form: returnForm(back, { damage: "drivable", other_charge: "1100", other_label: "車内清掃" }) },
      deps,
    );
    // 4 × 1,000; 3/8 of a 40-litre tank = 15 litres × 200; the site's NOC for a drivable car.
    expect(proposal.lines).toEqual([
      { kind: "late", label: "4", amount: 4000 },
      { kind: "fuel", label: "15", amount: 3000 },
      { kind: "noc", label: "drivable", amount: 20_000 },
      { kind: "other", label: "車内清掃", amount: 1100 },
    ]);
    expect(proposal).toMatchObject({ total: 28_100, settlement: "counter", distanceKm: 180 });
    // Two hours late is two hours; within the 30-minute grace is nothing.
    const two = await previewReturn(
      db,
      site.siteId,
      { ...input, form: returnForm(new Date(r.endAt.getTime() + 2 * HOUR), { fuel: "8" }) },
      deps,
    );
    expect(two.lines).toEqual([{ kind: "late", label: "2", amount: 2000 }]);
    const grace = await previewReturn(
      db,
      site.siteId,
      { ...input, form: returnForm(new Date(r.endAt.getTime() + 30 * MIN), { fuel: "8" }) },
      deps,
    );
    expect(grace.lines).toEqual([]);
    const [still] = await db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(still?.returnedAt).toBeNull();
    expect(await ledgerOf(db, site.siteId, r.id)).toEqual([]);
  });

  it("refuses a return time in the future and asks to confirm a meter that jumped beyond the site's limit", async () => {
    const { site, r, db, deps } = await setup();
    const input = { actor: OWNER, reserveNo: r.reserveNo };
    const future = await refusal(
      previewReturn(db, site.siteId, { ...input, form: returnForm(new Date(Date.now() + 2 * HOUR)) }, deps),
    );
    expect(future.details.fieldErrors?.returned_date?.code).toBe("time_in_future");
    const past = new Date(r.endAt.getTime() - HOUR);
    const below = await refusal(
      previewReturn(db, site.siteId, { ...input, form: returnForm(past, { mileage_km: "24999" }) }, deps),
    );
    expect(below.details.fieldErrors?.mileage_km).toEqual({ code: "mileage_below", params: { km: 25_000 } });
    const jump = await refusal(
      previewReturn(db, site.siteId, { ...input, form: returnForm(past, { mileage_km: "99999" }) }, deps),
    );
    expect(jump.details.fieldErrors?.meter_checked).toEqual({
      code: "mileage_jump",
      params: { km: 74_999, limit: 1000 },
    });
    // The site's limit decides; ticked, the reading goes through.
    await handle.owner.update(siteSettings).set({ mileageJumpKm: 100_000 }).where(eq(siteSettings.siteId, site.siteId));
    const wide = await previewReturn(
      db,
      site.siteId,
      { ...input, form: returnForm(past, { mileage_km: "99999" }) },
      deps,
    );
    expect(wide.distanceKm).toBe(74_999);
    await handle.owner.update(siteSettings).set({ mileageJumpKm: 1000 }).where(eq(siteSettings.siteId, site.siteId));
    const form = returnForm(past, { mileage_km: "99999", meter_checked: "1", fuel: "8" });
    const ticked = await previewReturn(db, site.siteId, { ...input, form }, deps);
    const saved = await recordReturn(db, site.siteId, { ...input, form: { ...form, shown_total: ticked.total } }, deps);
    expect(saved).toMatchObject({ extras: [], extraFee: 0, settlement: { state: "none" } });
    const [after] = await db.select().from(reservations).where(eq(reservations.id, r.id));
    const [car] = await db
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, after?.vehicleId ?? -1));
    expect(car?.mileageKm).toBe(99_999);
  });
});

describe("settling a return", () => {
  it("keeps the proposed amount and staff's reason on a changed line, audits it, and takes the rest in cash", async () => {
    const { site, r, db, back, deps, payments } = await setup();
    const input = { actor: OWNER, reserveNo: r.reserveNo };
    const form = returnForm(back, { damage: "not_drivable", shown_total: "57000", charge_fuel: "1500" });
    // A changed amount needs a reason.
    const noReason = await refusal(recordReturn(db, site.siteId, { ...input, form }, deps));
    expect(noReason.details.fieldErrors?.reason_fuel?.code).toBe("adjust_reason_required");
    // A total other than the one shown is shown again before anything is saved.
    const moved = await refusal(
      recordReturn(db, site.siteId, { ...input, form: { ...form, shown_total: 50_000, reason_fuel: "x" } }, deps),
    );
    expect(moved.details.reason?.code).toBe("charges_changed");
    const done = await recordReturn(
      db,
      site.siteId,
      { ...input, form: { ...form, reason_fuel: "満タン近くまで給油済みと申告", settle_method: "terminal" } },
      deps,
    );
    expect(done.extras).toEqual([
      { kind: "late", label: "4", amount: 4000 },
      { kind: "fuel", label: "15", amount: 1500, proposed: 3000, reason: "満タン近くまで給油済みと申告" },
      { kind: "noc", label: "not_drivable", amount: 50_000 },
    ]);
    expect(done.extraFee).toBe(55_500);
    expect(done.settlement).toMatchObject({ state: "succeeded", method: "terminal", amount: 55_500 });
    const [row] = await db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row).toMatchObject({ returnDamage: "not_drivable", extraFee: 55_500, returnFuel: 5 });
    const audit = await auditOf(db, site.siteId, r.reserveNo);
    const adjust = audit.find((a) => a.action === "reservation.return.adjust");
    expect(adjust?.before).toEqual({ kind: "fuel", amount: 3000 });
    expect(adjust?.after).toEqual({ kind: "fuel", amount: 1500, reason: "満タン近くまで給油済みと申告" });
    expect(audit.find((a) => a.action === "reservation.return.settle")?.after).toMatchObject({
      state: "succeeded",
      method: "terminal",
      amount: 55_500,
    });
    const ledger = await ledgerOf(db, site.siteId, r.id);
    expect(ledger.map((e) => [e.entry, e.method, e.operation, e.amount, e.status])).toEqual([
      ["attempt", "terminal", "return", 55_500, "attempted"],
      ["outcome", "terminal", "return", 55_500, "succeeded"],
    ]);
    expect(ledger[0]?.idempotencyKey).toBe(`return-${site.siteId}-${r.id}`);
    // Nothing went through the gateway.
    expect(payments.log).toEqual([]);
  });

  it("charges a card paid in advance: the attempt before the gateway, then its outcome, equal to the gateway's log", async () => {
    const { site, r, db, back, deps, payments } = await setup(CARD);
    const input = { actor: OWNER, reserveNo: r.reserveNo };
    const preview = await previewReturn(db, site.siteId, { ...input, form: returnForm(back) }, deps);
    expect(preview).toMatchObject({ total: 7000, settlement: "card" });
    // The gateway sees the attempt already stored when it is called.
    let storedBeforeCall: unknown[] = [];
    const watching: PaymentGateway = Object.create(payments);
    watching.chargeAgain = async (paymentId, amount, key) => {
      storedBeforeCall = await ledgerOf(db, site.siteId, r.id);
      return payments.chargeAgain(paymentId, amount, key);
    };
    const form = { ...returnForm(back), shown_total: 7000 };
    const done = await recordReturn(db, site.siteId, { ...input, form }, { ...deps, payments: watching });
    expect(storedBeforeCall).toMatchObject([{ entry: "attempt", amount: 7000, paymentId: r.paymentId }]);
    expect(done.settlement).toMatchObject({ state: "succeeded", method: "card", amount: 7000 });
    // A second save (a double click) records nothing and charges nothing again.
    const again = await recordReturn(db, site.siteId, { ...input, form }, { ...deps, payments: watching }).catch(
      (e: unknown) => e,
    );
    expect(again).toBeInstanceOf(AppError);
    const ledger = await ledgerOf(db, site.siteId, r.id);
    const key = `return-${site.siteId}-${r.id}`;
    const charged = payments.charges().filter((c) => c.idempotencyKey === key);
    expect(charged).toHaveLength(1);
    expect(ledger.map((e) => [e.entry, e.method, e.amount, e.status])).toEqual([
      ["attempt", "card", 7000, "attempted"],
      ["outcome", "card", 7000, "succeeded"],
    ]);
    expect(ledger[1]?.attemptId).toBe(ledger[0]?.id);
    expect(ledger[1]?.paymentId).toBe(charged[0]?.id);
    expect(ledger[1]?.amount).toBe(charged[0]?.amount);
    const audit = await auditOf(db, site.siteId, r.reserveNo);
    expect(audit.map((a) => a.action)).toEqual([
      "reservation.depart",
      "reservation.return",
      "reservation.return.settle",
    ]);
    expect(audit[2]?.after).toMatchObject({ state: "succeeded", method: "card", amount: 7000 });
  });

  it("a card that fails says so; staff take the charges in cash as a second entry, once", async () => {
    const { site, r, db, back, deps, payments } = await setup(CARD_3DS);
    const input = { actor: OWNER, reserveNo: r.reserveNo };
    const done = await recordReturn(
      db,
      site.siteId,
      { ...input, form: { ...returnForm(back), shown_total: 7000 } },
      deps,
    );
    expect(done.settlement).toMatchObject({
      state: "failed",
      method: "card",
      amount: 0,
      reason: "authentication_failed",
    });
    const cash = parsed(ReturnCashSchema, {});
    const settled = await settleFailedCardAsCash(db, site.siteId, { ...input, form: cash });
    expect(settled).toMatchObject({ state: "failed", fallback: { method: "cash", amount: 7000 } });
    await settleFailedCardAsCash(db, site.siteId, { ...input, form: cash });
    const ledger = await ledgerOf(db, site.siteId, r.id);
    expect(ledger.map((e) => [e.entry, e.method, e.amount, e.status, e.idempotencyKey])).toEqual([
      ["attempt", "card", 7000, "attempted", `return-${site.siteId}-${r.id}`],
      ["outcome", "card", 0, "failed", `return-${site.siteId}-${r.id}`],
      ["attempt", "cash", 7000, "attempted", `return-${site.siteId}-${r.id}-cash`],
      ["outcome", "cash", 7000, "succeeded", `return-${site.siteId}-${r.id}-cash`],
    ]);
    // The gateway refused and moved nothing: its log has the failed charge only.
    const key = `return-${site.siteId}-${r.id}`;
    expect(payments.charges().filter((c) => c.idempotencyKey === key)).toEqual([]);
    expect(payments.log.filter((c) => c.idempotencyKey === key).map((c) => c.status)).toEqual(["failed"]);
  });

  it("a gateway that throws leaves the attempt without an outcome: the return is recorded and the charge pending", async () => {
    const { site, r, db, back, deps, payments } = await setup(CARD);
    const broken: PaymentGateway = Object.create(payments);
    broken.chargeAgain = () => Promise.reject(new Error("connection reset"));
    const done = await recordReturn(
      db,
      site.siteId,
      { actor: OWNER, reserveNo: r.reserveNo, form: { ...returnForm(back), shown_total: 7000 } },
      { ...deps, payments: broken },
    );
    expect(done.settlement).toEqual({ state: "pending", method: "card", amount: 7000 });
    const ledger = await ledgerOf(db, site.siteId, r.id);
    expect(ledger.map((e) => e.entry)).toEqual(["attempt"]);
    expect(payments.charges()).toHaveLength(1); // the booking's own payment only
    const refused = await refusal(
      settleFailedCardAsCash(db, site.siteId, {
        actor: OWNER,
        reserveNo: r.reserveNo,
        form: parsed(ReturnCashSchema, {}),
      }),
    );
    expect(refused.details.reason?.code).toBe("return_not_card_failed");
  });
});

describe("the day's takings (売上日報)", () => {
  const noMails = () => ({ borrower: null, store: null });

  /** A 24-hour booking four days ahead, paid 7,000 by card: in the ledger and on the simulator. */
  async function ahead(site: CreatedSite & { t: number; store: number }, payments: PaymentSimulator, no: string) {
    const start = zonedInstant(addDays(localDate(new Date(), TZ), 4), "10:00", TZ);
    const paid = await payments.authorize({ amount: 7000, idempotencyKey: `booking-${no}`, source: { card: CARD } });
    const [r] = await handle.owner
      .insert(reservations)
      .values({
        siteId: site.siteId,
        reserveNo: no,
        storeId: site.store,
        carTypeId: site.t,
        startAt: start,
        endAt: new Date(start.getTime() + 24 * HOUR),
        status: "confirmed",
        rentalFee: 7000,
        totalFee: 7000,
        payMethod: 1,
        paymentId: paid.paymentId,
        paymentStatus: "paid",
        borrower: { name: "李 小明", email: "li@example.com", tel: "+886912345678" },
      })
      .returning();
    if (!r) throw new Error("no reservation");
    await firstPaymentInLedger(handle.owner, site.siteId, r, paid.paymentId);
    return r;
  }

  it("a day of bookings, a change, a cancellation, late returns and fuel: the day's card total equals the gateway's log", async () => {
    const { site, payments, r, db, back, deps } = await setup(CARD);
    const firstDay = localDate(new Date(), TZ);
    const byCash = await inUse(site, payments);
    await ahead(site, payments, "T-CANCEL");
    const changed = await ahead(site, payments, "T-CHANGE");

    // Late by 3.5 hours with 3/8 of the tank missing: 4 hours (4,000) and 15 litres (3,000), on the card and in cash.
    for (const booking of [r, byCash]) {
      const input = { actor: OWNER, reserveNo: booking.reserveNo };
      const preview = await previewReturn(db, site.siteId, { ...input, form: returnForm(back) }, deps);
      expect(preview.total).toBe(7000);
      await recordReturn(db, site.siteId, { ...input, form: { ...returnForm(back), shown_total: 7000 } }, deps);
    }
    // A cancellation keeping 2,000 refunds 5,000; a change to 26 hours charges 2,000 more.
    const cancelDeps = { payments, mailer: createMailer({ MAIL_TRANSPORT: "outbox" }), mails: noMails };
    await cancelAtCounter(db, site.siteId, OWNER, "T-CANCEL", parsed(StaffCancelSchema, { fee: "2000" }), cancelDeps);
    const stamp = (at: Date) => ({ date: localDate(at, TZ), time: localTime(at, TZ) });
    const end = new Date(changed.startAt.getTime() + 26 * HOUR);
    const longer = {
      ...parsed(ChangeSchema, {
        store_id: String(site.store),
        car_type_id: String(site.t),
        start_date: stamp(changed.startAt).date,
        start_time: stamp(changed.startAt).time,
        end_date: stamp(end).date,
        end_time: stamp(end).time,
        revision: "0",
        shown_total: "9000",
      }),
      options: [],
    };
    expect(
      await changeBooking(db, site.siteId, OWNER, "T-CHANGE", longer, deps.bundle, { ...cancelDeps, mails: noMails }),
    ).toMatchObject({ charged: 2000 });

    // The day is read in the store's time zone: a test running across midnight reads both days.
    const days = [...new Set([firstDay, localDate(new Date(), TZ)])];
    const takings = (
      await Promise.all(days.map((date) => dailyTakings(db, site.siteId, OWNER, { date, storeId: null })))
    ).flat();
    const sum = (pick: (t: (typeof takings)[number]) => number) => takings.reduce((s, t) => s + pick(t), 0);
    const gateway =
      payments.charges().reduce((s, e) => s + (e.amount ?? 0), 0) -
      payments.log.filter((e) => e.op === "refund").reduce((s, e) => s + (e.amount ?? 0), 0);
    // Cards: 7,000 × 3 first payments + 7,000 return + 2,000 change − 5,000 refund.
    expect(sum((t) => t.net.card)).toBe(25_000);
    expect(sum((t) => t.net.card)).toBe(gateway);
    expect(sum((t) => t.net.cash)).toBe(7000);
    expect(sum((t) => t.refunds.card)).toBe(-5000);
    expect(sum((t) => t.cancellations.fees)).toBe(2000);
    expect(sum((t) => t.bookings.count)).toBe(4);
    const lines = takings.flatMap((t) => t.lines);
    expect(lines.map((l) => [l.reserveNo, l.operation, l.method, l.amount])).toEqual(
      expect.arrayContaining([
        [r.reserveNo, "return", "card", 7000],
        [byCash.reserveNo, "return", "cash", 7000],
        ["T-CANCEL", "cancel", "card", -5000],
        ["T-CHANGE", "change", "card", 2000],
      ]),
    );
  });
});
