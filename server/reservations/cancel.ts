import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { reservations } from "../db/schema";
import type { PaymentGateway } from "../payments/types";
import { paymentEvent, reservationEvent } from "../webhooks/events";

export type CancelOutcome = "cancelled" | "already_cancelled" | "not_found";

/**
 * Cancels a reservation (spec §4: cancelling is done via the store; used by tests now and the back
 * office later). Its car is free at once. A card payment taken for it is refunded through the
 * gateway (spec §7 payments-cancel), once: the refund key is derived from the reservation.
 */
export async function cancelReservation(
  db: Db,
  siteId: string,
  reservationId: number,
  deps: { payments: PaymentGateway },
  now = new Date(),
): Promise<CancelOutcome> {
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
    // A hold was never announced as created (decision 034): its end is no cancellation either.
    if (cancelled && before?.status === "confirmed")
      await reservationEvent(tx, siteId, "reservation.cancelled", cancelled);
    return cancelled;
  });
  if (!row) {
    const [existing] = await db
      .select({
        status: reservations.status,
        paymentId: reservations.paymentId,
        paymentStatus: reservations.paymentStatus,
      })
      .from(reservations)
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
    if (!existing) return "not_found";
    // A refund that failed on an earlier attempt is tried again.
    if (existing.status === "cancelled" && existing.paymentStatus === "paid" && existing.paymentId) {
      await refund(db, siteId, reservationId, existing.paymentId, deps.payments);
    }
    return "already_cancelled";
  }
  if (row.paymentStatus === "paid" && row.paymentId)
    await refund(db, siteId, reservationId, row.paymentId, deps.payments);
  return "cancelled";
}

async function refund(db: Db, siteId: string, reservationId: number, paymentId: string, payments: PaymentGateway) {
  const key = `refund-${siteId}-${reservationId}`;
  const result = await payments.refund(paymentId, key);
  if (result.status === "succeeded" || result.reason === "already_refunded") {
    await db.transaction(async (tx) => {
      // Conditional on "paid": a retry finds it refunded already and announces nothing twice.
      const [refunded] = await tx
        .update(reservations)
        .set({ paymentStatus: "refunded" })
        .where(
          and(
            eq(reservations.siteId, siteId),
            eq(reservations.id, reservationId),
            eq(reservations.paymentStatus, "paid"),
          ),
        )
        .returning();
      if (refunded) await paymentEvent(tx, siteId, "payment.refunded", refunded, refunded.totalFee, key);
    });
  }
}
