import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { safeParse, type z } from "zod";
import { scopedCookieName } from "../../common/embedding";
import { type Locale, localeFromPath, readCookie, siteLocales } from "../../common/locales";
import type { DbHandle } from "../../server/db/client";
import { idempotencyKeys } from "../../server/db/schema";
import { AppError } from "../../server/errors";
import type { AppServices } from "../../server/http/context";
import { CSRF_COOKIE, CSRF_HEADER, originAllowed, tokensMatch, validCsrfToken } from "../../server/http/csrf";
import { authenticateApiKey, takeApiKeyRequest } from "../../server/integrations/api-keys";
import { openSession, type SessionHandle, sessionCookieName } from "../lib/session.server";
import { apiDocument } from "./openapi.server";
import type { ApiRequest, Caller, Operation } from "./operation.server";
import { Reply } from "./operation.server";
import { OPERATIONS } from "./operations.server";
import { problem, problemOfError, problemOfIssues, problemResponse } from "./problem.server";
import { referencePage } from "./reference.server";

/** The header that names the site, as §7 asks ("send a site id header"). */
export const SITE_HEADER = "X-Site-Id";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const SITE_ID = /^[a-z0-9][a-z0-9_-]{1,62}$/;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,255}$/;
/** How long a stored answer is replayed. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** The largest JSON body an operation reads. */
const BODY_LIMIT = 256 * 1024;

export interface JsonApiDeps {
  database: Pick<DbHandle, "db" | "forSite">;
  services: Omit<AppServices, "db" | "acrossSites">;
}

type Vars = { Variables: { requestId?: string; clientIp?: string } };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

/**
 * A JSON body as the forms' schemas read it (decision 033): the same field names, with numbers
 * given as text and a false checkbox left out, so the pages' Zod schema is the API's too.
 */
export function formShaped(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === false) continue;
    if (value === true) out[key] = "1";
    else if (typeof value === "number") out[key] = String(value);
    else if (Array.isArray(value)) out[key] = value.map((v) => (typeof v === "number" ? String(v) : v));
    else out[key] = value;
  }
  return out;
}

async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const text = await request.text();
  if (text.length > BODY_LIMIT) return { ok: false };
  if (!text.trim()) return { ok: true, value: {} };
  if (type !== "application/json" && !type.endsWith("+json")) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function parse(schema: z.core.$ZodType | undefined, value: unknown, locale: Locale) {
  if (!schema) return { ok: true as const, data: undefined };
  const parsed = safeParse(schema, value);
  return parsed.success
    ? { ok: true as const, data: parsed.data }
    : { ok: false as const, response: problemResponse(problemOfIssues(locale, parsed.error.issues)) };
}

/**
 * The JSON API of §7 (decision 033), under `/api/v1` and each language's prefix. Every operation
 * runs the same pipeline: the site from `X-Site-Id`, the caller (a key, or the browser's session
 * with CSRF on changes), the schemas, idempotency, then its handler over the domain functions.
 */
export function createJsonApi(deps: JsonApiDeps) {
  const api = new Hono<Vars>();
  const { services } = deps;

  api.get("/openapi.json", () =>
    json(200, apiDocument(), { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" }),
  );
  const docsBase = (path: string) => path.slice(0, path.indexOf("/docs"));
  api.get("/docs", (c) => referencePage(docsBase(c.req.path)));
  api.get("/docs/:section", (c) => referencePage(docsBase(c.req.path), c.req.param("section")));

  for (const op of OPERATIONS) {
    api.on(op.method.toUpperCase(), op.path, async (c) => {
      const request = c.req.raw;
      const locale = localeFromPath(new URL(request.url).pathname);
      try {
        return await run(
          op,
          request,
          locale,
          c.req.param() as Record<string, string>,
          c.get("requestId") ?? "",
          c.get("clientIp") ?? "unknown",
        );
      } catch (error) {
        const known = problemOfError(locale, error);
        if (known) return problemResponse(known);
        services.logger.error(
          { err: error, requestId: c.get("requestId"), operation: op.operationId },
          "api operation failed",
        );
        return problemResponse(problem(locale, "internal"));
      }
    });
  }
  api.all("*", (c) => problemResponse(problem(localeFromPath(c.req.path), "not_found")));

  async function run(
    op: Operation,
    request: Request,
    locale: Locale,
    pathParams: Record<string, string>,
    requestId: string,
    clientIp: string,
  ): Promise<Response> {
    // The site, as every page resolves it: unknown, inactive, or not offered in this language is 404 (ClientNotFound).
    const siteId = request.headers.get(SITE_HEADER)?.trim() ?? "";
    if (!SITE_ID.test(siteId)) return problemResponse(problem(locale, "not_found"));
    const db = deps.database.forSite(siteId);
    const bundle = await services.siteCache.get(db, siteId);
    if (!bundle?.client.isActive || !siteLocales(bundle.settings.supportedLanguages).includes(locale)) {
      services.logger.warn({ requestId, siteId }, "ClientNotFound");
      return problemResponse(problem(locale, "not_found"));
    }

    // The caller: a key (its own authentication: no cookie is read) or the browser.
    const authorization = request.headers.get("authorization");
    let caller: Caller = { kind: "browser" };
    let rateHeaders: Record<string, string> = {};
    if (authorization !== null) {
      const secret = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? "";
      const key = await authenticateApiKey(db, siteId, secret);
      if (!key) return problemResponse(problem(locale, "unauthorized"), { "WWW-Authenticate": 'Bearer realm="api"' });
      const taken = await takeApiKeyRequest(db, siteId, key);
      rateHeaders = {
        "RateLimit-Limit": String(key.rateLimit),
        "RateLimit-Reset": String(taken.resetSeconds),
        ...(taken.allowed ? { "RateLimit-Remaining": String(taken.remaining) } : {}),
      };
      if (!taken.allowed) {
        return problemResponse(problem(locale, "too_many_requests", { reason: { code: "too_many_attempts" } }), {
          ...rateHeaders,
          "Retry-After": String(taken.retryAfterSeconds),
        });
      }
      if (op.key === false || !key.scopes.includes(op.key)) {
        return problemResponse(problem(locale, "forbidden"), rateHeaders);
      }
      caller = { kind: "key", key };
    } else {
      if (op.browser === false) {
        return problemResponse(problem(locale, "unauthorized"), { "WWW-Authenticate": 'Bearer realm="api"' });
      }
      if (op.method === "post" && !csrfPassed(request)) {
        return problemResponse(problem(locale, "forbidden", { reason: { code: "csrf_failed" } }));
      }
    }

    const session = caller.kind === "browser" ? openSession({ db, siteId, request, logger: services.logger }) : null;
    // Every answer carries the session's cookie, a refusal too: a guest session started before it stays.
    const finish = (response: Response) => (session ? session.finish(response) : response);
    const member = async () => {
      const found = await session?.handle.member();
      if (!found) throw new AppError("unauthorized");
      return found;
    };
    try {
      // Who may call comes before what was sent: a guest gets 401 from a member's operation, never a 422.
      if (op.browser === "member" && caller.kind === "browser") await member();
      const query = parse(op.query, Object.fromEntries(new URL(request.url).searchParams), locale);
      if (!query.ok) return finish(query.response);
      const params = parse(op.params, pathParams, locale);
      if (!params.ok) return finish(problemResponse(problem(locale, "not_found")));
      let rawBody: unknown;
      if (op.body) {
        const read = await readJson(request);
        if (!read.ok)
          return finish(problemResponse(problem(locale, "invalid_input", { reason: { code: "invalid_input" } })));
        rawBody = formShaped(read.value);
      }
      const body = parse(op.body, rawBody ?? {}, locale);
      if (!body.ok) return finish(body.response);

      const input: ApiRequest = {
        siteId,
        bundle,
        locale,
        db,
        services,
        request,
        requestId,
        clientIp,
        now: new Date(),
        caller,
        session: session?.handle ?? null,
        member,
        query: query.data,
        params: params.data,
        body: body.data,
      };
      const answer = async (): Promise<{ status: number; body: unknown; headers: Record<string, string> }> => {
        const value = await op.handler(input);
        return value instanceof Reply
          ? { status: value.status, body: value.body, headers: value.headers }
          : { status: op.status ?? 200, body: value, headers: {} };
      };

      const idempotencyKey = op.idempotent ? request.headers.get(IDEMPOTENCY_HEADER) : null;
      let result: { status: number; body: unknown; headers: Record<string, string> };
      if (idempotencyKey !== null) {
        if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
          return finish(
            problemResponse(
              problem(locale, "invalid_input", { fieldErrors: { [IDEMPOTENCY_HEADER]: { code: "invalid_input" } } }),
            ),
          );
        }
        const replayed = await withIdempotency(
          deps,
          siteId,
          `api:${await callerKey(caller, session?.handle, request, siteId)}:${op.operationId}:${idempotencyKey}`,
          requestHash(op.operationId, pathParams, rawBody),
          answer,
        );
        if ("problem" in replayed) {
          return finish(problemResponse(problem(locale, replayed.problem.code, { reason: replayed.problem.reason })));
        }
        result = {
          ...replayed,
          headers: { ...replayed.headers, ...(replayed.replayed ? { "Idempotent-Replayed": "true" } : {}) },
        };
      } else {
        result = await answer();
      }
      return finish(
        result.status === 204
          ? new Response(null, { status: 204 })
          : json(result.status, result.body, { ...rateHeaders, ...result.headers }),
      );
    } catch (error) {
      const known = problemOfError(locale, error);
      if (!known) throw error;
      return finish(problemResponse(known, rateHeaders));
    }
  }

  return api;
}

/**
 * Whose idempotency keys these are: a key's, a member's, or a guest's session (by a hash of its
 * cookie), so one caller's key never replays another's answer.
 */
async function callerKey(caller: Caller, session: SessionHandle | undefined, request: Request, siteId: string) {
  if (caller.kind === "key") return `key${caller.key.keyId}`;
  const memberId = (await session?.member())?.id;
  if (memberId) return `member${memberId}`;
  const token = readCookie(request.headers.get("cookie"), sessionCookieName(siteId, request)) ?? "";
  return `guest${createHash("sha256").update(token).digest("hex").slice(0, 32)}`;
}

/** Fields never kept, even hashed: a card's number and code or a password are guessable from a plain hash. */
const SECRET_FIELD = /card|cvc|cvv|password|number/i;

/** What a retry must repeat to be replayed: the operation, its path and its body without secrets. */
function requestHash(operationId: string, pathParams: Record<string, string>, body: unknown): string {
  const kept =
    typeof body === "object" && body !== null && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).filter(([key]) => !SECRET_FIELD.test(key)))
      : body;
  return createHash("sha256")
    .update(JSON.stringify([operationId, pathParams, kept ?? null]))
    .digest("hex");
}

/** §7's browser calls: the CSRF rules of decision 012 (origin, then the double-submit token in `X-CSRF-Token`). */
function csrfPassed(request: Request): boolean {
  const url = new URL(request.url);
  if (
    !originAllowed({
      secFetchSite: request.headers.get("sec-fetch-site"),
      origin: request.headers.get("origin"),
      expected: url.origin,
    })
  ) {
    return false;
  }
  const cookie = validCsrfToken(readCookie(request.headers.get("cookie"), scopedCookieName(CSRF_COOKIE, false)));
  return tokensMatch(cookie, request.headers.get(CSRF_HEADER));
}

/**
 * Decision 021's store of idempotency keys for the API: the first request keeps its answer, a
 * retry with the same key and body gets it again, another body under the key is refused, and a
 * retry while the first is still at work is told so.
 */
async function withIdempotency(
  deps: JsonApiDeps,
  siteId: string,
  key: string,
  requestHash: string,
  answer: () => Promise<{ status: number; body: unknown; headers: Record<string, string> }>,
): Promise<
  | { status: number; body: unknown; headers: Record<string, string>; replayed: boolean }
  | { problem: { code: "rejected" | "conflict"; reason: { code: string } } }
> {
  const db = deps.database.forSite(siteId);
  const now = new Date();
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ siteId, key, requestHash, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!inserted.length) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.siteId, siteId), eq(idempotencyKeys.key, key)));
    if (!row || row.requestHash !== requestHash)
      return { problem: { code: "rejected", reason: { code: "idempotency_key_reused" } } };
    if (!row.response) return { problem: { code: "conflict", reason: { code: "submit_in_progress" } } };
    const stored = row.response as { status: number; body: unknown };
    return { status: stored.status, body: stored.body, headers: {}, replayed: true };
  }
  try {
    const result = await answer();
    await db
      .update(idempotencyKeys)
      .set({ response: { status: result.status, body: result.body as Record<string, unknown> } })
      .where(and(eq(idempotencyKeys.siteId, siteId), eq(idempotencyKeys.key, key)));
    return { ...result, replayed: false };
  } catch (error) {
    // A refusal is not an answer to keep: the key may be used again once the input is fixed.
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.siteId, siteId), eq(idempotencyKeys.key, key)));
    throw error;
  }
}
