import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { type LedgerOperation, reservations } from "#server/db/schema";
import {
  type LedgerEntry,
  type LedgerItem,
  ledgerOf,
  netOf,
  type OutcomeInput,
  settleAttempt,
  writeAttempt,
} from "#server/ledger/ledger";
import type { Logger } from "#server/logger";
import type { DbOrTx } from "#server/mail/outbox";
import type { PaymentGateway } from "#server/payments/types";
import type { ReservationRecord } from "./reservations";

/**
 * What the card of a booking paid in advance holds, and the money a change, a cancellation or a
 * return moves on it (issue 37, decision 043). An operation first writes its attempts (in the
 * transaction that changes the booking), then each goes to the gateway under its own key and its
 * outcome is written after: a crash, a retry or a double click finds the attempt and sends the same
 * key again, so the gateway never moves the money twice. The transaction that writes an operation's
 * last outcome runs `onSettled` (its mails), so what the customer is told comes from the outcomes.
 */

/** Each card payment still holding money, newest first; a refund still under way counts as given. */
export function holdings(items: LedgerItem[]): { paymentId: string; left: number }[] {
  const left = new Map<string, number>();
  for (const { attempt, outcome } of items) {
    if (attempt.method !== "card") continue;
    if (attempt.kind === "charge" && outcome?.status === "succeeded" && outcome.paymentId) {
      left.set(outcome.paymentId, (left.get(outcome.paymentId) ?? 0) + outcome.amount);
    }
  }
  for (const { attempt, outcome } of items) {
    if (attempt.method !== "card" || attempt.kind !== "refund" || !attempt.paymentId) continue;
    const given = outcome ? (outcome.status === "succeeded" ? outcome.amount : 0) : attempt.amount;
    left.set(attempt.paymentId, (left.get(attempt.paymentId) ?? 0) - given);
  }
  return [...left]
    .map(([paymentId, yen]) => ({ paymentId, left: yen }))
    .filter((p) => p.left > 0)
    .reverse();
}

/** Yen the card holds for the booking now: what went through, less what came back. */
export async function cardBalance(db: DbOrTx, siteId: string, r: Pick<ReservationRecord, "id">): Promise<number> {
  return netOf(await ledgerOf(db, siteId, r.id), "card");
}

/** The card payment a further charge goes on: the booking's latest successful one. */
function latestCardPayment(items: LedgerItem[]): string | null {
  const charges = items.filter(
    (i) => i.attempt.method === "card" && i.attempt.kind === "charge" && i.outcome?.status === "succeeded",
  );
  return charges.at(-1)?.outcome?.paymentId ?? null;
}

export interface PlanInput {
  amount: number;
  /** Names the operation; a refund's parts add `:{paymentId}`. */
  key: string;
  operation: LedgerOperation;
  staffId: number | null;
}

/**
 * Writes the refund attempts that give `amount` back, latest payments first, in the caller's
 * transaction; a retry finds the same attempts under the same keys. Yen the card cannot cover is left out.
 */
export async function planRefunds(
  tx: DbOrTx,
  siteId: string,
  r: Pick<ReservationRecord, "id" | "storeId">,
  input: PlanInput,
): Promise<LedgerEntry[]> {
  let needed = input.amount;
  const attempts: LedgerEntry[] = [];
  for (const payment of holdings(await ledgerOf(tx, siteId, r.id))) {
    if (needed <= 0) break;
    const part = Math.min(needed, payment.left);
    attempts.push(
      await writeAttempt(tx, siteId, {
        reservationId: r.id,
        storeId: r.storeId,
        kind: "refund",
        operation: input.operation,
        amount: part,
        key: `${input.key}:${payment.paymentId}`,
        paymentId: payment.paymentId,
        staffId: input.staffId,
      }),
    );
    needed -= part;
  }
  return attempts;
}

/** Writes the attempt to charge `amount` more to the booking's card (null when it has none). */
export async function planCharge(
  tx: DbOrTx,
  siteId: string,
  r: Pick<ReservationRecord, "id" | "storeId">,
  input: PlanInput,
): Promise<LedgerEntry | null> {
  const paymentId = latestCardPayment(await ledgerOf(tx, siteId, r.id));
  if (!paymentId || input.amount <= 0) return null;
  return writeAttempt(tx, siteId, {
    reservationId: r.id,
    storeId: r.storeId,
    kind: "charge",
    operation: input.operation,
    amount: input.amount,
    key: input.key,
    paymentId,
    staffId: input.staffId,
  });
}

/** The gateway's answer to an attempt, under the attempt's own key; throws when the gateway cannot be reached. */
export async function sendAttempt(attempt: LedgerEntry, payments: PaymentGateway): Promise<OutcomeInput> {
  if (!attempt.paymentId) return { status: "failed", amount: 0, reason: "not_found" };
  if (attempt.kind === "refund") {
    const result = await payments.refund(attempt.paymentId, attempt.idempotencyKey, attempt.amount);
    return result.status === "succeeded"
      ? { status: "succeeded", amount: result.amount, refundId: result.refundId }
      : { status: "failed", amount: 0, refundId: result.refundId, reason: result.reason ?? "processing_error" };
  }
  const result = await payments.chargeAgain(attempt.paymentId, attempt.amount, attempt.idempotencyKey);
  return result.status === "succeeded"
    ? { status: "succeeded", amount: result.amount, paymentId: result.paymentId }
    : { status: "failed", amount: 0, paymentId: result.paymentId || null, reason: result.reason ?? "processing_error" };
}

/** The items of one operation: its key, and its parts (`key:…`) and retries (`key/…`). */
export const underKey = (items: LedgerItem[], key: string) =>
  items.filter(
    ({ attempt: a }) =>
      a.idempotencyKey === key || a.idempotencyKey.startsWith(`${key}:`) || a.idempotencyKey.startsWith(`${key}/`),
  );

export type SettledHook = (tx: DbOrTx, items: LedgerItem[]) => Promise<void>;

/**
 * Sends the operation's open card attempts and writes their outcomes. The transaction that writes
 * the last one locks the booking first and runs `onSettled` with the operation's items. An attempt
 * whose gateway call throws stays open (reconciliation finishes it); the answer says so.
 */
export async function finishOperation(
  db: Db,
  siteId: string,
  reservationId: number,
  key: string,
  payments: PaymentGateway,
  onSettled?: SettledHook,
  logger?: Logger,
): Promise<{ items: LedgerItem[]; open: number }> {
  const mine = async (q: DbOrTx) => underKey(await ledgerOf(q, siteId, reservationId), key);
  for (const { attempt, outcome } of await mine(db)) {
    if (outcome || attempt.method !== "card") continue;
    let answer: OutcomeInput;
    try {
      answer = await sendAttempt(attempt, payments);
    } catch (error) {
      logger?.warn(
        { siteId, attemptId: attempt.id, error: error instanceof Error ? error.name : "unknown" },
        "payment gateway unreachable; the attempt stays open for reconciliation",
      );
      continue;
    }
    await db.transaction(async (tx) => {
      await tx
        .select({ id: reservations.id })
        .from(reservations)
        .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)))
        .for("update");
      const { written } = await settleAttempt(tx, siteId, attempt, answer);
      if (!written || !onSettled) return;
      const items = await mine(tx);
      if (items.every((i) => i.outcome)) await onSettled(tx, items);
    });
  }
  const items = await mine(db);
  return { items, open: items.filter((i) => !i.outcome).length };
}

/** Yen of an operation's card charges or refunds: moved (succeeded), and not moved (failed or still open). */
export function tally(items: LedgerItem[], kind: "charge" | "refund"): { moved: number; notMoved: number } {
  let moved = 0;
  let notMoved = 0;
  for (const { attempt, outcome } of items) {
    if (attempt.kind !== kind || attempt.idempotencyKey.includes("/")) continue;
    if (outcome?.status === "succeeded") moved += outcome.amount;
    else notMoved += attempt.amount;
  }
  // A retry (`key/…`) that went through moves what its failed attempt did not.
  for (const { attempt, outcome } of items) {
    if (attempt.kind !== kind || !attempt.idempotencyKey.includes("/") || outcome?.status !== "succeeded") continue;
    moved += outcome.amount;
    notMoved -= outcome.amount;
  }
  return { moved, notMoved: Math.max(0, notMoved) };
}

/** The booking's card is fully given back: its payment status says so (lists and My Page read it). */
export async function markRefundedWhenEmpty(db: DbOrTx, siteId: string, r: Pick<ReservationRecord, "id">) {
  const items = await ledgerOf(db, siteId, r.id);
  const hadCard = items.some((i) => i.attempt.method === "card" && i.outcome?.status === "succeeded");
  if (hadCard && netOf(items, "card") === 0 && holdings(items).length === 0) {
    await db
      .update(reservations)
      .set({ paymentStatus: "refunded" })
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, r.id), eq(reservations.paymentStatus, "paid")));
  }
}
