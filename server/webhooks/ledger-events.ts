import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { reservationPayments, reservations } from "#server/db/schema";
import { paymentEvent } from "./events";

/**
 * The payment events of a change or a cancellation after its card operation (issue 25): one per
 * ledger outcome that succeeded under the operation's key (`change-…-{revision}`, `cancel-…`, each
 * refunded part under `{key}:{paymentId}`). The event's id is derived from the entry's key, so a
 * retry of the operation, which finds the same entries, announces nothing twice, and a part that
 * only goes through on a retry is announced then.
 */
export async function announceLedgerPayments(
  db: Db,
  siteId: string,
  reservationId: number,
  key: string,
): Promise<void> {
  const entries = (
    await db
      .select()
      .from(reservationPayments)
      .where(
        and(
          eq(reservationPayments.siteId, siteId),
          eq(reservationPayments.reservationId, reservationId),
          eq(reservationPayments.entry, "outcome"),
          eq(reservationPayments.status, "succeeded"),
        ),
      )
      .orderBy(reservationPayments.id)
  ).filter(
    (e) => e.idempotencyKey === key || e.idempotencyKey.startsWith(`${key}:`) || e.idempotencyKey.startsWith(`${key}/`),
  );
  if (!entries.length) return;
  const [r] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
  if (!r) return;
  for (const entry of entries) {
    const type = entry.kind === "refund" ? "payment.refunded" : "payment.succeeded";
    await paymentEvent(db, siteId, type, r, entry.amount, entry.idempotencyKey);
  }
}
