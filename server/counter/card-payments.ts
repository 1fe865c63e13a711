import { and, eq, like } from "drizzle-orm";
import type { Db } from "../db/client";
import { reservationPayments, reservations } from "../db/schema";
import type { DbOrTx } from "../mail/outbox";
import type { PaymentGateway } from "../payments/types";
import type { ReservationRecord } from "./reservations";

/**
 * What the card of a booking paid in advance holds (issue 24): its first payment, the differences a
 * change charged to it and the refunds given back, each under a key derived from the booking, so a
 * retried change or cancellation finds its entry and pays nothing twice. The first payment enters
 * the ledger (as "opening") when a change first alters the total; until then it is the booking's total.
 */

type Entry = typeof reservationPayments.$inferSelect;

const openingKey = (siteId: string, r: ReservationRecord) => `payment-${siteId}-${r.id}`;
const paidInAdvance = (r: ReservationRecord) => r.paymentStatus === "paid" && !!r.paymentId;

async function ledgerOf(db: DbOrTx, siteId: string, reservationId: number): Promise<Entry[]> {
  return db
    .select()
    .from(reservationPayments)
    .where(and(eq(reservationPayments.siteId, siteId), eq(reservationPayments.reservationId, reservationId)))
    .orderBy(reservationPayments.id);
}

/** Each payment still holding money, newest first: refunds take from the latest charge first. */
function holdings(r: ReservationRecord, ledger: Entry[]): { paymentId: string; left: number }[] {
  if (!paidInAdvance(r) || !r.paymentId) return [];
  const ok = ledger.filter((e) => e.status === "succeeded");
  const charges = ok.filter((e) => e.kind === "charge" && e.paymentId);
  const refundedFrom = (paymentId: string) =>
    ok.filter((e) => e.kind === "refund" && e.paymentId === paymentId).reduce((sum, e) => sum + e.amount, 0);
  const first = charges.some((e) => e.paymentId === r.paymentId)
    ? []
    : [{ paymentId: r.paymentId, amount: r.totalFee }];
  return [...first, ...charges.map((e) => ({ paymentId: e.paymentId as string, amount: e.amount }))]
    .map((p) => ({ paymentId: p.paymentId, left: p.amount - refundedFrom(p.paymentId) }))
    .filter((p) => p.left > 0)
    .reverse();
}

/** Yen the card holds for the booking now. */
export async function cardBalance(db: DbOrTx, siteId: string, r: ReservationRecord): Promise<number> {
  return holdings(r, await ledgerOf(db, siteId, r.id)).reduce((sum, p) => sum + p.left, 0);
}

/** Puts the first payment in the ledger before a change alters the total it was taken for. */
export async function recordOpeningPayment(tx: DbOrTx, siteId: string, r: ReservationRecord): Promise<void> {
  if (!paidInAdvance(r) || r.totalFee <= 0) return;
  await tx
    .insert(reservationPayments)
    .values({
      siteId,
      reservationId: r.id,
      kind: "charge",
      amount: r.totalFee,
      status: "succeeded",
      paymentId: r.paymentId,
      idempotencyKey: openingKey(siteId, r),
    })
    .onConflictDoNothing();
}

/** Replaces a failed attempt's entry: the key names the operation, not the attempt. */
async function writeEntry(tx: DbOrTx, values: typeof reservationPayments.$inferInsert): Promise<void> {
  await tx
    .delete(reservationPayments)
    .where(
      and(eq(reservationPayments.siteId, values.siteId), eq(reservationPayments.idempotencyKey, values.idempotencyKey)),
    );
  await tx.insert(reservationPayments).values(values);
}

/**
 * Gives `amount` yen back to the card under `key`, once: parts already given under the key count,
 * the rest is taken from the latest payments first. Returns the yen given back under the key so far.
 */
export async function refundToCard(
  db: Db,
  siteId: string,
  r: ReservationRecord,
  amount: number,
  key: string,
  staffId: number | null,
  payments: PaymentGateway,
): Promise<number> {
  if (amount <= 0 || !paidInAdvance(r)) return 0;
  const ledger = await ledgerOf(db, siteId, r.id);
  const given = () =>
    ledger
      .filter((e) => e.kind === "refund" && e.status === "succeeded" && e.idempotencyKey.startsWith(`${key}:`))
      .reduce((sum, e) => sum + e.amount, 0);
  let needed = amount - given();
  for (const payment of holdings(r, ledger)) {
    if (needed <= 0) break;
    const part = Math.min(needed, payment.left);
    const partKey = `${key}:${payment.paymentId}`;
    const whole = part === payment.left;
    const result = await payments.refund(payment.paymentId, partKey, whole ? undefined : part);
    const ok = result.status === "succeeded" || result.reason === "already_refunded";
    const entry = {
      siteId,
      reservationId: r.id,
      kind: "refund" as const,
      amount: part,
      status: ok ? ("succeeded" as const) : ("failed" as const),
      reason: ok ? null : (result.reason ?? "processing_error"),
      paymentId: payment.paymentId,
      refundId: result.refundId ?? null,
      idempotencyKey: partKey,
      staffId,
    };
    await writeEntry(db, entry);
    ledger.push({ ...entry, id: 0, createdAt: new Date() });
    if (ok) needed -= part;
  }
  if ((await cardBalance(db, siteId, r)) === 0) {
    await db
      .update(reservations)
      .set({ paymentStatus: "refunded" })
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, r.id)));
  }
  return given();
}

/**
 * Charges `amount` yen more to the booking's card under `key`, once. False when the card could not
 * be charged without its holder: the difference is then paid at the store.
 */
export async function chargeToCard(
  db: Db,
  siteId: string,
  r: ReservationRecord,
  amount: number,
  key: string,
  staffId: number | null,
  payments: PaymentGateway,
): Promise<boolean> {
  if (amount <= 0 || !paidInAdvance(r) || !r.paymentId) return false;
  const [done] = await db
    .select({ status: reservationPayments.status })
    .from(reservationPayments)
    .where(and(eq(reservationPayments.siteId, siteId), eq(reservationPayments.idempotencyKey, key)));
  if (done?.status === "succeeded") return true;
  const result = await payments.chargeAgain(r.paymentId, amount, key);
  const ok = result.status === "succeeded";
  await writeEntry(db, {
    siteId,
    reservationId: r.id,
    kind: "charge",
    amount,
    status: ok ? "succeeded" : "failed",
    reason: ok ? null : (result.reason ?? "processing_error"),
    paymentId: result.paymentId || null,
    idempotencyKey: key,
    staffId,
  });
  return ok;
}

/** The entries of one operation (a change's parts), for an answer read back after a retry. */
export async function entriesUnder(db: DbOrTx, siteId: string, key: string): Promise<Entry[]> {
  return db
    .select()
    .from(reservationPayments)
    .where(and(eq(reservationPayments.siteId, siteId), like(reservationPayments.idempotencyKey, `${key}%`)));
}
