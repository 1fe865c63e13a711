import { createHash, randomBytes } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { reservations } from "#server/db/schema";
import type { DbOrTx } from "#server/mail/outbox";
import { previousBooking, type WebhookEventData, webhookReservation } from "./event-payloads";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./webhook.schema";

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

/**
 * The webhook outbox (issue 25, decision 034): an event is written by the transaction of the change
 * that causes it, with one pending delivery per enabled endpoint of the site that wants its type, so
 * the event exists exactly when its change committed. The worker (`delivery.ts`) sends it later.
 */

type Reservation = typeof reservations.$inferSelect;

/** Crockford's base32: no I, L, O, U, so an id read aloud or retyped stays itself. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function base32(bytes: Uint8Array, chars: number): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < chars) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  // The last bits, padded with zeros (16 bytes make 26 characters).
  if (bits > 0 && out.length < chars) out += CROCKFORD[(value << (5 - bits)) & 31];
  return out;
}

/**
 * A Standard Webhooks message id: `msg_` and 26 characters, ULID-like (48 bits of time, then 80
 * random bits), so ids sort by creation. The receiver drops a repeat by this id, the same on every retry.
 */
export function newMessageId(now = Date.now()): string {
  const bytes = new Uint8Array(16);
  let t = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = t % 256;
    t = Math.floor(t / 256);
  }
  bytes.set(randomBytes(10), 6);
  return `msg_${base32(bytes, 26)}`;
}

/** The id of the event a keyed operation causes: the same key (a retry of it) names the same event. */
export function keyedMessageId(siteId: string, key: string): string {
  return `msg_${base32(createHash("sha256").update(`${siteId}\u0000${key}`).digest(), 26)}`;
}

/**
 * What an integrator needs of a booking (its shape and one schema per event: `event-payloads.ts`):
 * its number, state, where and when, the money, where it was booked, its revision and who booked it.
 * Never card data, tokens, the link secret, the driver's licence or addresses: a receiver that wants
 * more asks the API with its key.
 */
export const reservationPayload = webhookReservation;
export type { WebhookEventData };

/**
 * An event and its deliveries as three common table expressions (`webhook_wanted`, `webhook_event`,
 * `webhook_queued`), for a statement that writes them with others (the booking's, booking-writer.ts).
 * Nothing is written when no enabled endpoint of the site wants the type; with `key`, the event's id
 * is derived from it, and a second write with the same key records nothing.
 */
export function webhookEventCtes(
  siteId: string,
  type: WebhookEventType,
  data: WebhookEventData,
  options: { key?: string } = {},
): SQL {
  const id = options.key ? keyedMessageId(siteId, options.key) : newMessageId();
  return sql`webhook_wanted as (
      select id from webhook_endpoints
      where site_id = ${siteId} and disabled_at is null
        and (cardinality(event_types) = 0 or ${type} = any(event_types))
    ), webhook_event as (
      insert into webhook_events (id, site_id, type, payload)
      select ${id}, ${siteId}, ${type}, ${JSON.stringify(data)}::jsonb
      where exists (select 1 from webhook_wanted)
      on conflict do nothing
      returning id
    ), webhook_queued as (
      insert into webhook_deliveries (site_id, event_id, endpoint_id)
      select ${siteId}, webhook_event.id, webhook_wanted.id from webhook_event cross join webhook_wanted
      returning id
    )`;
}

/**
 * Records an event and queues its deliveries, in the caller's transaction, in one statement (so the
 * event and its deliveries stand or fall together even when the caller passes no transaction).
 * A site without webhooks pays one indexed read per change: "once per real change" with `key`.
 * Returns the event id when it was recorded.
 */
export async function recordWebhookEvent(
  tx: DbOrTx,
  siteId: string,
  type: WebhookEventType,
  data: WebhookEventData,
  options: { key?: string } = {},
): Promise<string | null> {
  const result = await tx.execute(sql`
    with ${webhookEventCtes(siteId, type, data, options)}
    select (select id from webhook_event) as event_id, (select count(*) from webhook_queued)::int as deliveries
  `);
  // Both drivers answer { rows }.
  const { rows } = result as unknown as { rows: { event_id: string | null }[] };
  return rows[0]?.event_id ?? null;
}

/** The events of one booking change: created, changed (with what it was), cancelled; the channel is the booking's own. */
export const reservationEvent = (
  tx: DbOrTx,
  siteId: string,
  type: "reservation.created" | "reservation.changed" | "reservation.cancelled",
  r: Reservation,
  extra: { previous?: Reservation } = {},
) =>
  recordWebhookEvent(tx, siteId, type, {
    reservation: webhookReservation(r),
    ...(extra.previous ? { previous: previousBooking(extra.previous) } : {}),
  });

/**
 * A payment event: `amount` yen charged to or refunded from the booking's card. `key` names the
 * gateway operation (its idempotency key), so a retry of the operation records no second event.
 */
export const paymentEvent = (
  tx: DbOrTx,
  siteId: string,
  type: "payment.succeeded" | "payment.refunded",
  r: Reservation,
  amount: number,
  key: string,
) =>
  recordWebhookEvent(
    tx,
    siteId,
    type,
    { reservation: webhookReservation(r), payment: { amount, currency: "JPY" } },
    { key: `${type}:${key}` },
  );
