import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, localDate, localTime, zonedInstant } from "#common/calendar-date";
import { type CancellationDeps, cancelAtCounter } from "#server/counter/cancellation";
import { type ChangeDeps, changeBooking } from "#server/counter/change";
import { ChangeSchema, StaffCancelSchema } from "#server/counter/counter.schema";
import { RetryPaymentSchema, retryPayment, type SettledMailComposer } from "#server/counter/payment-retry";
import { mailOutbox, reservations } from "#server/db/schema";
import { createMailer, type Mailer } from "#server/mail/mailer";
import { PaymentSimulator } from "#server/payments";
import type { PaymentGateway } from "#server/payments/types";
import { loadSiteBundle, type SiteBundle } from "#server/sites/site-bundle";
import { firstPaymentInLedger } from "#tests/fixtures/card-booking";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, OWNER, parsed, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { ledgerOf, netOf } from "./ledger";
import { type OperationMails, reconcileSite } from "./reconcile";

/**
 * Crash safety (issue 37): a change and a cancellation of a card-paid booking are cut short at each
 * step — before the gateway call, after it (its answer lost), and before the outcome is written (the
 * outcome's transaction aborts) — then reconciliation runs as after a restart. In every case the
 * ledger ends equal to the gateway's log, to the yen, nothing is charged or refunded twice, and the
 * customer gets one mail that says what really happened. Everything runs as the app role.
 */

let handle: TestDb;
const TZ = "Asia/Tokyo";
const HOUR = 3_600_000;
const LATER = () => new Date(Date.now() + 2 * 60_000);

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

type Stage = "before_call" | "after_call" | "before_outcome";
const STAGES: Stage[] = ["before_call", "after_call", "before_outcome"];

/** The simulator, with the process dying around its refunds and further charges at `stage`. */
function crashingAt(stage: Stage | null, gateway: PaymentSimulator): PaymentGateway {
  const cut =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (stage === "before_call") throw new Error("crash before the gateway call");
      const answer = await call(...args);
      if (stage === "after_call") throw new Error("crash after the gateway call");
      return answer;
    };
  return new Proxy(gateway, {
    get(target, prop, receiver) {
      if (prop === "refund") return cut(target.refund.bind(target));
      if (prop === "chargeAgain") return cut(target.chargeAgain.bind(target));
      return Reflect.get(target, prop, receiver);
    },
  });
}

/** A mailer whose insert fails: the transaction writing the operation's last outcome aborts with it. */
const failingMailer: Mailer = {
  transport: "outbox",
  send: () => Promise.reject(new Error("crash before the outcome is written")),
  sendAll: () => Promise.reject(new Error("crash before the outcome is written")),
  inserting: () => {
    throw new Error("crash before the outcome is written");
  },
};
const mailer = createMailer({ MAIL_TRANSPORT: "outbox" });

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

const cancellationMails: CancellationDeps["mails"] = (r, outcome) => ({
  borrower: { to: "minjun@example.com", subject: `취소 ${r.reserveNo}`, text: JSON.stringify(outcome) },
  store: null,
});
const changeMails: ChangeDeps["mails"] = (r, { difference, settlement }) => ({
  borrower: {
    to: "minjun@example.com",
    subject: `변경 ${r.reserveNo}`,
    text: JSON.stringify({ difference, settlement }),
  },
  store: null,
});

const settledMails: SettledMailComposer = (r, moved) => ({
  borrower: { to: "minjun@example.com", subject: `결제 ${r.reserveNo}`, text: JSON.stringify(moved) },
  store: null,
});

/** A site, and a booking of 24 hours paid by card (7,000 yen) in the ledger and on the simulator. */
async function paidBooking(gateway: PaymentSimulator) {
  const site = await makeSite(handle.owner, {
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 2 }],
      feePlans: [{ store: 0, classKey: "c", ...HOURS_PLAN }],
    },
  });
  const storeId = site.storeIds[0] as number;
  const carTypeId = site.catalogue?.typeIds.t as number;
  const paid = await gateway.authorize({
    amount: 7000,
    idempotencyKey: `booking-${site.siteId}-first`,
    source: { card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", holder: "MINJUN KIM" } },
  });
  const start = zonedInstant(addDays(localDate(new Date(), TZ), 4), "10:00", TZ);
  const [r] = await handle.owner
    .insert(reservations)
    .values({
      siteId: site.siteId,
      reserveNo: `CR-${site.siteId}`,
      storeId,
      carTypeId,
      startAt: start,
      endAt: new Date(start.getTime() + 24 * HOUR),
      status: "confirmed",
      rentalFee: 7000,
      totalFee: 7000,
      payMethod: 1,
      paymentId: paid.paymentId,
      paymentStatus: "paid",
      locale: "ko",
      borrower: { name: "김 민준", email: "minjun@example.com", tel: "+821012345678" },
    })
    .returning();
  if (!r) throw new Error("no reservation");
  await firstPaymentInLedger(handle.owner, site.siteId, r, paid.paymentId);
  const bundle = (await loadSiteBundle(handle.forSite(site.siteId), site.siteId)) as SiteBundle;
  return { siteId: site.siteId, storeId, carTypeId, r, bundle, db: handle.forSite(site.siteId) };
}

/** The gateway's own record of the money: charges less refunds. */
const gatewayNet = (gateway: PaymentSimulator) =>
  gateway.charges().reduce((sum, e) => sum + (e.amount ?? 0), 0) -
  gateway.log.filter((e) => e.op === "refund").reduce((sum, e) => sum + (e.amount ?? 0), 0);

async function mailsOf(db: ReturnType<TestDb["forSite"]>, siteId: string, reservationId: number) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.siteId, siteId), eq(mailOutbox.reservationId, reservationId)));
}

function reconcileDeps(gateway: PaymentGateway) {
  const mails: OperationMails = {
    booking: () => ({ borrower: null, store: null }),
    cancellation: cancellationMails,
    change: changeMails,
    settled: settledMails,
  };
  return { payments: gateway, mailer, mails: async () => mails };
}

describe("a cancellation cut short", () => {
  for (const stage of STAGES) {
    it(`at ${stage.replaceAll("_", " ")}: reconciliation refunds once, the ledger equals the gateway, one true mail`, async () => {
      const gateway = new PaymentSimulator();
      const b = await paidBooking(gateway);
      const input = parsed(StaffCancelSchema, { fee: "2000" });
      const crash = {
        payments: crashingAt(stage === "before_outcome" ? null : stage, gateway),
        mailer: stage === "before_outcome" ? failingMailer : mailer,
        mails: cancellationMails,
      };
      const cut = cancelAtCounter(b.db, b.siteId, OWNER, b.r.reserveNo, input, crash);
      if (stage === "before_outcome") {
        await expect(cut).rejects.toThrow("crash before the outcome is written");
      } else {
        // The gateway could not be reached: no 500, and the customer is not told the refund went through.
        expect(await cut).toEqual({ fee: 2000, refund: 0, refundPending: 5000 });
      }
      const [cancelled] = await b.db.select().from(reservations).where(eq(reservations.id, b.r.id));
      expect(cancelled?.status).toBe("cancelled");
      expect(await mailsOf(b.db, b.siteId, b.r.id)).toHaveLength(0);
      const open = (await ledgerOf(b.db, b.siteId, b.r.id)).filter((i) => !i.outcome);
      expect(open.map((i) => [i.attempt.kind, i.attempt.amount])).toEqual([["refund", 5000]]);

      // After a restart: reconciliation settles it by the gateway's record.
      const report = await reconcileSite(b.db, b.siteId, reconcileDeps(gateway), LATER());
      expect(report).toMatchObject({ settled: 1, open: 0 });
      expect(gateway.log.filter((e) => e.op === "refund").map((e) => e.amount)).toEqual([5000]);
      const ledger = await ledgerOf(b.db, b.siteId, b.r.id);
      expect(ledger.every((i) => i.outcome?.status === "succeeded")).toBe(true);
      expect(netOf(ledger, "card")).toBe(2000);
      expect(netOf(ledger, "card")).toBe(gatewayNet(gateway));
      const sent = await mailsOf(b.db, b.siteId, b.r.id);
      expect(sent.map((m) => [m.kind, JSON.parse(m.bodyText)])).toEqual([
        ["reservation_cancelled", { fee: 2000, refund: 5000, refundPending: 0 }],
      ]);
      // Running again, or the staff pressing cancel again, moves nothing and mails nothing.
      expect(await reconcileSite(b.db, b.siteId, reconcileDeps(gateway), LATER())).toMatchObject({ settled: 0 });
      const again = { payments: gateway, mailer, mails: cancellationMails };
      expect(await cancelAtCounter(b.db, b.siteId, OWNER, b.r.reserveNo, input, again)).toEqual({
        fee: 2000,
        refund: 5000,
        refundPending: 0,
      });
      expect(gateway.log.filter((e) => e.op === "refund")).toHaveLength(1);
      expect(await mailsOf(b.db, b.siteId, b.r.id)).toHaveLength(1);
    });
  }

  it("a refund the gateway refuses is a failed outcome staff can see, and the mail says it is not done", async () => {
    const gateway = new PaymentSimulator();
    const b = await paidBooking(gateway);
    // The payment is given back outside the booking first: the gateway refuses a second refund.
    await gateway.refund(b.r.paymentId as string, "elsewhere", 7000);
    const deps = { payments: gateway, mailer, mails: cancellationMails };
    const outcome = await cancelAtCounter(
      b.db,
      b.siteId,
      OWNER,
      b.r.reserveNo,
      parsed(StaffCancelSchema, { fee: "0" }),
      deps,
    );
    expect(outcome).toEqual({ fee: 0, refund: 0, refundPending: 7000 });
    const ledger = await ledgerOf(b.db, b.siteId, b.r.id);
    expect(ledger.find((i) => i.attempt.kind === "refund")?.outcome).toMatchObject({
      status: "failed",
      amount: 0,
      reason: "already_refunded",
    });
    const [mail] = await mailsOf(b.db, b.siteId, b.r.id);
    expect(JSON.parse(mail?.bodyText ?? "{}")).toEqual({ fee: 0, refund: 0, refundPending: 7000 });
  });
});

describe("a change cut short", () => {
  const form = (b: Awaited<ReturnType<typeof paidBooking>>, hours: number, total: number) => {
    const stamp = (at: Date) => ({ date: localDate(at, TZ), time: localTime(at, TZ) });
    const end = new Date(b.r.startAt.getTime() + hours * HOUR);
    return {
      ...parsed(ChangeSchema, {
        store_id: String(b.storeId),
        car_type_id: String(b.carTypeId),
        start_date: stamp(b.r.startAt).date,
        start_time: stamp(b.r.startAt).time,
        end_date: stamp(end).date,
        end_time: stamp(end).time,
        revision: "0",
        shown_total: String(total),
      }),
      options: [],
    };
  };

  for (const stage of STAGES) {
    it(`at ${stage.replaceAll("_", " ")}: reconciliation charges the difference once, and the mail says so`, async () => {
      const gateway = new PaymentSimulator();
      const b = await paidBooking(gateway);
      // 24 h + 2 extra hours: 9,000, so 2,000 more on the card.
      const longer = form(b, 26, 9000);
      const crash = {
        payments: crashingAt(stage === "before_outcome" ? null : stage, gateway),
        mailer: stage === "before_outcome" ? failingMailer : mailer,
        mails: changeMails,
      };
      const cut = changeBooking(b.db, b.siteId, OWNER, b.r.reserveNo, longer, b.bundle, crash);
      if (stage === "before_outcome") await expect(cut).rejects.toThrow("crash before the outcome is written");
      else expect(await cut).toMatchObject({ total: 9000, difference: 2000, charged: 0, notMoved: 2000 });
      expect(await mailsOf(b.db, b.siteId, b.r.id)).toHaveLength(0);

      expect(await reconcileSite(b.db, b.siteId, reconcileDeps(gateway), LATER())).toMatchObject({ settled: 1 });
      expect(gateway.charges().map((c) => c.amount)).toEqual([7000, 2000]);
      const ledger = await ledgerOf(b.db, b.siteId, b.r.id);
      expect(netOf(ledger, "card")).toBe(9000);
      expect(netOf(ledger, "card")).toBe(gatewayNet(gateway));
      const sent = await mailsOf(b.db, b.siteId, b.r.id);
      expect(sent.map((m) => JSON.parse(m.bodyText))).toEqual([
        { difference: 2000, settlement: { charged: 2000, refunded: 0, notMoved: 0 } },
      ]);
      // The same request again (a double click after the restart): nothing moves twice.
      const retry = { payments: gateway, mailer, mails: changeMails };
      expect(await changeBooking(b.db, b.siteId, OWNER, b.r.reserveNo, longer, b.bundle, retry)).toMatchObject({
        charged: 2000,
        notMoved: 0,
      });
      expect(gateway.charges()).toHaveLength(2);
      expect(await mailsOf(b.db, b.siteId, b.r.id)).toHaveLength(1);
    });
  }
});

/** The simulator, refusing its next `refusals` refunds and further charges as a processing error. */
function refusing(refusals: number, gateway: PaymentSimulator): PaymentGateway {
  let left = refusals;
  return new Proxy(gateway, {
    get(target, prop, receiver) {
      if (prop === "refund")
        return (paymentId: string, key: string, amount?: number) =>
          left-- > 0
            ? Promise.resolve({ paymentId, status: "failed", amount: 0, reason: "processing_error" })
            : target.refund(paymentId, key, amount);
      if (prop === "chargeAgain")
        return (paymentId: string, amount: number, key: string) =>
          left-- > 0
            ? Promise.resolve({ paymentId: "", status: "failed", amount: 0, reason: "card_declined" })
            : target.chargeAgain(paymentId, amount, key);
      return Reflect.get(target, prop, receiver);
    },
  });
}

describe("staff try a failed refund or charge again", () => {
  const failedAttempt = async (b: Awaited<ReturnType<typeof paidBooking>>, kind: "refund" | "charge") => {
    const ledger = await ledgerOf(b.db, b.siteId, b.r.id);
    const item = ledger.filter((i) => i.attempt.kind === kind && i.outcome?.status === "failed").at(-1);
    if (!item) throw new Error(`no failed ${kind}`);
    return parsed(RetryPaymentSchema, { attempt_id: String(item.attempt.id) });
  };

  it("a refused cancellation refund goes through on the retry: once, mailed, the card empty and equal to the gateway", async () => {
    const gateway = new PaymentSimulator();
    const b = await paidBooking(gateway);
    const first = { payments: refusing(1, gateway), mailer, mails: cancellationMails };
    const input = parsed(StaffCancelSchema, { fee: "2000" });
    expect(await cancelAtCounter(b.db, b.siteId, OWNER, b.r.reserveNo, input, first)).toEqual({
      fee: 2000,
      refund: 0,
      refundPending: 5000,
    });
    const attempt = await failedAttempt(b, "refund");
    const deps = { payments: gateway, mailer, mails: settledMails };
    const retried = await retryPayment(b.db, b.siteId, OWNER, b.r.reserveNo, attempt, deps);
    expect(retried).toEqual({ kind: "refund", status: "succeeded", amount: 5000, reason: null });
    // A double click sends nothing more and mails nothing more.
    expect(await retryPayment(b.db, b.siteId, OWNER, b.r.reserveNo, attempt, deps)).toEqual(retried);
    expect(gateway.log.filter((e) => e.op === "refund").map((e) => e.amount)).toEqual([5000]);
    const ledger = await ledgerOf(b.db, b.siteId, b.r.id);
    expect(netOf(ledger, "card")).toBe(2000);
    expect(netOf(ledger, "card")).toBe(gatewayNet(gateway));
    const sent = await mailsOf(b.db, b.siteId, b.r.id);
    expect(sent.map((m) => [m.kind, JSON.parse(m.bodyText)])).toEqual([
      ["reservation_cancelled", { fee: 2000, refund: 0, refundPending: 5000 }],
      ["payment_settled", { kind: "refund", amount: 5000 }],
    ]);
    // Nothing failed is left to retry; a succeeded attempt cannot be sent again.
    const [done] = ledger.filter((i) => i.outcome?.status === "succeeded" && i.attempt.kind === "refund");
    const again = parsed(RetryPaymentSchema, { attempt_id: String(done?.attempt.id) });
    await expect(retryPayment(b.db, b.siteId, OWNER, b.r.reserveNo, again, deps)).rejects.toMatchObject({
      code: "rejected",
      details: { reason: { code: "payment_not_retryable" } },
    });
  });

  it("a declined change charge declined again stays failed; a later retry of the retry charges it once", async () => {
    const gateway = new PaymentSimulator();
    const b = await paidBooking(gateway);
    const end = new Date(b.r.startAt.getTime() + 26 * HOUR);
    const longer = {
      ...parsed(ChangeSchema, {
        store_id: String(b.storeId),
        car_type_id: String(b.carTypeId),
        start_date: localDate(b.r.startAt, TZ),
        start_time: localTime(b.r.startAt, TZ),
        end_date: localDate(end, TZ),
        end_time: localTime(end, TZ),
        revision: "0",
        shown_total: "9000",
      }),
      options: [],
    };
    const declining = refusing(2, gateway);
    const change = { payments: declining, mailer, mails: changeMails };
    expect(await changeBooking(b.db, b.siteId, OWNER, b.r.reserveNo, longer, b.bundle, change)).toMatchObject({
      charged: 0,
      notMoved: 2000,
    });
    const deps = { payments: declining, mailer, mails: settledMails };
    const once = await retryPayment(b.db, b.siteId, OWNER, b.r.reserveNo, await failedAttempt(b, "charge"), deps);
    expect(once).toEqual({ kind: "charge", status: "failed", amount: 2000, reason: "card_declined" });
    const twice = await retryPayment(b.db, b.siteId, OWNER, b.r.reserveNo, await failedAttempt(b, "charge"), deps);
    expect(twice).toEqual({ kind: "charge", status: "succeeded", amount: 2000, reason: null });
    expect(gateway.charges().map((c) => c.amount)).toEqual([7000, 2000]);
    const ledger = await ledgerOf(b.db, b.siteId, b.r.id);
    expect(netOf(ledger, "card")).toBe(9000);
    expect(netOf(ledger, "card")).toBe(gatewayNet(gateway));
    expect((await mailsOf(b.db, b.siteId, b.r.id)).map((m) => m.kind)).toEqual([
      "reservation_changed",
      "payment_settled",
    ]);
  });

  it("a retry the gateway cannot answer stays open, and reconciliation finishes it with its own mail only", async () => {
    const gateway = new PaymentSimulator();
    const b = await paidBooking(gateway);
    const input = parsed(StaffCancelSchema, { fee: "0" });
    await cancelAtCounter(b.db, b.siteId, OWNER, b.r.reserveNo, input, {
      payments: refusing(1, gateway),
      mailer,
      mails: cancellationMails,
    });
    const attempt = await failedAttempt(b, "refund");
    const cut = { payments: crashingAt("before_call", gateway), mailer, mails: settledMails };
    expect(await retryPayment(b.db, b.siteId, OWNER, b.r.reserveNo, attempt, cut)).toMatchObject({ status: "open" });
    expect(await reconcileSite(b.db, b.siteId, reconcileDeps(gateway), LATER())).toMatchObject({ settled: 1 });
    expect(netOf(await ledgerOf(b.db, b.siteId, b.r.id), "card")).toBe(0);
    expect(gatewayNet(gateway)).toBe(0);
    expect((await mailsOf(b.db, b.siteId, b.r.id)).map((m) => m.kind)).toEqual([
      "reservation_cancelled",
      "payment_settled",
    ]);
    const [row] = await b.db.select().from(reservations).where(eq(reservations.id, b.r.id));
    expect(row?.paymentStatus).toBe("refunded");
  });

  it("read-only staff and staff of another store may not retry the booking's payment", async () => {
    const gateway = new PaymentSimulator();
    const b = await paidBooking(gateway);
    await cancelAtCounter(b.db, b.siteId, OWNER, b.r.reserveNo, parsed(StaffCancelSchema, { fee: "0" }), {
      payments: refusing(1, gateway),
      mailer,
      mails: cancellationMails,
    });
    const elsewhere = actorAs("store_staff", [b.storeId + 1000], 950);
    const deps = { payments: gateway, mailer, mails: settledMails };
    await expect(
      retryPayment(b.db, b.siteId, elsewhere, b.r.reserveNo, await failedAttempt(b, "refund"), deps),
    ).rejects.toMatchObject({ code: "not_found" });
    const attempt = await failedAttempt(b, "refund");
    await expect(retryPayment(b.db, b.siteId, READ_ONLY, b.r.reserveNo, attempt, deps)).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(gateway.log.filter((e) => e.op === "refund")).toHaveLength(0);
  });
});
