import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Operation } from "#app/api/operation.server";
import { problem, problemResponse } from "#app/api/problem.server";
import { requestHash } from "#app/api/request-hash.server";
import { sessionCookieName } from "#app/lib/session.server";
import { readCookie } from "#common/locales";
import type { Db } from "#server/db/client";
import { idempotencyKeys } from "#server/db/schema";
import { type ApiEnv, answerResponse, type JsonApiDeps } from "./env.server";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,255}$/;
/** How long a stored answer is replayed. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Decision 021's store of idempotency keys for the API, on an operation that honours
 * `Idempotency-Key`: the first request keeps its answer, a retry with the same key and body gets it
 * again (`Idempotent-Replayed: true`), another body under the key is refused, and a retry while the
 * first is still at work is told so. A refusal is not kept: the key may be used again once the input
 * is fixed.
 */
export const idempotencyMiddleware = (deps: JsonApiDeps, op: Operation) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    const given = op.idempotent ? c.req.header(IDEMPOTENCY_HEADER) : undefined;
    if (given === undefined) return next();
    const { locale, siteId } = c.var;
    if (!IDEMPOTENCY_KEY.test(given)) {
      return problemResponse(
        problem(locale, "invalid_input", { fieldErrors: { [IDEMPOTENCY_HEADER]: { code: "invalid_input" } } }),
      );
    }
    const db = deps.database.forSite(siteId);
    const key = `api:${await callerKey(c.var, c.req.raw)}:${op.operationId}:${given}`;
    const hash = requestHash(
      op.operationId,
      c.req.param() as Record<string, string>,
      c.var.rawBody,
      deps.services.fingerprintKey,
    );
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ siteId, key, requestHash: hash, expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!inserted.length) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.siteId, siteId), eq(idempotencyKeys.key, key)));
      if (!row || row.requestHash !== hash) {
        return problemResponse(problem(locale, "rejected", { reason: { code: "idempotency_key_reused" } }));
      }
      if (!row.response)
        return problemResponse(problem(locale, "conflict", { reason: { code: "submit_in_progress" } }));
      const stored = row.response as { status: number; body: unknown };
      return answerResponse({ ...stored, headers: { "Idempotent-Replayed": "true" } });
    }

    let kept = false;
    try {
      await next();
      const answer = c.var.answer;
      if (c.error === undefined && answer) {
        await keep(db, siteId, key, answer.status, answer.body);
        kept = true;
      }
    } finally {
      if (!kept) await forget(db, siteId, key);
    }
  });

const whereKey = (siteId: string, key: string) => and(eq(idempotencyKeys.siteId, siteId), eq(idempotencyKeys.key, key));

const keep = (db: Db, siteId: string, key: string, status: number, body: unknown) =>
  db
    .update(idempotencyKeys)
    .set({ response: { status, body: body as Record<string, unknown> } })
    .where(whereKey(siteId, key));

const forget = (db: Db, siteId: string, key: string) => db.delete(idempotencyKeys).where(whereKey(siteId, key));

/**
 * Whose idempotency keys these are: a key's, a member's, or a guest's session (by a hash of its
 * cookie), so one caller's key never replays another's answer.
 */
async function callerKey(vars: ApiEnv["Variables"], request: Request) {
  if (vars.caller.kind === "key") return `key${vars.caller.key.keyId}`;
  const memberId = (await vars.session?.member())?.id;
  if (memberId) return `member${memberId}`;
  const token = readCookie(request.headers.get("cookie"), sessionCookieName(vars.siteId, request)) ?? "";
  return `guest${createHash("sha256").update(token).digest("hex").slice(0, 32)}`;
}
