import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { safeParse, type z } from "zod";
import type { JsonApiDeps } from "#app/api/pipeline/env.server";
import { requestHash } from "#app/api/request-hash.server";
import type { Db } from "#server/db/client";
import { idempotencyKeys } from "#server/db/schema";
import { keyHasScope } from "#server/integrations/api-key.schema";
import {
  type ApiKeyPrincipal,
  apiKeySiteOf,
  authenticateApiKey,
  takeApiKeyRequest,
} from "#server/integrations/api-keys";
import { issuesError } from "./errors.server";
import type { PartnerOperation, PartnerRequest } from "./operation.server";
import { PartnerError } from "./problems.server";

/**
 * The checks every operation of the API for programs passes, in this order: the key (which names
 * the site), the site, the key's rate limit, the operation's scope, the request's shape, then
 * idempotency; a refusal is a `PartnerError`, answered as a problem by the app's `onError`.
 */

const BEARER = /^Bearer\s+(\S+)$/i;
const BODY_LIMIT = 256 * 1024;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,255}$/;
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="partner-api"' };

export const originOf = (deps: JsonApiDeps, request: Request) =>
  deps.services.publicOrigin ?? new URL(request.url).origin;

/** The key and its site, or the refusal that says which of missing, invalid or revoked it is. */
async function caller(deps: JsonApiDeps, c: Context) {
  const authorization = c.req.header("authorization");
  if (!authorization) throw new PartnerError("missing-api-key", "Send `Authorization: Bearer <key>`.", {}, CHALLENGE);
  const secret = BEARER.exec(authorization)?.[1] ?? "";
  const found = await apiKeySiteOf(deps.database.db, secret);
  if (!found) throw new PartnerError("invalid-api-key", "The API key is not recognised.", {}, CHALLENGE);
  if (found.revoked) throw new PartnerError("revoked-api-key", "The API key was revoked.", {}, CHALLENGE);
  const { siteId } = found;
  const named = c.req.header("x-site-id");
  if (named !== undefined && named.trim() !== siteId) {
    throw new PartnerError("unknown-site", "`X-Site-Id` names another site than the key's.");
  }
  const db = deps.database.forSite(siteId);
  const bundle = await deps.services.siteCache.get(db, siteId);
  if (!bundle?.client.isActive) throw new PartnerError("unknown-site", "The key's site is not active.");
  const key = await authenticateApiKey(db, siteId, secret);
  // Revoked between the two reads.
  if (!key) throw new PartnerError("revoked-api-key", "The API key was revoked.", {}, CHALLENGE);
  return { siteId, db, bundle, key };
}

/** Counts the request against the key's minute; the `RateLimit-*` headers go on every answer. */
async function rateLimit(db: Db, siteId: string, key: ApiKeyPrincipal) {
  const taken = await takeApiKeyRequest(db, siteId, key);
  const headers: Record<string, string> = {
    "RateLimit-Policy": `${key.rateLimit};w=60`,
    "RateLimit-Limit": String(key.rateLimit),
    "RateLimit-Remaining": String(taken.allowed ? taken.remaining : 0),
    "RateLimit-Reset": String(taken.resetSeconds),
  };
  if (!taken.allowed) {
    throw new PartnerError(
      "rate-limited",
      `The key's ${key.rateLimit} requests per minute are used up; retry in ${taken.retryAfterSeconds} s.`,
      {},
      { ...headers, "Retry-After": String(taken.retryAfterSeconds) },
    );
  }
  return headers;
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!text.trim() && !type) return {};
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new PartnerError("unsupported-media-type", `Expected application/json, got ${type || "no Content-Type"}.`);
  }
  if (text.length > BODY_LIMIT) throw new PartnerError("malformed-json", "The body is larger than 256 KiB.");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PartnerError("malformed-json", `The body is not valid JSON: ${(error as Error).message}`);
  }
}

function parse(schema: z.core.$ZodType | undefined, value: unknown) {
  if (!schema) return undefined;
  const parsed = safeParse(schema, value);
  if (!parsed.success) throw issuesError(parsed.error.issues);
  return parsed.data;
}

/** Everything a handler needs, or the first refusal. Sets the rate-limit headers on `headers`. */
export async function admit(
  deps: JsonApiDeps,
  op: PartnerOperation,
  c: Context,
  headers: Record<string, string>,
): Promise<PartnerRequest> {
  const { siteId, db, bundle, key } = await caller(deps, c);
  Object.assign(headers, await rateLimit(db, siteId, key));
  if (!keyHasScope(key.scopes, op.scope)) {
    throw new PartnerError("insufficient-scope", `The key lacks the scope \`${op.scope}\`.`, { scope: op.scope });
  }
  const params = op.params ? safeParse(op.params, c.req.param()) : null;
  if (params && !params.success) {
    throw new PartnerError(
      op.path.includes(":reservationNumber") ? "reservation-not-found" : "unknown-store",
      "Not found.",
    );
  }
  const query = parse(op.query, Object.fromEntries(new URL(c.req.url).searchParams));
  const raw = op.body ? await readBody(c.req.raw) : undefined;
  const body = op.body ? parse(op.body, raw) : undefined;
  let idempotencyKey: string | null = null;
  if (op.idempotent) {
    idempotencyKey = c.req.header("idempotency-key") ?? null;
    if (!idempotencyKey || !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new PartnerError(
        "idempotency-key-required",
        "Send an `Idempotency-Key` header of 8 to 255 printable ASCII characters.",
      );
    }
  }
  return {
    siteId,
    bundle,
    db,
    services: deps.services,
    key,
    origin: originOf(deps, c.req.raw),
    request: c.req.raw,
    requestId: (c.get("requestId") as string | undefined) ?? "",
    idempotencyKey,
    now: new Date(),
    query,
    params: params?.data,
    body,
    rawBody: raw,
  };
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Runs a write once per `Idempotency-Key` (decision 021's table): a retry with the same body gets the
 * first answer again (`replayed`), another body is refused, a retry while the first runs is told so.
 * A refusal is not kept: the key may be used again once the input is fixed.
 */
export async function once(
  req: PartnerRequest,
  op: PartnerOperation,
  run: () => Promise<Answer>,
): Promise<Answer & { replayed?: boolean }> {
  if (!req.idempotencyKey) return run();
  const { db, siteId } = req;
  const key = `partner:key${req.key.keyId}:${op.operationId}:${req.idempotencyKey}`;
  const path = { path: new URL(req.request.url).pathname };
  const hash = requestHash(op.operationId, path, req.rawBody, req.services.fingerprintKey);
  const where = and(eq(idempotencyKeys.siteId, siteId), eq(idempotencyKeys.key, key));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ siteId, key, requestHash: hash, expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS) })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!inserted.length) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row || row.requestHash !== hash) {
      throw new PartnerError("idempotency-key-reused", "This Idempotency-Key was used with another body.");
    }
    if (!row.response) {
      throw new PartnerError("request-in-progress", "The first request with this Idempotency-Key is still running.");
    }
    return { ...(row.response as unknown as Answer), replayed: true };
  }
  let kept = false;
  try {
    const answer = await run();
    await db
      .update(idempotencyKeys)
      .set({ response: { status: answer.status, body: answer.body as Record<string, unknown> } })
      .where(where);
    kept = true;
    return answer;
  } finally {
    if (!kept) await db.delete(idempotencyKeys).where(where);
  }
}
