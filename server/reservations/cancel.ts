import { and, eq, inArray } from "drizzle-orm";
import { cardBalance, finishOperation, markRefundedWhenEmpty, planRefunds } from "#server/counter/card-payments";
import type { Db } from "#server/db/client";
import { reservations } from "#server/db/schema";
import type { PaymentGateway } from "#server/payments/types";
import { reservationEvent } from "#server/webhooks/events";
import { announceLedgerPayments } from "#server/webhooks/ledger-events";

export type CancelOutcome = "cancelled" | "already_cancelled" | "not_found";

/**
 * Cancels a reservation (spec §4: cancelling is done via the store; used by tests now and the back
 * office later). Its car is free at once. A card payment taken for it is refunded through the
 * gateway (spec §7 payments-cancel), once: the refund is written in the ledger as an attempt under a
 * key derived from the reservation, then sent, then its outcome written.
 */
export async function cancelReservation(
  db: Db,
  siteId: string,
  reservationId: number,
  deps: { payments: PaymentGateway },
  now = new Date(),
): Promise<CancelOutcome> {
  const key = `refund-${siteId}-${reservationId}`;
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: reservations.status })
      .from(reservations)
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)))
      .for("update");
    const [cancelled] = await tx
      .update(reservations)
      .set({ status: "cancelled", cancelledAt: now, holdExpiresAt: null })
      .where(
        and(
          eq(reservations.siteId, siteId),
          eq(reservations.id, reservationId),
          inArray(reservations.status, ["held", "confirmed"]),
        ),
      )
      .returning();
    if (!cancelled) return null;
    // A hold was never announced as created (decision 034): its end is no cancellation either.
    if (before?.status === "confirmed") await reservationEvent(tx, siteId, "reservation.cancelled", cancelled);
    // Everything the card holds goes back: written as attempts before the gateway is called.
    const held = await cardBalance(tx, siteId, cancelled);
    await planRefunds(tx, siteId, cancelled, { amount: held, key, operation: "cancel", staffId: null });
    return cancelled;
  });
  if (!row) {
    const [existing] = await db
      .select({ id: reservations.id, status: reservations.status })
      .from(reservations)
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
    if (!existing) return "not_found";
    // A refund cut short on an earlier attempt is sent again, under its own key.
    await settleRefunds(db, siteId, reservationId, key, deps.payments);
    return "already_cancelled";
  }
  await settleRefunds(db, siteId, reservationId, key, deps.payments);
  return "cancelled";
}

async function settleRefunds(db: Db, siteId: string, reservationId: number, key: string, payments: PaymentGateway) {
  const [r] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
  if (!r) return;
  await finishOperation(db, siteId, reservationId, key, payments, (tx) => markRefundedWhenEmpty(tx, siteId, r));
  await announceLedgerPayments(db, siteId, reservationId, key);
}
