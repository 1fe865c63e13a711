import type { Db } from "#server/db/client";
import { type LedgerEntry, ledgerOf, type OutcomeInput, settleAttempt, writeAttempt } from "#server/ledger/ledger";
import type { DbOrTx } from "#server/mail/outbox";
import type { PaymentGateway } from "#server/payments/types";
import type { Reservation } from "./booking";

/**
 * A booking's first card payment in the ledger (issue 37): the web's card step (`booking-…`) or the
 * counter's mailed link (`paylink-…-{page key}`), written as an attempt before the gateway is asked
 * and as an outcome when its answer is known (at once, after 3-D Secure, or from the webhook).
 */
export const bookingPaymentKey = (siteId: string, reservationId: number) => `booking-${siteId}-${reservationId}`;
export const payLinkKey = (siteId: string, reservationId: number, pageKey: string) =>
  `paylink-${siteId}-${reservationId}-${pageKey}`;
/** Gives back a first payment that found no booking (the hold lapsed and the car went to someone else). */
export const returnedPaymentKey = (siteId: string, reservationId: number) => `refund-${siteId}-${reservationId}`;

type Booking = Pick<Reservation, "id" | "storeId" | "totalFee">;

export function firstPaymentAttempt(
  db: DbOrTx,
  siteId: string,
  r: Booking,
  key: string,
  operation: "booking" | "pay_link",
): Promise<LedgerEntry> {
  return writeAttempt(db, siteId, {
    reservationId: r.id,
    storeId: r.storeId,
    kind: "charge",
    operation,
    amount: r.totalFee,
    key,
  });
}

/** The newest first-payment attempt of the booking still without an outcome. */
export async function openFirstPayment(db: DbOrTx, siteId: string, reservationId: number): Promise<LedgerEntry | null> {
  const items = await ledgerOf(db, siteId, reservationId);
  const open = items.filter(
    (i) =>
      !i.outcome &&
      i.attempt.kind === "charge" &&
      (i.attempt.operation === "booking" || i.attempt.operation === "pay_link"),
  );
  return open.at(-1)?.attempt ?? null;
}

/** Writes the outcome of the booking's open first payment (none open: nothing to write). */
export async function settleFirstPayment(
  db: DbOrTx,
  siteId: string,
  reservationId: number,
  outcome: OutcomeInput,
): Promise<void> {
  const attempt = await openFirstPayment(db, siteId, reservationId);
  if (attempt) await settleAttempt(db, siteId, attempt, outcome);
}

/**
 * Gives a first payment back whole: an attempt, the refund under its key, then its outcome. True
 * when the money went back; a gateway that cannot be reached leaves the attempt for reconciliation.
 */
export async function returnFirstPayment(
  db: Db,
  siteId: string,
  r: Pick<Reservation, "id" | "storeId">,
  paymentId: string,
  amount: number,
  payments: PaymentGateway,
): Promise<boolean> {
  const attempt = await writeAttempt(db, siteId, {
    reservationId: r.id,
    storeId: r.storeId,
    kind: "refund",
    operation: "booking",
    amount,
    key: returnedPaymentKey(siteId, r.id),
    paymentId,
  });
  const result = await payments.refund(paymentId, attempt.idempotencyKey, amount);
  const { entry } = await settleAttempt(
    db,
    siteId,
    attempt,
    result.status === "succeeded"
      ? { status: "succeeded", amount: result.amount, refundId: result.refundId }
      : { status: "failed", amount: 0, reason: result.reason ?? "processing_error" },
  );
  return entry.status === "succeeded";
}
