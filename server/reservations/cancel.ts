import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { reservations } from "../db/schema";
import type { PaymentGateway } from "../payments/types";

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
  const [row] = await db
    .update(reservations)
    .set({ status: "cancelled", cancelledAt: now, holdExpiresAt: null })
    .where(
      and(
        eq(reservations.siteId, siteId),
        eq(reservations.id, reservationId),
        inArray(reservations.status, ["held", "confirmed"]),
      ),
    )
    .returning({ paymentId: reservations.paymentId, paymentStatus: reservations.paymentStatus });
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
  const result = await payments.refund(paymentId, `refund-${siteId}-${reservationId}`);
  if (result.status === "succeeded" || result.reason === "already_refunded") {
    await db
      .update(reservations)
      .set({ paymentStatus: "refunded" })
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
  }
}
