import { and, asc, eq, lt, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit-log";
import { type CancellationMailComposer, finishCancellation } from "#server/counter/cancellation";
import { finishOperation } from "#server/counter/card-payments";
import { type ChangeMailComposer, resumeChange } from "#server/counter/change";
import { finishRetry, isRetry, type SettledMailComposer } from "#server/counter/payment-retry";
import type { Db, DbHandle } from "#server/db/client";
import { auditLog, reservationPayments, reservations } from "#server/db/schema";
import { startPollingWorker } from "#server/lib/polling-worker";
import type { Logger } from "#server/logger";
import type { Mailer } from "#server/mail/mailer";
import type { PaymentGateway } from "#server/payments/types";
import type { BookingMailComposer } from "#server/reservations/booking";
import { markPaid, releaseHold, settlePayment } from "#server/reservations/card-settlement";
import type { SiteCache } from "#server/sites/site-cache";
import { itemUnder, type LedgerEntry, settleAttempt } from "./ledger";

/**
 * Reconciliation (issue 37, decision 043): every card attempt without an outcome was cut short (a
 * crash, a lost answer, a gateway that could not be reached). Each is settled by the gateway's own
 * record: a refund or a further charge is sent again under its key (the gateway answers what it did
 * the first time, or does it now); a first payment, whose card details are gone, is looked up by its
 * key. The operation's mails then go out as they would have. What the gateway cannot settle is
 * flagged for staff once, in the audit log, and tried again on the next run.
 */

/** The site's mails for operations that finish here. */
export interface OperationMails {
  booking: BookingMailComposer;
  cancellation: CancellationMailComposer;
  change: ChangeMailComposer;
  settled: SettledMailComposer;
}

/** What the build's entry exports (app/presenters/operation-mail.server.ts), as it exports the JSON API. */
export type OperationMailsFactory = (deps: {
  siteCache: SiteCache;
  forSite: (siteId: string) => Db;
  origin: string;
}) => (siteId: string) => Promise<OperationMails>;

export interface ReconcileDeps {
  payments: PaymentGateway;
  mailer: Mailer;
  logger?: Logger;
  /** Loaded per site before any of its transactions. */
  mails: (siteId: string) => Promise<OperationMails>;
}

export interface ReconcileReport {
  settled: number;
  open: number;
  flagged: number;
}

/** Younger attempts may still be in flight in a request. */
export const SETTLE_AFTER_MS = 60_000;
/** An attempt still open after this is shown to staff as needing them. */
export const FLAG_AFTER_MS = 30 * 60_000;
/** A first payment the gateway never heard of: the request died before reaching it. */
const NOT_SENT_AFTER_MS = 15 * 60_000;

/** Card attempts of the site with no outcome, oldest first. */
export function openAttempts(db: Db, siteId: string, before: Date): Promise<LedgerEntry[]> {
  return db
    .select()
    .from(reservationPayments)
    .where(
      and(
        eq(reservationPayments.siteId, siteId),
        eq(reservationPayments.entry, "attempt"),
        eq(reservationPayments.method, "card"),
        lt(reservationPayments.createdAt, before),
        sql`not exists (select 1 from reservation_payments o where o.site_id = ${reservationPayments.siteId} and o.attempt_id = ${reservationPayments.id} and o.entry = 'outcome')`,
      ),
    )
    .orderBy(asc(reservationPayments.id));
}

/** The operation an attempt belongs to: its key without a part (`:…`) or a retry (`/…`). */
const operationKey = (key: string) => key.split(/[:/]/)[0] as string;

async function reservationOf(db: Db, siteId: string, id: number) {
  const [r] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, id)));
  return r ?? null;
}

/** A first payment (the card step, the pay link): what the gateway made under its key. */
async function reconcileFirstPayment(
  db: Db,
  siteId: string,
  attempt: LedgerEntry,
  deps: ReconcileDeps,
  mails: () => Promise<OperationMails>,
  now: Date,
): Promise<void> {
  const found = await deps.payments.findPayment(attempt.idempotencyKey);
  const r = await reservationOf(db, siteId, attempt.reservationId);
  if (!r) return;
  if (!found) {
    if (now.getTime() - attempt.createdAt.getTime() < NOT_SENT_AFTER_MS) return;
    if (attempt.operation === "booking") await releaseHold(db, siteId, r.id, null, "not_sent");
    await settleAttempt(db, siteId, attempt, { status: "failed", amount: 0, reason: "not_sent" });
    return;
  }
  if (found.status === "succeeded" || found.status === "requires_capture") {
    if (attempt.operation === "booking") {
      const booking = (await mails()).booking;
      await settlePayment(db, siteId, r.id, found.paymentId, {
        mailer: deps.mailer,
        payments: deps.payments,
        mails: async () => booking,
        logger: deps.logger,
      });
    } else {
      await markPaid(db, siteId, r.id, found.paymentId);
    }
    // Settled elsewhere meanwhile, or the booking no longer waits for it: the money moved all the same.
    const still = await itemUnder(db, siteId, attempt.idempotencyKey);
    if (still && !still.outcome) {
      await settleAttempt(db, siteId, attempt, {
        status: "succeeded",
        amount: found.amount,
        paymentId: found.paymentId,
      });
    }
    return;
  }
  if (found.status === "failed") {
    if (attempt.operation === "booking") await releaseHold(db, siteId, r.id, found.paymentId, found.reason);
    const still = await itemUnder(db, siteId, attempt.idempotencyKey);
    if (still && !still.outcome) {
      await settleAttempt(db, siteId, attempt, {
        status: "failed",
        amount: 0,
        paymentId: found.paymentId,
        reason: found.reason ?? "card_declined",
      });
    }
  }
  // requires_action: the customer may still finish 3-D Secure; the next run looks again.
}

/** Settles the site's open attempts older than `settleAfterMs`; flags what stays open too long. */
export async function reconcileSite(
  db: Db,
  siteId: string,
  deps: ReconcileDeps,
  now = new Date(),
  settleAfterMs = SETTLE_AFTER_MS,
): Promise<ReconcileReport> {
  const open = await openAttempts(db, siteId, new Date(now.getTime() - settleAfterMs));
  let loaded: Promise<OperationMails> | null = null;
  const mails = () => {
    loaded ??= deps.mails(siteId);
    return loaded;
  };
  const done = new Set<string>();
  for (const attempt of open) {
    const key = operationKey(attempt.idempotencyKey);
    try {
      if (attempt.operation === "booking" || attempt.operation === "pay_link") {
        await reconcileFirstPayment(db, siteId, attempt, deps, mails, now);
        continue;
      }
      if (isRetry(attempt)) {
        // A staff retry settles on its own: its mail says what moved, not the operation's again.
        const r = await reservationOf(db, siteId, attempt.reservationId);
        if (r) await finishRetry(db, siteId, r, attempt.idempotencyKey, { ...deps, mails: (await mails()).settled });
        continue;
      }
      if (done.has(key)) continue;
      done.add(key);
      const r = await reservationOf(db, siteId, attempt.reservationId);
      if (!r) continue;
      if (attempt.operation === "cancel" && r.status === "cancelled") {
        const cancellation = (await mails()).cancellation;
        await finishCancellation(db, siteId, r, { ...deps, mails: cancellation });
      } else if (attempt.operation === "change") {
        const change = (await mails()).change;
        await resumeChange(db, siteId, r, key, { ...deps, mails: change });
      } else {
        // A return's charge, or an operation whose booking moved on: the money's truth, no mail.
        await finishOperation(db, siteId, r.id, key, deps.payments, undefined, deps.logger);
      }
    } catch (error) {
      deps.logger?.warn(
        { siteId, attemptId: attempt.id, error: error instanceof Error ? error.name : "unknown" },
        "reconciliation could not settle an attempt",
      );
    }
  }
  const left = await openAttempts(db, siteId, new Date(now.getTime() - settleAfterMs));
  let flagged = 0;
  for (const attempt of left) {
    if (now.getTime() - attempt.createdAt.getTime() < FLAG_AFTER_MS) continue;
    if (await flagOnce(db, siteId, attempt)) flagged += 1;
  }
  return { settled: open.length - left.length, open: left.length, flagged };
}

/** One audit entry per attempt that needs staff: the gateway could not settle it. */
async function flagOnce(db: Db, siteId: string, attempt: LedgerEntry): Promise<boolean> {
  const entityId = String(attempt.id);
  const [already] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.siteId, siteId),
        eq(auditLog.action, "payment.unresolved"),
        eq(auditLog.entity, "payment"),
        eq(auditLog.entityId, entityId),
      ),
    )
    .limit(1);
  if (already) return false;
  const [r] = await db
    .select({ reserveNo: reservations.reserveNo })
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, attempt.reservationId)));
  await recordAudit(
    db,
    siteId,
    { staffId: null, name: "reconciliation" },
    {
      action: "payment.unresolved",
      entity: "payment",
      entityId,
      after: {
        reserveNo: r?.reserveNo ?? "",
        kind: attempt.kind,
        amount: attempt.amount,
        operation: attempt.operation,
      },
    },
  );
  return true;
}

/**
 * The server's background loop: every `intervalMs`, the sites with attempts older than a minute and
 * no outcome (found by the owner, read only) are reconciled in their own scope, as the app role.
 */
export function startReconciliation(options: {
  database: Pick<DbHandle, "db" | "forSite">;
  deps: ReconcileDeps;
  logger: Logger;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const { database, deps, logger } = options;
  return startPollingWorker({
    batch: async () => {
      const before = new Date(Date.now() - SETTLE_AFTER_MS);
      const sites = await database.db
        .selectDistinct({ siteId: reservationPayments.siteId })
        .from(reservationPayments)
        .where(
          and(
            eq(reservationPayments.entry, "attempt"),
            lt(reservationPayments.createdAt, before),
            sql`not exists (select 1 from reservation_payments o where o.site_id = ${reservationPayments.siteId} and o.attempt_id = ${reservationPayments.id} and o.entry = 'outcome')`,
          ),
        );
      let settled = 0;
      for (const { siteId } of sites) {
        const report = await reconcileSite(database.forSite(siteId), siteId, deps);
        settled += report.settled;
        if (report.settled || report.flagged) logger.info({ siteId, ...report }, "ledger reconciled");
      }
      return settled;
    },
    // A run settles what it can; what is left waits for the next interval.
    batchSize: Number.POSITIVE_INFINITY,
    intervalMs: options.intervalMs ?? 60_000,
    logger,
    failure: "ledger reconciliation run failed",
  });
}
