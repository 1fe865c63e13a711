import { and, eq, isNull } from "drizzle-orm";
import type { Locale } from "../../common/locales";
import { type AuditActor, recordAudit } from "../audit/audit-log";
import type { Db } from "../db/client";
import { reservations, siteSettings, stores } from "../db/schema";
import { AppError } from "../errors";
import type { Mailer } from "../mail/mailer";
import type { DbOrTx } from "../mail/outbox";
import type { PaymentGateway } from "../payments/types";
import type { RenderedMail } from "../reservations/submit";
import { type Actor, authorize } from "../staff/permissions";
import { reservationEvent } from "../webhooks/events";
import { announceLedgerPayments } from "../webhooks/ledger-events";
import { type CancellationFee, cancellationFee } from "./cancellation-fee";
import { cardBalance, entriesUnder, refundToCard } from "./card-payments";
import type { StaffCancelInput } from "./counter.schema";
import { findReservation, type ReservationRecord } from "./reservations";
import { rentalStage } from "./stage";

/**
 * Cancelling a booking (issue 24): at the counter, where staff see the fee the site's schedule
 * proposes and may lower it, or by the customer online. The booking is cancelled and its car freed
 * in one transaction with the customer's and the store's mails; the rest of an advance card payment
 * is then refunded through the gateway under a key derived from the booking, so a retry refunds
 * nothing twice (a refund that failed is tried again by the next attempt).
 */

/** What the cancellation mails say: the fee kept and what goes back to the card. */
export interface CancellationOutcome {
  fee: number;
  refund: number;
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

/** The refund a cancellation keeping `fee` owes: what the card holds, counting what this key gave back already. */
async function refundOwed(db: Db, siteId: string, r: ReservationRecord, fee: number, key: string): Promise<number> {
  const given = (await entriesUnder(db, siteId, key))
    .filter((e) => e.kind === "refund" && e.status === "succeeded")
    .reduce((sum, e) => sum + e.amount, 0);
  return Math.max(0, (await cardBalance(db, siteId, r)) + given - fee);
}

/**
 * Cancels a booking not yet handed over, keeping `fee`: the car is free at once, the customer and the
 * store are told in the same transaction, then the rest of a card payment goes back. A second call
 * (a retry, a double click) changes nothing and only completes a refund that did not go through.
 */
export async function cancelBooking(
  db: Db,
  siteId: string,
  r: ReservationRecord,
  input: { fee: number; who: AuditActor; note?: string },
  deps: CancellationDeps,
  now: Date,
): Promise<CancellationOutcome> {
  const key = `cancel-${siteId}-${r.id}`;
  if (r.status === "cancelled") {
    const outcome = { fee: r.cancellationFee, refund: await refundOwed(db, siteId, r, r.cancellationFee, key) };
    await refundToCard(db, siteId, r, outcome.refund, key, input.who.staffId, deps.payments);
    if (outcome.refund > 0) await announceLedgerPayments(db, siteId, r.id, key);
    return outcome;
  }
  if (r.status !== "confirmed" || rentalStage(r) !== "booked") {
    throw new AppError("rejected", { reason: { code: "reservation_stage", params: { stage: rentalStage(r) } } });
  }
  const outcome = { fee: input.fee, refund: await refundOwed(db, siteId, r, input.fee, key) };
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
    await recordAudit(tx, siteId, input.who, {
      action: "reservation.cancel",
      entity: "reservation",
      entityId: r.reserveNo,
      before: { status: r.status },
      after: { status: "cancelled", cancellationFee: input.fee, refund: outcome.refund, note: input.note ?? "" },
    });
    await reservationEvent(tx, siteId, "reservation.cancelled", row);
    const mails = deps.mails(row, outcome);
    await deps.mailer.sendAll(tx, siteId, [
      ...(mails.borrower
        ? [
            {
              ...mails.borrower,
              locale: row.locale as Locale,
              kind: "reservation_cancelled" as const,
              reservationId: row.id,
            },
          ]
        : []),
      ...(mails.store
        ? [{ ...mails.store, locale: "ja" as const, kind: "store_notification" as const, reservationId: row.id }]
        : []),
    ]);
    return row;
  });
  if (!cancelled) {
    // Cancelled or handed over meanwhile: answer with what happened.
    const current = await db
      .select()
      .from(reservations)
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, r.id)));
    const [latest] = current;
    if (latest?.status === "cancelled") return cancelBooking(db, siteId, latest, input, deps, now);
    throw new AppError("rejected", {
      reason: { code: "reservation_stage", params: { stage: latest ? rentalStage(latest) : "booked" } },
    });
  }
  await refundToCard(db, siteId, r, outcome.refund, key, input.who.staffId, deps.payments);
  // One payment.refunded per part given back, keyed by it: a retry that completes a refund announces only that part.
  if (outcome.refund > 0) await announceLedgerPayments(db, siteId, r.id, key);
  return outcome;
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
