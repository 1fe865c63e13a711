import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { siteRef } from "./sites";
import { stores } from "./stores";

/**
 * A rental company's keys to the JSON API (issue 25, decision 033). The secret is shown once, when
 * the key is made; only its SHA-256 is kept (a key is 32 random bytes, so a slow hash adds nothing).
 * `prefix` is the secret's first characters, to tell keys apart in the list.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    name: text().notNull(),
    prefix: text().notNull(),
    secretHash: text().notNull(),
    /** `catalog:read` (site, stores, car types, availability) and `bookings` (quote, book, read, cancel). */
    scopes: text().array().notNull(),
    /** Requests allowed per minute; 429 with Retry-After beyond. */
    rateLimit: integer().notNull().default(120),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique("api_keys_site_id_id").on(t.siteId, t.id),
    uniqueIndex("api_keys_secret_hash").on(t.secretHash),
    check(
      "api_keys_scopes",
      sql`${t.scopes} <@ array['catalog:read', 'reservations:read', 'reservations:write', 'bookings']::text[] and cardinality(${t.scopes}) > 0`,
    ),
    check("api_keys_rate_limit", sql`${t.rateLimit} between 1 and 10000`),
  ],
);

/** Where a rental company wants its events (Standard Webhooks). The secret signs every delivery. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    url: text().notNull(),
    /** `whsec_` + base64 of 32 random bytes, as the Standard Webhooks libraries read it. */
    secret: text().notNull(),
    /** The event types it receives; every type when empty. */
    eventTypes: text().array().notNull().default(sql`'{}'`),
    description: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique("webhook_endpoints_site_id_id").on(t.siteId, t.id)],
);

/**
 * The outbox of events (reservation.created, …), written in the transaction of the change that
 * caused it, so an event exists exactly when its change committed. `id` is the Standard Webhooks
 * message id (`msg_…`), the same on every retry, so receivers can drop a repeat.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text().primaryKey(),
    siteId: siteRef(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("webhook_events_site_id_id").on(t.siteId, t.id),
    index("webhook_events_site_created").on(t.siteId, t.createdAt),
    check(
      "webhook_events_type",
      sql`${t.type} in ('reservation.created', 'reservation.changed', 'reservation.cancelled', 'payment.succeeded', 'payment.refunded')`,
    ),
  ],
);

/**
 * One event to one endpoint: `pending` until the endpoint answers 2xx (`succeeded`) or the retries
 * run out (`failed`). A worker claims due rows by pushing `next_attempt_at` forward (a lease).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    eventId: text().notNull(),
    endpointId: integer().notNull(),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique("webhook_deliveries_site_id_id").on(t.siteId, t.id),
    unique("webhook_deliveries_event_endpoint").on(t.siteId, t.eventId, t.endpointId),
    index("webhook_deliveries_due").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_site_created").on(t.siteId, t.createdAt),
    check("webhook_deliveries_status", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    foreignKey({
      name: "webhook_deliveries_event_fk",
      columns: [t.siteId, t.eventId],
      foreignColumns: [webhookEvents.siteId, webhookEvents.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "webhook_deliveries_endpoint_fk",
      columns: [t.siteId, t.endpointId],
      foreignColumns: [webhookEndpoints.siteId, webhookEndpoints.id],
    }).onDelete("cascade"),
  ],
);

/**
 * A store's calendar feed (departures and returns, iCalendar) at a secret URL. The token is in the
 * URL, so only its SHA-256 is kept; revoking one and making another changes the URL.
 */
export const storeCalendarFeeds = pgTable(
  "store_calendar_feeds",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    storeId: integer().notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique("store_calendar_feeds_site_id_id").on(t.siteId, t.id),
    uniqueIndex("store_calendar_feeds_token").on(t.tokenHash),
    index("store_calendar_feeds_store").on(t.siteId, t.storeId),
    foreignKey({
      name: "store_calendar_feeds_store_fk",
      columns: [t.siteId, t.storeId],
      foreignColumns: [stores.siteId, stores.id],
    }).onDelete("cascade"),
  ],
);
