import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Dispatcher } from "undici";
import type { Db, DbHandle } from "#server/db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "#server/db/schema";
import { startPollingWorker } from "#server/lib/polling-worker";
import type { Logger } from "#server/logger";
import { isAddressRefused, type LookupAll, outboundDispatcher } from "./outbound";
import { type DeliveryErrorCode, type EndpointUrlRules, endpointUrlProblem } from "./webhook.schema";

/**
 * The webhook worker (issue 25, decision 034), shaped like the mail relay (decision 017): it claims
 * one due delivery at a time in a short transaction (`FOR UPDATE SKIP LOCKED`, then `attempts + 1`
 * and a lease), POSTs it signed (Standard Webhooks) outside any transaction, then records the answer:
 * `succeeded` on a 2xx, else a retry after the backoff, `failed` after the last attempt.
 */

/** Hides a claimed delivery from other workers; longer than a POST may take. */
export const WEBHOOK_LEASE_MS = 60_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Waits after the 1st, 2nd … failed attempt (Standard Webhooks' suggested schedule): about a day in all. */
const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR] as const;
/** Attempts before a delivery is `failed`: the first and one per delay. */
export const WEBHOOK_MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The wait after the `attempts`-th failed attempt, or null when that was the last one. */
export function webhookRetryDelayMs(attempts: number): number | null {
  if (!Number.isInteger(attempts) || attempts < 1 || attempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  return RETRY_DELAYS_MS[attempts - 1] ?? null;
}

/** The body every attempt of an event sends, byte for byte (Standard Webhooks' `type`, `timestamp`, `data`). */
export function webhookBody(event: { type: string; createdAt: Date; payload: unknown }): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.payload });
}

/**
 * The Standard Webhooks headers of one attempt. `sentAt` is the real time of sending: receivers
 * refuse a timestamp more than five minutes off their clock, which is what stops a replay.
 */
export function signWebhook(secret: string, msgId: string, body: string, sentAt: Date): Record<string, string> {
  const signature = new Webhook(secret).sign(msgId, sentAt, body);
  return {
    "content-type": "application/json",
    "user-agent": "rentacar-webhooks/1",
    "webhook-id": msgId,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": signature,
  };
}

export interface DeliverOptions {
  fetch?: typeof fetch;
  /** The worker's clock for what is due and when to retry (tests move it); defaults to now. */
  now?: Date;
  logger?: Logger;
  /** Most deliveries attempted by one call. */
  limit?: number;
  /** Deliveries in flight at once: one slow receiver must not hold up every other site's. */
  concurrency?: number;
  timeoutMs?: number;
  /** Which endpoints this server may reach (the loopback exception, decision 034); none by default. */
  rules?: EndpointUrlRules;
  /** Resolves endpoint names at sending (tests inject one: this machine has no DNS). */
  lookup?: LookupAll;
}

export interface DeliverResult {
  succeeded: number;
  retrying: number;
  failed: number;
}

/** The sites with a delivery due: the only read across sites (the owner's); every write is in one site's scope. */
async function sitesWithDueDeliveries(owner: Db, now: Date): Promise<string[]> {
  const rows = await owner
    .selectDistinct({ siteId: webhookDeliveries.siteId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)));
  return rows.map((r) => r.siteId);
}

/**
 * Claims one due delivery of an enabled endpoint in the site `db` is scoped to, with what sending it
 * needs. (Not `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`: decision 017 measured that
 * form claiming more than it returns.)
 */
function claimOne(db: Db, now: Date) {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(
        webhookEndpoints,
        and(
          eq(webhookEndpoints.siteId, webhookDeliveries.siteId),
          eq(webhookEndpoints.id, webhookDeliveries.endpointId),
        ),
      )
      .where(
        and(
          eq(webhookDeliveries.status, "pending"),
          lte(webhookDeliveries.nextAttemptAt, now),
          isNull(webhookEndpoints.disabledAt),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(1)
      .for("update", { of: webhookDeliveries, skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS),
      })
      .where(eq(webhookDeliveries.id, due.id))
      .returning();
    if (!claimed) return undefined;
    const [parts] = await tx
      .select({
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        type: webhookEvents.type,
        createdAt: webhookEvents.createdAt,
        payload: webhookEvents.payload,
      })
      .from(webhookEvents)
      .innerJoin(
        webhookEndpoints,
        and(eq(webhookEndpoints.siteId, webhookEvents.siteId), eq(webhookEndpoints.id, claimed.endpointId)),
      )
      .where(and(eq(webhookEvents.siteId, claimed.siteId), eq(webhookEvents.id, claimed.eventId)));
    return parts ? { delivery: claimed, ...parts } : undefined;
  });
}

/**
 * What went wrong, as a code the back office translates: never the receiver's words (they may echo
 * personal data) nor a network error's text (it tells which names resolve inside our network).
 */
function describeFailure(err: unknown): DeliveryErrorCode {
  const e = err as { name?: unknown };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return "timeout";
  return isAddressRefused(err) ? "address_refused" : "connect_failed";
}

type Attempt = { ok: true; status: number } | { ok: false; status: number | null; error: DeliveryErrorCode };

async function post(
  doFetch: typeof fetch,
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; rules: EndpointUrlRules; dispatcher: Dispatcher },
): Promise<Attempt> {
  // Checked again at sending: a row written around the form (SQL, an old rule) still cannot reach inside the network.
  if (endpointUrlProblem(url, options.rules)) return { ok: false, status: null, error: "address_refused" };
  try {
    const response = await doFetch(url, {
      method: "POST",
      headers,
      body,
      // A redirect could lead to an address the URL check never saw: it counts as a failure.
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
      // undici's option (not in the DOM's RequestInit): the connection's address is filtered.
      dispatcher: options.dispatcher,
    } as RequestInit);
    // The body is not read (nor kept): free the connection.
    await response.body?.cancel().catch(() => {});
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, status: response.status, error: "http_status" };
  } catch (err) {
    return { ok: false, status: null, error: describeFailure(err) };
  }
}

/**
 * Delivers due deliveries of every site. The owner only finds which sites have some; each claim and
 * outcome is written as the app role in the delivery's site, the sites taking turns. Each is
 * claimed before it is sent, so concurrent workers never send one twice; only a crash between the
 * receiver's answer and the final update repeats one (after the lease), which the receiver drops by
 * its `webhook-id`. Delivery errors never escape; a database error does (the loop logs it).
 */
export async function deliverDueWebhooks(
  handle: Pick<DbHandle, "db" | "forSite">,
  options: DeliverOptions = {},
): Promise<DeliverResult> {
  const doFetch = options.fetch ?? fetch;
  const limit = options.limit ?? 50;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const rules = options.rules ?? { allowHttpLoopback: false };
  const dispatcher = outboundDispatcher({ loopbackException: rules.allowHttpLoopback, lookup: options.lookup });
  const result: DeliverResult = { succeeded: 0, retrying: 0, failed: 0 };
  let started = 0;
  const sites = await sitesWithDueDeliveries(handle.db, options.now ?? new Date());

  const worker = async () => {
    while (started < limit && sites.length > 0) {
      const now = options.now ?? new Date();
      // Back in the turn at once, so the other workers may claim in the same site meanwhile.
      const siteId = sites.shift() as string;
      sites.push(siteId);
      const db = handle.forSite(siteId);
      started++;
      const job = await claimOne(db, now);
      if (!job) {
        // None left due in that site: it leaves the turn.
        started--;
        const at = sites.indexOf(siteId);
        if (at >= 0) sites.splice(at, 1);
        continue;
      }
      const { delivery } = job;
      const claimed = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts));
      const log = {
        deliveryId: delivery.id,
        siteId: delivery.siteId,
        endpointId: delivery.endpointId,
        eventId: delivery.eventId,
        eventType: job.type,
        attempts: delivery.attempts,
      };
      const body = webhookBody(job);
      const attempt = await post(doFetch, job.url, signWebhook(job.secret, delivery.eventId, body, new Date()), body, {
        timeoutMs,
        rules,
        dispatcher,
      });
      if (attempt.ok) {
        await db
          .update(webhookDeliveries)
          .set({ status: "succeeded", deliveredAt: new Date(), lastStatusCode: attempt.status, lastError: null })
          .where(claimed);
        options.logger?.info({ ...log, statusCode: attempt.status }, "webhook delivered");
        result.succeeded++;
        continue;
      }
      const delay = webhookRetryDelayMs(delivery.attempts);
      await db
        .update(webhookDeliveries)
        .set({
          status: delay === null ? "failed" : "pending",
          lastStatusCode: attempt.status,
          lastError: attempt.error,
          nextAttemptAt: new Date(now.getTime() + (delay ?? 0)),
        })
        .where(claimed);
      // Never the URL (it may carry a token), the secret or the body.
      options.logger?.warn(
        { ...log, statusCode: attempt.status, error: attempt.error, gaveUp: delay === null },
        "webhook delivery failed",
      );
      if (delay === null) result.failed++;
      else result.retrying++;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  } finally {
    // Every request of the run has ended: nothing to wait for, and a close must never hold the worker.
    await dispatcher.destroy().catch(() => {});
  }
  return result;
}

/**
 * Runs `deliverDueWebhooks` every `intervalMs` (at once again after a full batch) until stopped.
 * Started by the server beside the mail relay; always on: a site without endpoints has no deliveries.
 */
export function startWebhookWorker(options: {
  handle: Pick<DbHandle, "db" | "forSite">;
  logger: Logger;
  fetch?: typeof fetch;
  rules: EndpointUrlRules;
  intervalMs?: number;
  batch?: number;
}): { stop(): Promise<void> } {
  const { handle, logger } = options;
  const batch = options.batch ?? 20;
  return startPollingWorker({
    batch: async () => {
      const r = await deliverDueWebhooks(handle, {
        fetch: options.fetch,
        rules: options.rules,
        logger,
        limit: batch,
        concurrency: 4,
      });
      return r.succeeded + r.retrying + r.failed;
    },
    batchSize: batch,
    intervalMs: options.intervalMs ?? 2000,
    logger,
    failure: "webhook worker run failed",
  });
}
