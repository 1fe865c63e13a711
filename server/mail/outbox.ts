import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { mailOutbox } from "#server/db/schema";
import { type MailMessage, MailMessageSchema } from "./message";

/** A database handle or an open transaction: mail is written in the caller's transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export type MailStatus = "stored" | "pending" | "sent" | "failed";
export type OutboxMail = typeof mailOutbox.$inferSelect;

/**
 * The insert of mails for `siteId`, validated (throws when one is invalid), returning their ids:
 * run alone (`insertMails`) or inside a caller's statement (a booking's, booking-writer.ts).
 * `pending` hands them to the SMTP relay, `stored` keeps them only.
 */
export function mailsInsert(
  db: DbOrTx,
  siteId: string,
  messages: readonly MailMessage[],
  status: Extract<MailStatus, "stored" | "pending">,
) {
  const rows = messages.map((message) => {
    const m = MailMessageSchema.parse(message);
    return {
      siteId,
      toAddress: m.to,
      subject: m.subject,
      bodyText: m.text,
      bodyHtml: m.html ?? null,
      locale: m.locale,
      kind: m.kind,
      status,
      reservationId: m.reservationId ?? null,
      attachments: m.attachments?.length ? m.attachments : null,
    };
  });
  return db.insert(mailOutbox).values(rows).returning({ id: mailOutbox.id });
}

/** Stores mails in one statement, ids in the order given; none when one is invalid. */
export async function insertMails(
  db: DbOrTx,
  siteId: string,
  messages: readonly MailMessage[],
  status: Extract<MailStatus, "stored" | "pending">,
): Promise<{ id: number }[]> {
  if (!messages.length) return [];
  const ids = await mailsInsert(db, siteId, messages, status).execute();
  if (ids.length !== messages.length) throw new Error("mail_outbox insert returned fewer rows");
  // RETURNING carries no order guarantee: ids are drawn in row order, so sorting restores it.
  return ids.sort((a, b) => a.id - b.id);
}

/** A site's newest mails, newest first (the outbox page and tests read what a user would receive). */
export function listOutbox(db: DbOrTx, siteId: string, options: { limit?: number } = {}): Promise<OutboxMail[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.siteId, siteId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit ?? 50);
}

/** One mail of a site; another site's id answers null. */
export async function getOutboxMail(db: DbOrTx, siteId: string, id: number): Promise<OutboxMail | null> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.siteId, siteId), eq(mailOutbox.id, id)));
  return row ?? null;
}
