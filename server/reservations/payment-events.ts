import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { paymentEvents, reservations } from "#server/db/schema";
import type { GatewayEvent } from "#server/payments/types";
import type { BookingDeps } from "./booking";
import { releaseHold, settlePayment } from "./card-settlement";

export type EventOutcome = "applied" | "duplicate" | "ignored";

export type PaymentEventTarget = { siteId: string; id: number };

/**
 * The reservation a payment event is about: its metadata first, else the payment id. Cross-site by
 * nature: `acrossSites` (the owner) only reads here; the event is applied in the found site's scope.
 */
export async function paymentEventTarget(acrossSites: Db, event: GatewayEvent): Promise<PaymentEventTarget | null> {
  if (!event.type.startsWith("payment_intent.")) return null;
  const metadata = (event.data as { object?: { metadata?: Record<string, unknown> } } | null)?.object?.metadata;
  const siteId = typeof metadata?.siteId === "string" ? metadata.siteId : null;
  const id = Number(metadata?.reservationId);
  const byMetadata =
    siteId && Number.isSafeInteger(id)
      ? and(eq(reservations.siteId, siteId), eq(reservations.id, id))
      : event.objectId
        ? eq(reservations.paymentId, event.objectId)
        : null;
  if (!byMetadata) return null;
  const [row] = await acrossSites
    .select({ siteId: reservations.siteId, id: reservations.id })
    .from(reservations)
    .where(byMetadata);
  return row ?? null;
}

/**
 * Applies a verified payment webhook (gateways deliver at least once, in any order): an event id
 * already recorded is skipped, and every state change is conditional, so redelivery changes
 * nothing. If applying fails, the record is removed so that the gateway's retry applies it.
 * `db` is the app role in `target`'s site (with no site when there is no target).
 */
export async function applyPaymentEvent(
  db: Db,
  event: GatewayEvent,
  target: PaymentEventTarget | null,
  deps: BookingDeps,
): Promise<EventOutcome> {
  const [recorded] = await db
    .insert(paymentEvents)
    .values({ eventId: event.id, type: event.type, objectId: event.objectId })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (!recorded) return "duplicate";
  try {
    if (!target || !event.objectId) return "ignored";
    if (event.type === "payment_intent.succeeded") {
      await settlePayment(db, target.siteId, target.id, event.objectId, deps);
      return "applied";
    }
    if (event.type === "payment_intent.payment_failed" || event.type === "payment_intent.canceled") {
      await releaseHold(db, target.siteId, target.id, event.objectId);
      return "applied";
    }
    return "ignored";
  } catch (error) {
    await db.delete(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    throw error;
  }
}
