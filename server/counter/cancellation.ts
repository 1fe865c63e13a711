import { and, eq, isNull } from "drizzle-orm";
import { type AuditActor, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { reservations, siteSettings, stores } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { LedgerItem } from "#server/ledger/ledger";
import type { Logger } from "#server/logger";
import type { Mailer } from "#server/mail/mailer";
import type { DbOrTx } from "#server/mail/outbox";
import type { PaymentGateway } from "#server/payments/types";
import type { RenderedMail } from "#server/reservations/booking";
import { type Actor, authorize } from "#server/staff/permissions";
import { reservationEvent } from "#server/webhooks/events";
import { announceLedgerPayments } from "#server/webhooks/ledger-events";
import { type CancellationFee, cancellationFee } from "./cancellation-fee";
import { cardBalance, finishOperation, markRefundedWhenEmpty, planRefunds, tally } from "./card-payments";
import type { StaffCancelInput } from "./counter.schema";
import { sendNotice } from "./notice-mails";
import { findReservation, type ReservationRecord } from "./reservations";
import { rentalStage } from "./stage";

/**
 * Cancelling a booking (issues 24, 37): at the counter, where staff see the fee the site's schedule
 * proposes and may lower it, or by the customer online. The booking is cancelled, its car freed and
 * the refund of an advance card payment written as ledger attempts in one transaction; the refunds
 * then go to the gateway under keys derived from the booking, and the mails say what went back.
 */

/** What the cancellation mails and pages say, from the ledger's outcomes: the fee kept, the yen given back to the card, and the yen not yet given back (failed, or still under way). */
export interface CancellationOutcome {
  fee: number;
  refund: number;
  refundPending: number;
}

export type CancellationMailComposer = (
  reservation: ReservationRecord,
  outcome: CancellationOutcome,
) => { borrower: RenderedMail | null; store: RenderedMail | null };

export interface CancellationDeps {
  payments: PaymentGateway;
  mailer: Mailer;
  /** The site's cancellation mails, loaded before the transaction (one connection on PGlite). */
  mails: CancellationMailComposer;
  logger?: Logger;
}

/** The fee the site's schedule proposes for cancelling `r` now. */
export async function proposedFee(
  db: DbOrTx,
  siteId: string,
  r: ReservationRecord,
  now: Date,
): Promise<CancellationFee> {
  const [[settings], [store]] = await Promise.all([
    db.select({ steps: siteSettings.cancellationFees }).from(siteSettings).where(eq(siteSettings.siteId, siteId)),
    db
      .select({ timeZone: stores.timeZone })
      .from(stores)
      .where(and(eq(stores.siteId, siteId), eq(stores.id, r.storeId))),
  ]);
  return cancellationFee({
    total: r.totalFee,
    steps: settings?.steps ?? [],
    startAt: r.startAt,
    now,
    timeZone: store?.timeZone ?? "Asia/Tokyo",
  });
}

export const cancelKey = (siteId: string, reservationId: number) => `cancel-${siteId}-${reservationId}`;

const outcomeOf = (fee: number, items: LedgerItem[]): CancellationOutcome => {
  const { moved, notMoved } = tally(items, "refund");
  return { fee, refund: moved, refundPending: notMoved };
};

async function sendCancellationMails(
  tx: DbOrTx,
  siteId: string,
  row: ReservationRecord,
  outcome: CancellationOutcome,
  deps: CancellationDeps,
): Promise<void> {
  await sendNotice(tx, siteId, row, deps.mails(row, outcome), "reservation_cancelled", deps.mailer);
}

/**
 * The refunds of a cancellation: each open attempt goes to the gateway, and the transaction that
 * writes the last outcome sends the mails with what went back. Reconciliation calls it too.
 */
export async function finishCancellation(
  db: Db,
  siteId: string,
  row: ReservationRecord,
  deps: CancellationDeps,
): Promise<CancellationOutcome> {
  const key = cancelKey(siteId, row.id);
  const { items } = await finishOperation(
    db,
    siteId,
    row.id,
    key,
    deps.payments,
    async (tx, settled) => {
      await sendCancellationMails(tx, siteId, row, outcomeOf(row.cancellationFee, settled), deps);
      await markRefundedWhenEmpty(tx, siteId, row);
    },
    deps.logger,
  );
  // One payment.refunded per part given back, keyed by it: a retry announces nothing twice.
  await announceLedgerPayments(db, siteId, row.id, key);
  return outcomeOf(row.cancellationFee, items);
}

/**
 * Cancels a booking not yet handed over, keeping `fee`: the car is free at once, and what the card
 * holds beyond the fee is written as refund attempts in the same transaction; then the refunds are
 * made and the mails say what went back. A second call (a retry, a double click) changes nothing and
 * only completes a refund still open.
 */
export async function cancelBooking(
  db: Db,
  siteId: string,
  r: ReservationRecord,
  input: { fee: number; who: AuditActor; note?: string },
  deps: CancellationDeps,
  now: Date,
): Promise<CancellationOutcome> {
  if (r.status === "cancelled") return finishCancellation(db, siteId, r, deps);
  if (r.status !== "confirmed" || rentalStage(r) !== "booked") {
    throw new AppError("rejected", { reason: { code: "reservation_stage", params: { stage: rentalStage(r) } } });
  }
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reservations)
      .set({ status: "cancelled", cancelledAt: now, cancellationFee: input.fee, holdExpiresAt: null })
      .where(
        and(
          eq(reservations.siteId, siteId),
          eq(reservations.id, r.id),
          eq(reservations.status, "confirmed"),
          isNull(reservations.departedAt),
        ),
      )
      .returning();
    if (!row) return null;
    const owed = Math.max(0, (await cardBalance(tx, siteId, row)) - input.fee);
    const attempts = await planRefunds(tx, siteId, row, {
      amount: owed,
      key: cancelKey(siteId, row.id),
      operation: "cancel",
      staffId: input.who.staffId,
    });
    await recordAudit(tx, siteId, input.who, {
      action: "reservation.cancel",
      entity: "reservation",
      entityId: r.reserveNo,
      before: { status: r.status },
      after: { status: "cancelled", cancellationFee: input.fee, refundAttempted: owed, note: input.note ?? "" },
    });
    await reservationEvent(tx, siteId, "reservation.cancelled", row);
    // No money to give back: the mails go with the cancellation itself.
    if (!attempts.length)
      await sendCancellationMails(tx, siteId, row, { fee: input.fee, refund: 0, refundPending: 0 }, deps);
    return row;
  });
  if (!cancelled) {
    // Cancelled or handed over meanwhile: answer with what happened.
    const [latest] = await db
      .select()
      .from(reservations)
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, r.id)));
    if (latest?.status === "cancelled") return finishCancellation(db, siteId, latest, deps);
    throw new AppError("rejected", {
      reason: { code: "reservation_stage", params: { stage: latest ? rentalStage(latest) : "booked" } },
    });
  }
  return finishCancellation(db, siteId, cancelled, deps);
}

/** The counter's cancellation: the schedule's fee or a lower one (never above the total). */
export async function cancelAtCounter(
  db: Db,
  siteId: string,
  actor: Actor,
  reserveNo: string,
  input: StaffCancelInput,
  deps: CancellationDeps,
  now = new Date(),
): Promise<CancellationOutcome> {
  const r = await findReservation(db, siteId, actor, reserveNo);
  authorize(actor, "store.reservations", r.storeId);
  if (r.status === "confirmed" && input.fee > r.totalFee) {
    throw new AppError("invalid_input", {
      fieldErrors: { fee: { code: "cancel_fee_too_high", params: { max: r.totalFee } } },
    });
  }
  return cancelBooking(db, siteId, r, { fee: input.fee, who: actor, note: input.note }, deps, now);
}
