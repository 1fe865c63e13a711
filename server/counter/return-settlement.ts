import { and, eq, like } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { reservationPayments } from "#server/db/schema";
import { itemsOf, type LedgerEntry, type LedgerItem, recordCounterPayment, writeAttempt } from "#server/ledger/ledger";
import type { Logger } from "#server/logger";
import type { DbOrTx } from "#server/mail/outbox";
import type { PaymentGateway } from "#server/payments/types";
import { finishOperation, planCharge } from "./card-payments";
import type { ReservationRecord } from "./reservations";
import type { CounterMethod } from "./return.schema";

/**
 * The money of a return (issue 37), through the append-only ledger. A booking paid by card in
 * advance has the charges put on that card: the attempt is written before the gateway is called,
 * its outcome after; a gateway that throws leaves the attempt without an outcome (pending, settled
 * by reconciliation). A card that fails is paid at the counter instead, as a second entry. Other
 * bookings pay at the counter (cash, or the store's card terminal). What the page and the audit say
 * is read back from the ledger.
 */

export const returnKey = (siteId: string, reservationId: number) => `return-${siteId}-${reservationId}`;
export const returnCashKey = (siteId: string, reservationId: number) => `${returnKey(siteId, reservationId)}-cash`;

/** Where a return's money stands, from the ledger. */
export type ReturnSettlement =
  | { state: "none" }
  | { state: "pending"; method: LedgerEntry["method"]; amount: number }
  | {
      state: "succeeded" | "failed";
      method: LedgerEntry["method"];
      /** Yen that moved (0 when it failed). */
      amount: number;
      /** The amount attempted. */
      attempted: number;
      reason: string | null;
      /** The card failed and the charges were paid at the counter instead. */
      fallback: { method: LedgerEntry["method"]; amount: number } | null;
    };

/** The return's ledger items: the card or counter attempt, and the counter entry after a failed card. */
export async function returnItems(db: DbOrTx, siteId: string, reservationId: number): Promise<LedgerItem[]> {
  const rows = await db
    .select()
    .from(reservationPayments)
    .where(
      and(
        eq(reservationPayments.siteId, siteId),
        eq(reservationPayments.reservationId, reservationId),
        eq(reservationPayments.operation, "return"),
        like(reservationPayments.idempotencyKey, `${returnKey(siteId, reservationId)}%`),
      ),
    )
    .orderBy(reservationPayments.id);
  return itemsOf(rows);
}

/** The settlement as the ledger has it. */
export function settlementOf(siteId: string, reservationId: number, items: LedgerItem[]): ReturnSettlement {
  const main = items.find((i) => i.attempt.idempotencyKey === returnKey(siteId, reservationId));
  if (!main) return { state: "none" };
  if (!main.outcome) return { state: "pending", method: main.attempt.method, amount: main.attempt.amount };
  const cash = items.find((i) => i.attempt.idempotencyKey === returnCashKey(siteId, reservationId));
  return {
    state: main.outcome.status === "succeeded" ? "succeeded" : "failed",
    method: main.attempt.method,
    amount: main.outcome.amount,
    attempted: main.attempt.amount,
    reason: main.outcome.reason,
    fallback:
      cash?.outcome?.status === "succeeded" ? { method: cash.attempt.method, amount: cash.outcome.amount } : null,
  };
}

export async function returnSettlement(db: DbOrTx, siteId: string, reservationId: number): Promise<ReturnSettlement> {
  return settlementOf(siteId, reservationId, await returnItems(db, siteId, reservationId));
}

interface SettleBase {
  reservation: ReservationRecord;
  amount: number;
  staffId: number | null;
}

/**
 * The card attempt, written (in the return's transaction) before the gateway is called: on the card
 * the ledger last charged, as a change's difference is.
 */
export async function writeCardAttempt(db: DbOrTx, siteId: string, input: SettleBase): Promise<LedgerEntry> {
  const r = input.reservation;
  const key = returnKey(siteId, r.id);
  const planned = await planCharge(db, siteId, r, {
    amount: input.amount,
    key,
    operation: "return",
    staffId: input.staffId,
  });
  if (planned) return planned;
  // No card payment in the ledger to charge: the attempt is written all the same and fails as not found.
  return writeAttempt(db, siteId, {
    reservationId: r.id,
    storeId: r.storeId,
    kind: "charge",
    operation: "return",
    amount: input.amount,
    key,
    staffId: input.staffId,
  });
}

/**
 * Sends the return's card attempt and writes its outcome, as every operation's (finishOperation): a
 * gateway that throws leaves it pending until reconciliation; one with an outcome is not sent again.
 */
export async function chargeReturnToCard(
  db: Db,
  siteId: string,
  input: { attempt: LedgerEntry; payments: PaymentGateway; logger?: Logger },
): Promise<ReturnSettlement> {
  const { attempt } = input;
  await finishOperation(
    db,
    siteId,
    attempt.reservationId,
    attempt.idempotencyKey,
    input.payments,
    undefined,
    input.logger,
  );
  return returnSettlement(db, siteId, attempt.reservationId);
}

/** The charges received at the counter: cash, or the store's card terminal. */
export async function recordReturnAtCounter(
  db: DbOrTx,
  siteId: string,
  input: SettleBase & { method: CounterMethod; key?: string },
): Promise<LedgerItem> {
  const r = input.reservation;
  return recordCounterPayment(db, siteId, {
    reservationId: r.id,
    storeId: r.storeId,
    kind: "charge",
    operation: "return",
    method: input.method,
    amount: input.amount,
    key: input.key ?? returnKey(siteId, r.id),
    staffId: input.staffId,
  });
}
