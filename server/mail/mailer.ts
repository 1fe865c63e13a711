import type { SQL } from "drizzle-orm";
import type { Logger } from "#server/logger";
import type { MailMessage } from "./message";
import { type DbOrTx, insertMails, mailsInsert } from "./outbox";

/**
 * How accounts and booking send mail. `send` writes the mail to `mail_outbox` inside the
 * caller's transaction and returns at once: it never talks to a mail server (decision 017).
 * - `outbox` (default, offline): the mail is stored (`stored`) for reading, never delivered.
 * - `smtp`: the mail is queued (`pending`); the outbox relay delivers it after the commit.
 */
export interface Mailer {
  readonly transport: "outbox" | "smtp";
  send(db: DbOrTx, siteId: string, message: MailMessage): Promise<{ id: number }>;
  /** Several mails in one statement, in the caller's transaction (a booking's mails). */
  sendAll(db: DbOrTx, siteId: string, messages: readonly MailMessage[]): Promise<{ id: number }[]>;
  /**
   * The same insert, for the caller's own statement to run (the booking's, in one round trip), and
   * what to call with the ids it returned.
   */
  inserting(db: DbOrTx, siteId: string, messages: readonly MailMessage[]): MailsInserting;
}

export interface MailsInserting {
  insert: SQL;
  queued(ids: readonly number[]): void;
}

export function createMailer(config: { MAIL_TRANSPORT: "outbox" | "smtp" }, logger?: Logger): Mailer {
  const transport = config.MAIL_TRANSPORT;
  const status = transport === "smtp" ? "pending" : "stored";
  // Ids and kinds only: addresses, subjects and bodies are personal data.
  const logQueued = (siteId: string, messages: readonly MailMessage[], ids: readonly number[]) => {
    for (const [i, id] of ids.entries()) {
      logger?.info({ mailId: id, siteId, kind: messages[i]?.kind, transport }, "mail queued");
    }
  };
  const sendAll: Mailer["sendAll"] = async (db, siteId, messages) => {
    const rows = await insertMails(db, siteId, messages, status);
    logQueued(
      siteId,
      messages,
      rows.map((r) => r.id),
    );
    return rows;
  };
  return {
    transport,
    sendAll,
    inserting: (db, siteId, messages) => ({
      insert: mailsInsert(db, siteId, messages, status).getSQL(),
      queued: (ids) => logQueued(siteId, messages, ids),
    }),
    async send(db, siteId, message) {
      const [row] = await sendAll(db, siteId, [message]);
      if (!row) throw new Error("mail_outbox insert returned no row");
      return row;
    },
  };
}
