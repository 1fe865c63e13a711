import { z } from "zod";
import { recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { AppError } from "#server/errors";
import { type LedgerEntry, type LedgerItem, ledgerOf, writeAttempt } from "#server/ledger/ledger";
import type { Logger } from "#server/logger";
import type { Mailer } from "#server/mail/mailer";
import type { PaymentGateway } from "#server/payments/types";
import type { RenderedMail } from "#server/reservations/booking";
import { type Actor, authorize } from "#server/staff/permissions";
import { announceLedgerPayments } from "#server/webhooks/ledger-events";
import { finishOperation, holdings, markRefundedWhenEmpty } from "./card-payments";
import { sendNotice } from "./notice-mails";
import { findReservation, type ReservationRecord } from "./reservations";

/**
 * Staff try a card refund or charge again after the gateway refused it (issue 37): a change's
 * difference or a cancellation's refund that the booking's page shows as failed. The retry is a new
 * attempt under `{key}/retry-{attemptId}`, so a double click sends it once, and the operation's
 * tally counts what it moves in place of the failed one. When it goes through, the customer, who was
 * told "not yet", is mailed what moved.
 */

export const RetryPaymentSchema = z.object({ attempt_id: z.coerce.number().int().positive() });
export type RetryPaymentInput = z.infer<typeof RetryPaymentSchema>;

export type SettledMailComposer = (
  reservation: ReservationRecord,
  settled: { kind: "charge" | "refund"; amount: number },
) => { borrower: RenderedMail | null; store: RenderedMail | null };

export interface RetryDeps {
  payments: PaymentGateway;
  mailer: Mailer;
  mails: SettledMailComposer;
  logger?: Logger;
}

export interface RetryOutcome {
  kind: "charge" | "refund";
  status: "succeeded" | "failed" | "open";
  amount: number;
  reason: string | null;
}

const retryKey = (attempt: LedgerEntry) => `${attempt.idempotencyKey}/retry-${attempt.id}`;

/** Whether an attempt is a staff retry (reconciliation finishes it here, not as its operation). */
export const isRetry = (attempt: LedgerEntry) => attempt.idempotencyKey.includes("/retry-");

/**
 * Sends a retry to the gateway and writes its outcome; the transaction that writes a success mails
 * the customer what moved. Reconciliation calls it too when the gateway could not be reached.
 */
export async function finishRetry(
  db: Db,
  siteId: string,
  r: ReservationRecord,
  key: string,
  deps: RetryDeps,
): Promise<LedgerItem[]> {
  const { items } = await finishOperation(
    db,
    siteId,
    r.id,
    key,
    deps.payments,
    async (tx, [done]) => {
      if (done?.outcome?.status !== "succeeded") return;
      const moved = { kind: done.attempt.kind, amount: done.outcome.amount };
      await sendNotice(tx, siteId, r, deps.mails(r, moved), "payment_settled", deps.mailer);
      if (moved.kind === "refund") await markRefundedWhenEmpty(tx, siteId, r);
    },
    deps.logger,
  );
  await announceLedgerPayments(db, siteId, r.id, key);
  return items;
}

/** A failed card refund or charge of a change or a cancellation that no retry has taken up yet. */
export function retryable(items: readonly LedgerItem[], { attempt, outcome }: LedgerItem): boolean {
  return (
    attempt.method === "card" &&
    (attempt.operation === "change" || attempt.operation === "cancel") &&
    outcome?.status === "failed" &&
    !items.some((i) => i.attempt.idempotencyKey === retryKey(attempt))
  );
}

export async function retryPayment(
  db: Db,
  siteId: string,
  actor: Actor,
  reserveNo: string,
  input: RetryPaymentInput,
  deps: RetryDeps,
): Promise<RetryOutcome> {
  const r = await findReservation(db, siteId, actor, reserveNo);
  authorize(actor, "store.reservations", r.storeId);
  const items = await ledgerOf(db, siteId, r.id);
  const failed = items.find((i) => i.attempt.id === input.attempt_id);
  if (!failed) throw new AppError("not_found");
  const { attempt } = failed;
  const key = retryKey(attempt);
  if (!retryable(items, failed) && !items.some((i) => i.attempt.idempotencyKey === key)) {
    throw new AppError("rejected", { reason: { code: "payment_not_retryable" } });
  }
  // A refund goes back on the payment it was taken from, and only as far as that payment still holds.
  if (attempt.kind === "refund") {
    const held = holdings(items).find((p) => p.paymentId === attempt.paymentId)?.left ?? 0;
    if (held < attempt.amount && !items.some((i) => i.attempt.idempotencyKey === key)) {
      throw new AppError("rejected", { reason: { code: "payment_not_retryable" } });
    }
  }
  const retry = await db.transaction(async (tx) => {
    const written = await writeAttempt(tx, siteId, {
      reservationId: r.id,
      storeId: r.storeId,
      kind: attempt.kind,
      operation: attempt.operation,
      amount: attempt.amount,
      key,
      paymentId: attempt.paymentId,
      staffId: actor.staffId,
    });
    await recordAudit(tx, siteId, actor, {
      action: "payment.retried",
      entity: "reservation",
      entityId: r.reserveNo,
      after: { attemptId: attempt.id, kind: attempt.kind, amount: attempt.amount },
    });
    return written;
  });
  const outcome = (await finishRetry(db, siteId, r, key, deps)).find((i) => i.attempt.id === retry.id)?.outcome;
  return {
    kind: attempt.kind,
    status: outcome?.status === "succeeded" || outcome?.status === "failed" ? outcome.status : "open",
    amount: outcome?.status === "succeeded" ? outcome.amount : attempt.amount,
    reason: outcome?.status === "failed" ? (outcome.reason ?? null) : null,
  };
}
