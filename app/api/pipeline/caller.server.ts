import { createMiddleware } from "hono/factory";
import type { Operation } from "#app/api/operation.server";
import { problem, problemResponse } from "#app/api/problem.server";
import { openSession, type SessionHandle } from "#app/lib/session.server";
import { scopedCookieName } from "#common/embedding";
import { readCookie } from "#common/locales";
import { AppError } from "#server/errors";
import { CSRF_COOKIE, CSRF_HEADER, originAllowed, tokensMatch, validCsrfToken } from "#server/http/csrf";
import { keyHasScope } from "#server/integrations/api-key.schema";
import { authenticateApiKey, takeApiKeyRequest } from "#server/integrations/api-keys";
import type { ApiEnv, JsonApiDeps } from "./env.server";

const BEARER_REFUSAL = { "WWW-Authenticate": 'Bearer realm="api"' };

/** The signed-in member of a session, or a 401 asking to log in again (a key has no member). */
const memberOf = (session: SessionHandle | null) => async () => {
  const found = await session?.member();
  if (!found) throw new AppError("unauthorized");
  return found;
};

/**
 * The caller: a key (`Authorization: Bearer`, its own authentication: no cookie is read), counted
 * against its rate limit and held to the operation's scope, with the `RateLimit-*` headers on every
 * answer it gets; or the browser, whose changes (POST) pass the CSRF check and whose session's cookie
 * goes on every answer, a refusal too (a guest session started before it stays).
 */
export const callerMiddleware = (deps: JsonApiDeps, op: Operation) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    const { locale, siteId, db } = c.var;
    const authorization = c.req.header("authorization");
    if (authorization !== undefined) {
      const secret = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? "";
      const key = await authenticateApiKey(db, siteId, secret);
      if (!key) return problemResponse(problem(locale, "unauthorized"), BEARER_REFUSAL);
      const taken = await takeApiKeyRequest(db, siteId, key);
      const rateHeaders: Record<string, string> = {
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
      if (op.key === false || !keyHasScope(key.scopes, op.key)) {
        return problemResponse(problem(locale, "forbidden"), rateHeaders);
      }
      c.set("caller", { kind: "key", key });
      c.set("session", null);
      c.set("member", memberOf(null));
      await next();
      for (const [name, value] of Object.entries(rateHeaders)) c.res.headers.set(name, value);
      return;
    }

    if (op.browser === false) return problemResponse(problem(locale, "unauthorized"), BEARER_REFUSAL);
    if (op.method === "post" && !csrfPassed(c.req.raw)) {
      return problemResponse(problem(locale, "forbidden", { reason: { code: "csrf_failed" } }));
    }
    const session = openSession({ db, siteId, request: c.req.raw, logger: deps.services.logger });
    c.set("caller", { kind: "browser" });
    c.set("session", session.handle);
    c.set("member", memberOf(session.handle));
    await next();
    await session.finish(c.res);
  });

/** Who may call comes before what was sent: a guest gets 401 from a member's operation, never a 422. */
export const memberMiddleware = (op: Operation) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    if (op.browser === "member" && c.var.caller.kind === "browser") await c.var.member();
    await next();
  });

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
