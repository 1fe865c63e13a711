import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import { type Actor, authorize } from "#server/staff/permissions";
import { type LookupAll, resolvedUrlProblem } from "./outbound";
import { type EndpointUrlRules, endpointUrlProblem, type WebhookEndpointInput } from "./webhook.schema";

/**
 * The owner's webhook endpoints and their deliveries (issue 25, decision 034). Every function checks
 * `integrations.manage` (owners only) before it reads or writes, and names the site in every query.
 * The signing secret is shown after creation and again on the endpoint page when the owner asks
 * (audited), as Stripe does: it is a shared secret the receiver must hold, not a password.
 */

export type WebhookEndpoint = Omit<typeof webhookEndpoints.$inferSelect, "secret">;

const endpointColumns = {
  id: webhookEndpoints.id,
  siteId: webhookEndpoints.siteId,
  url: webhookEndpoints.url,
  eventTypes: webhookEndpoints.eventTypes,
  description: webhookEndpoints.description,
  createdAt: webhookEndpoints.createdAt,
  disabledAt: webhookEndpoints.disabledAt,
};

/** `whsec_` + base64 of 32 random bytes: the form the Standard Webhooks libraries read. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

const ENTITY = "webhook_endpoint";

export async function listWebhookEndpoints(db: Db, siteId: string, actor: Actor): Promise<WebhookEndpoint[]> {
  authorize(actor, "integrations.manage");
  return db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.siteId, siteId))
    .orderBy(webhookEndpoints.id);
}

async function findEndpoint(db: Db, siteId: string, id: number): Promise<WebhookEndpoint> {
  const [row] = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.siteId, siteId), eq(webhookEndpoints.id, id)));
  if (!row) throw notFoundError();
  return row;
}

/** One endpoint of the site; another site's id is a 404. */
export async function getWebhookEndpoint(db: Db, siteId: string, actor: Actor, id: number): Promise<WebhookEndpoint> {
  authorize(actor, "integrations.manage");
  return findEndpoint(db, siteId, id);
}

/** Adds an endpoint; its new secret is returned to be shown to the owner. */
export async function createWebhookEndpoint(
  db: Db,
  siteId: string,
  actor: Actor,
  input: WebhookEndpointInput,
  rules: EndpointUrlRules,
  deps: { lookup?: LookupAll } = {},
): Promise<{ id: number; secret: string }> {
  authorize(actor, "integrations.manage");
  // The form's schema checked the text already (again here for callers that come another way);
  // only the server can tell where a name leads.
  const problem = endpointUrlProblem(input.url, rules) ?? (await resolvedUrlProblem(input.url, rules, deps.lookup));
  if (problem) throw new AppError("invalid_input", { fieldErrors: { url: { code: problem } } });
  const secret = newWebhookSecret();
  const eventTypes = [...new Set(input.event_types)];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ siteId, url: input.url, description: input.description, eventTypes, secret })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error("webhook endpoint not created");
    await recordAudit(tx, siteId, actor, {
      action: "webhook.create",
      entity: ENTITY,
      entityId: row.id,
      after: { url: input.url, description: input.description, eventTypes },
    });
    return { id: row.id, secret };
  });
}

/** The secret, for the owner who asks to see it again (each look is in the audit log). */
export async function revealWebhookSecret(db: Db, siteId: string, actor: Actor, id: number): Promise<string> {
  authorize(actor, "integrations.manage");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.siteId, siteId), eq(webhookEndpoints.id, id)));
    if (!row) throw notFoundError();
    await recordAudit(tx, siteId, actor, { action: "webhook.reveal_secret", entity: ENTITY, entityId: id });
    return row.secret;
  });
}

/**
 * A new secret at once: every delivery from now on is signed with it, retries of older events
 * included. (One secret column: no overlap with the old one, so the receiver updates right away.)
 */
export async function rotateWebhookSecret(db: Db, siteId: string, actor: Actor, id: number): Promise<string> {
  authorize(actor, "integrations.manage");
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secret })
      .where(and(eq(webhookEndpoints.siteId, siteId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id });
    if (!row) throw notFoundError();
    await recordAudit(tx, siteId, actor, { action: "webhook.rotate_secret", entity: ENTITY, entityId: id });
    return secret;
  });
}

/**
 * Turns an endpoint off or on. Off: it gets no new events, and deliveries still waiting are marked
 * failed (they can be sent again one by one), so turning it on later does not flood the receiver.
 */
export async function setWebhookEndpointEnabled(
  db: Db,
  siteId: string,
  actor: Actor,
  id: number,
  enabled: boolean,
): Promise<void> {
  authorize(actor, "integrations.manage");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: enabled ? null : sql`coalesce(${webhookEndpoints.disabledAt}, now())` })
      .where(and(eq(webhookEndpoints.siteId, siteId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id });
    if (!row) throw notFoundError();
    if (!enabled) {
      await tx
        .update(webhookDeliveries)
        .set({ status: "failed", lastError: "endpoint_disabled" })
        .where(
          and(
            eq(webhookDeliveries.siteId, siteId),
            eq(webhookDeliveries.endpointId, id),
            eq(webhookDeliveries.status, "pending"),
          ),
        );
    }
    await recordAudit(tx, siteId, actor, {
      action: enabled ? "webhook.enable" : "webhook.disable",
      entity: ENTITY,
      entityId: id,
    });
  });
}

/** Deletes an endpoint with its deliveries (the events stay for the other endpoints). */
export async function deleteWebhookEndpoint(db: Db, siteId: string, actor: Actor, id: number): Promise<void> {
  authorize(actor, "integrations.manage");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.siteId, siteId), eq(webhookEndpoints.id, id)))
      .returning({ url: webhookEndpoints.url });
    if (!row) throw notFoundError();
    await recordAudit(tx, siteId, actor, {
      action: "webhook.delete",
      entity: ENTITY,
      entityId: id,
      before: { url: row.url },
    });
  });
}

export interface DeliveryRow {
  id: number;
  endpointId: number;
  endpointUrl: string;
  eventId: string;
  eventType: string;
  /** The booking the event is about. */
  reserveNo: string | null;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  nextAttemptAt: Date;
}

export const DELIVERY_PAGE_SIZE = 50;

/** The newest deliveries of the site, or of one endpoint (404 when it is not the site's). */
export async function listWebhookDeliveries(
  db: Db,
  siteId: string,
  actor: Actor,
  options: { endpointId?: number; limit?: number } = {},
): Promise<DeliveryRow[]> {
  authorize(actor, "integrations.manage");
  if (options.endpointId !== undefined) await findEndpoint(db, siteId, options.endpointId);
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      endpointUrl: webhookEndpoints.url,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      reserveNo: sql<string | null>`${webhookEvents.payload}->'reservation'->>'reserve_no'`,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEvents,
      and(eq(webhookEvents.siteId, webhookDeliveries.siteId), eq(webhookEvents.id, webhookDeliveries.eventId)),
    )
    .innerJoin(
      webhookEndpoints,
      and(eq(webhookEndpoints.siteId, webhookDeliveries.siteId), eq(webhookEndpoints.id, webhookDeliveries.endpointId)),
    )
    .where(
      and(
        eq(webhookDeliveries.siteId, siteId),
        options.endpointId !== undefined ? eq(webhookDeliveries.endpointId, options.endpointId) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(Math.min(options.limit ?? DELIVERY_PAGE_SIZE, 200));
  return rows as DeliveryRow[];
}

/**
 * "Send again": a delivery that succeeded or failed goes back to pending, due now, with its attempts
 * counted afresh; it carries the same event id, so a receiver that has it may drop it. One already
 * pending is left as it is (a double click queues nothing twice). Another site's id is a 404.
 */
export async function resendDelivery(
  db: Db,
  siteId: string,
  actor: Actor,
  deliveryId: number,
  options: { endpointId?: number } = {},
): Promise<void> {
  authorize(actor, "integrations.manage");
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: webhookDeliveries.id, status: webhookDeliveries.status, eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.siteId, siteId),
          eq(webhookDeliveries.id, deliveryId),
          // On an endpoint's page: that endpoint's deliveries only.
          options.endpointId !== undefined ? eq(webhookDeliveries.endpointId, options.endpointId) : undefined,
        ),
      );
    if (!found) throw notFoundError();
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, deliveredAt: null })
      .where(
        and(
          eq(webhookDeliveries.siteId, siteId),
          eq(webhookDeliveries.id, deliveryId),
          inArray(webhookDeliveries.status, ["succeeded", "failed"]),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (!row) return;
    await recordAudit(tx, siteId, actor, {
      action: "webhook.resend",
      entity: "webhook_delivery",
      entityId: deliveryId,
      before: { status: found.status },
      after: { status: "pending", eventId: found.eventId },
    });
  });
}

/** How long after its creation an endpoint's page shows its secret without being asked. */
export const NEW_SECRET_WINDOW_MS = 10 * 60_000;

/**
 * The secret of an endpoint made in the last minutes, for the page its creation leads to (the
 * creation is in the audit log already); null once that window has passed: then the owner asks.
 */
export async function newEndpointSecret(
  db: Db,
  siteId: string,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<string | null> {
  authorize(actor, "integrations.manage");
  const [row] = await db
    .select({ secret: webhookEndpoints.secret, createdAt: webhookEndpoints.createdAt })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.siteId, siteId), eq(webhookEndpoints.id, id)));
  if (!row) throw notFoundError();
  return now.getTime() - row.createdAt.getTime() <= NEW_SECRET_WINDOW_MS ? row.secret : null;
}
