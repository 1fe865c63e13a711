import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { apiKeys, rateLimits, staff } from "#server/db/schema";
import { notFoundError } from "#server/errors";
import { type Actor, authorize } from "#server/staff/permissions";
import type { ApiKeyInput, ApiScope } from "./api-key.schema";

/**
 * The JSON API's keys (issue 25, decision 033). A key belongs to one site; its secret is
 * `rcb_` + base64url of 32 random bytes, shown once when it is made. Only its SHA-256 is stored:
 * 256 random bits need no slow hash, and a lookup by hash (unique index) compares no secret in
 * JavaScript, so there is no timing to measure. `prefix` (the first 12 characters) tells keys
 * apart in the list. The back office's functions are the owner's (`integrations.manage`) and audited.
 */

// The list lives in the client-safe schema (the form's checkboxes need it); re-exported as the API's contract.
export { API_SCOPES, type ApiScope } from "./api-key.schema";

export interface ApiKeyPrincipal {
  keyId: number;
  name: string;
  scopes: readonly ApiScope[];
  rateLimit: number;
}

const SECRET_PREFIX = "rcb_";
/** `rcb_` and 43 base64url characters (32 bytes, no padding): anything else never reaches the database. */
const SECRET_FORMAT = /^rcb_[A-Za-z0-9_-]{43}$/;
const DISPLAY_PREFIX_LENGTH = 12;
const MINUTE_MS = 60_000;
/** The largest id a `serial` column holds: a bigger number names no key (404, not a database error). */
const MAX_ID = 2_147_483_647;

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Whether a string has the shape of a key's secret (cheap; says nothing about whether it exists). */
export const isApiKeySecret = (value: unknown): value is string =>
  typeof value === "string" && SECRET_FORMAT.test(value);

/** The key a secret names on this site, or null (unknown, revoked, another site's). Updates last_used_at at most once a minute. */
export async function authenticateApiKey(
  db: Db,
  siteId: string,
  secret: string,
  now: Date = new Date(),
): Promise<ApiKeyPrincipal | null> {
  if (!isApiKeySecret(secret)) return null;
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      rateLimit: apiKeys.rateLimit,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    // The handle is scoped to the site already (row-level security); the filter says so again.
    .where(and(eq(apiKeys.siteId, siteId), eq(apiKeys.secretHash, hashSecret(secret)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  // A write per request would cost more than the lookup: a minute's precision is what the list shows.
  const staleBefore = new Date(now.getTime() - MINUTE_MS);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.siteId, siteId),
          eq(apiKeys.id, row.id),
          // Another process may have written it meanwhile.
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore)),
        ),
      );
  }
  return {
    keyId: row.id,
    name: row.name,
    // The table's check constraint admits only the known scopes.
    scopes: row.scopes as ApiScope[],
    rateLimit: row.rateLimit,
  };
}

/** The `rate_limits` key of an API key's windows (the table has no site column: the site is in the key). */
const rateKey = (siteId: string, keyId: number) => `api:key:${siteId}:${keyId}`;

/**
 * Counts one request against the key's per-minute window (the `rate_limits` table, see server/auth/throttle.ts);
 * refused with the seconds until the window ends. Fixed windows on the minute, counted by one
 * upsert, so several processes share the count.
 */
export async function takeApiKeyRequest(
  db: Db,
  siteId: string,
  principal: ApiKeyPrincipal,
  now: Date = new Date(),
): Promise<
  | { allowed: true; remaining: number; resetSeconds: number }
  | { allowed: false; retryAfterSeconds: number; resetSeconds: number }
> {
  const start = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const resetSeconds = Math.max(1, Math.ceil((start.getTime() + MINUTE_MS - now.getTime()) / 1000));
  const key = rateKey(siteId, principal.keyId);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      // Stops one past the limit: a client hammering a refused key does not grow the number.
      set: { count: sql`least(${rateLimits.count} + 1, ${principal.rateLimit + 1})` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  // The first request of a window drops the key's older ones (one indexed delete a minute, not one per request).
  if (count === 1) {
    await db.delete(rateLimits).where(and(eq(rateLimits.key, key), lt(rateLimits.windowStart, start)));
  }
  if (count > principal.rateLimit) return { allowed: false, retryAfterSeconds: resetSeconds, resetSeconds };
  return { allowed: true, remaining: principal.rateLimit - count, resetSeconds };
}

// The back office (owners only).

/** A key as the back office lists it: never its hash, never its secret. */
export interface ApiKeyListItem {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  rateLimit: number;
  createdAt: Date;
  /** Who made it (their e-mail), or null when that account is gone. */
  createdBy: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Makes a key: the answer is the only time its secret exists in clear. */
export async function createApiKey(
  db: Db,
  siteId: string,
  actor: Actor,
  input: ApiKeyInput,
): Promise<{ id: number; secret: string }> {
  authorize(actor, "integrations.manage");
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
  const prefix = secret.slice(0, DISPLAY_PREFIX_LENGTH);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        siteId,
        name: input.name,
        prefix,
        secretHash: hashSecret(secret),
        scopes: [...input.scopes],
        rateLimit: input.rateLimit,
        createdBy: actor.staffId,
      })
      .returning({ id: apiKeys.id });
    if (!row) throw new Error("api_keys insert returned no row");
    // The prefix identifies the key in the log as in the list; the secret and its hash never enter it.
    await recordAudit(tx, siteId, actor, {
      action: "api_key.create",
      entity: "api_key",
      entityId: row.id,
      after: { name: input.name, prefix, scopes: input.scopes, rateLimit: input.rateLimit },
    });
    return row.id;
  });
  return { id, secret };
}

/** The site's keys, newest first (revoked ones included, so the list says what stopped working). */
export async function listApiKeys(db: Db, siteId: string, actor: Actor): Promise<ApiKeyListItem[]> {
  authorize(actor, "integrations.manage");
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      rateLimit: apiKeys.rateLimit,
      createdAt: apiKeys.createdAt,
      createdBy: staff.email,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .leftJoin(staff, and(eq(staff.siteId, apiKeys.siteId), eq(staff.id, apiKeys.createdBy)))
    .where(eq(apiKeys.siteId, siteId))
    .orderBy(desc(apiKeys.id));
  return rows.map((r) => ({ ...r, scopes: r.scopes as ApiScope[] }));
}

/**
 * Revokes a key at once: the next request with it is refused. A key already revoked stays as it
 * was (no second entry in the log); an id of no key of this site is a 404.
 */
export async function revokeApiKey(
  db: Db,
  siteId: string,
  actor: Actor,
  id: number,
  now: Date = new Date(),
): Promise<{ name: string }> {
  authorize(actor, "integrations.manage");
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw notFoundError();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: apiKeys.name, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.siteId, siteId), eq(apiKeys.id, id)))
      .for("update");
    if (!row) throw notFoundError();
    if (row.revokedAt) return { name: row.name };
    await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.siteId, siteId), eq(apiKeys.id, id)));
    await recordAudit(tx, siteId, actor, {
      action: "api_key.revoke",
      entity: "api_key",
      entityId: id,
      before: { revokedAt: null },
      after: { revokedAt: now },
    });
    return { name: row.name };
  });
}

/**
 * The site a secret's key belongs to, and whether it was revoked: the API for programs (issue 42)
 * takes the site from the key. Read across sites with the owner, like the payment webhook finds its
 * booking; the key is then authenticated in that site's scope (`authenticateApiKey`).
 */
export async function apiKeySiteOf(
  acrossSites: Db,
  secret: string,
): Promise<{ siteId: string; revoked: boolean } | null> {
  if (!isApiKeySecret(secret)) return null;
  const [row] = await acrossSites
    .select({ siteId: apiKeys.siteId, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, hashSecret(secret)))
    .limit(1);
  return row ? { siteId: row.siteId, revoked: row.revokedAt !== null } : null;
}
