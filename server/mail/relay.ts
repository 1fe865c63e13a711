import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db, DbHandle } from "#server/db/client";
import { mailOutbox } from "#server/db/schema";
import { startPollingWorker } from "#server/lib/polling-worker";
import type { Logger } from "#server/logger";
import type { MailTransport } from "./smtp-transport";

/** How long a claimed mail is hidden from other relays; longer than one SMTP delivery can take. */
export const RELAY_LEASE_MS = 10 * 60_000;
/** Attempts before a mail is marked `failed`. */
export const RELAY_MAX_ATTEMPTS = 10;

/** Wait after the nth failed attempt: 1, 2, 4 … minutes, at most an hour. */
export function relayBackoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

export interface RelayOptions {
  /** Most mails delivered by one call. */
  limit?: number;
  /** The relay's clock (tests move it); defaults to now. */
  now?: Date;
  logger?: Logger;
  maxAttempts?: number;
}

export interface RelayResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** The sites with a mail due: the only read across sites (the owner's); every write is in one site's scope. */
async function sitesWithDueMail(owner: Db, now: Date): Promise<string[]> {
  const rows = await owner
    .selectDistinct({ siteId: mailOutbox.siteId })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)));
  return rows.map((r) => r.siteId);
}

/**
 * Claims one due mail of the site `db` is scoped to and pushes its next attempt past the lease, in
 * one short transaction.
 * `FOR UPDATE SKIP LOCKED` lets several relays run without waiting on or taking the same row.
 * (A single `UPDATE … WHERE id IN (SELECT … LIMIT 1 FOR UPDATE SKIP LOCKED)` is not safe: the
 * planner may rescan the subquery and claim more rows than it returns.)
 */
function claimOne(db: Db, now: Date) {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return undefined;
    const [row] = await tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + RELAY_LEASE_MS) })
      .where(eq(mailOutbox.id, due.id))
      .returning();
    return row;
  });
}

function describeError(err: unknown): { text: string; code?: string; responseCode?: number } {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
  const code = typeof e?.code === "string" ? e.code : undefined;
  const responseCode = typeof e?.responseCode === "number" ? e.responseCode : undefined;
  const message = err instanceof Error ? err.message : String(err);
  return { text: [code, message].filter(Boolean).join(": ").slice(0, 500), code, responseCode };
}

/**
 * Delivers due `pending` mails through `transport`, one claim at a time, and records each outcome:
 * `sent`, or back to `pending` with a backoff, or `failed` after `maxAttempts`. A delivery error
 * never escapes; a database error does (the relay loop logs it and tries again later).
 * Due mail is found across sites by the owner (a read); each claim and outcome is written as the app
 * role in the mail's site. Each mail is claimed before delivery, so a mail goes out once even when
 * relays run concurrently; only a crash between delivery and the final update can repeat it (after
 * the lease).
 */
export async function relayOutbox(
  handle: Pick<DbHandle, "db" | "forSite">,
  transport: MailTransport,
  options: RelayOptions = {},
): Promise<RelayResult> {
  const limit = options.limit ?? 50;
  const maxAttempts = options.maxAttempts ?? RELAY_MAX_ATTEMPTS;
  const result: RelayResult = { sent: 0, retrying: 0, failed: 0 };
  // Sites take turns, so one site's backlog does not hold back another's mail.
  const sites = await sitesWithDueMail(handle.db, options.now ?? new Date());
  let claims = 0;
  while (claims < limit && sites.length > 0) {
    const now = options.now ?? new Date();
    const siteId = sites.shift() as string;
    const db = handle.forSite(siteId);
    const mail = await claimOne(db, now);
    // None left due in that site: it leaves the turn.
    if (!mail) continue;
    sites.push(siteId);
    claims++;
    const claimed = and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts));
    const log = { mailId: mail.id, siteId: mail.siteId, kind: mail.kind, attempts: mail.attempts };
    let messageId: string;
    try {
      ({ messageId } = await transport.deliver({
        id: mail.id,
        siteId: mail.siteId,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.bodyText,
        html: mail.bodyHtml,
        attachments: mail.attachments ?? [],
      }));
    } catch (err) {
      const { text, code, responseCode } = describeError(err);
      const giveUp = mail.attempts >= maxAttempts;
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: text,
          nextAttemptAt: new Date(now.getTime() + relayBackoffMs(mail.attempts)),
        })
        .where(claimed);
      // The SMTP answer may quote the address: log its codes only.
      options.logger?.warn({ ...log, code, responseCode, gaveUp: giveUp }, "mail delivery failed");
      if (giveUp) result.failed++;
      else result.retrying++;
      continue;
    }
    await db.update(mailOutbox).set({ status: "sent", sentAt: new Date(), messageId, lastError: null }).where(claimed);
    options.logger?.info(log, "mail sent");
    result.sent++;
  }
  return result;
}

/**
 * Runs `relayOutbox` every `intervalMs` (at once again while a full batch went out) until stopped.
 * Started by the server when MAIL_TRANSPORT=smtp.
 */
export function startOutboxRelay(options: {
  handle: Pick<DbHandle, "db" | "forSite">;
  transport: MailTransport;
  logger: Logger;
  intervalMs?: number;
  batch?: number;
}): { stop(): Promise<void> } {
  const { handle, transport, logger } = options;
  const batch = options.batch ?? 50;
  const worker = startPollingWorker({
    batch: async () => {
      const r = await relayOutbox(handle, transport, { limit: batch, logger });
      return r.sent + r.retrying + r.failed;
    },
    batchSize: batch,
    intervalMs: options.intervalMs ?? 5000,
    logger,
    failure: "mail relay run failed",
  });
  return {
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}
