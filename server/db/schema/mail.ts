import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { siteRef } from "./sites";

/**
 * Every mail the platform sends, written inside the transaction of the change that caused it
 * (docs/decisions/017-mail.md). `stored`: kept for reading only (the offline `outbox` transport);
 * `pending`: waiting for the SMTP relay; `sent`; `failed`: the relay gave up.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    bodyText: text().notNull(),
    bodyHtml: text(),
    locale: text().notNull(),
    kind: text().notNull(),
    status: text().notNull().default("stored"),
    /** Delivery attempts the relay has started. */
    attempts: integer().notNull().default(0),
    /** When the relay may (re)try: pushed forward by a claim (lease) and by a failure (backoff). */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The SMTP server's answer to the last failed attempt. */
    lastError: text(),
    /** Message-ID of the delivered mail. */
    messageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /** The booking a mail is about, for its history in the back office. */
    reservationId: integer(),
    /** Files sent with the mail, such as the booking's `.ics` (issue 25): text content, small. */
    attachments: jsonb().$type<{ filename: string; contentType: string; content: string }[]>(),
  },
  (t) => [
    unique("mail_outbox_site_id_id").on(t.siteId, t.id),
    index("mail_outbox_site_reservation").on(t.siteId, t.reservationId),
    index("mail_outbox_site_created").on(t.siteId, t.createdAt),
    index("mail_outbox_due").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check("mail_outbox_status", sql`${t.status} in ('stored', 'pending', 'sent', 'failed')`),
    check("mail_outbox_locale", sql`${t.locale} in ('ja', 'en', 'ko', 'zh-TW')`),
    check("mail_outbox_kind", sql`${t.kind} ~ '^[a-z][a-z0-9_]{0,62}$'`),
    check("mail_outbox_sent", sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
  ],
);
