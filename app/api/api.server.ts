import { Hono } from "hono";
import { localeFromPath } from "#common/locales";
import { apiDocument } from "./openapi.server";
import { OPERATIONS } from "./operations.server";
import { callerMiddleware, memberMiddleware } from "./pipeline/caller.server";
import { type ApiEnv, type JsonApiDeps, json } from "./pipeline/env.server";
import { apiErrorHandler, operationHandler, operationMiddleware } from "./pipeline/handler.server";
import { idempotencyMiddleware } from "./pipeline/idempotency.server";
import { siteMiddleware } from "./pipeline/site.server";
import { validationMiddleware } from "./pipeline/validation.server";
import { problem, problemResponse } from "./problem.server";
import { referenceLocale, referencePage } from "./reference.server";

export type { JsonApiDeps } from "./pipeline/env.server";
export { IDEMPOTENCY_HEADER } from "./pipeline/idempotency.server";
export { SITE_HEADER } from "./pipeline/site.server";
export { formShaped } from "./pipeline/validation.server";

/**
 * The JSON API of §7 (decision 033), under `/api/v1` and each language's prefix. Every operation
 * is the same chain of middlewares, in this order: the site from `X-Site-Id`, the caller (a key
 * with its rate limit and scope, or the browser's session with CSRF on changes), a member when the
 * operation wants one, the schemas, idempotency, then its handler over the domain functions. A
 * refusal thrown on the way is a problem (`onError`).
 */
export function createJsonApi(deps: JsonApiDeps) {
  const api = new Hono<ApiEnv>();
  const site = siteMiddleware(deps);

  api.get("/openapi.json", () =>
    json(200, apiDocument(), { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" }),
  );
  const docsBase = (path: string) => path.slice(0, path.indexOf("/docs"));
  const docsLocale = (c: { req: { url: string; path: string } }) =>
    referenceLocale(new URL(c.req.url), localeFromPath(c.req.path));
  api.get("/docs", (c) => referencePage(docsBase(c.req.path), undefined, docsLocale(c)));
  api.get("/docs/:section", (c) => referencePage(docsBase(c.req.path), c.req.param("section"), docsLocale(c)));

  for (const op of OPERATIONS) {
    api.on(
      op.method.toUpperCase(),
      op.path,
      operationMiddleware(op),
      site,
      callerMiddleware(deps, op),
      memberMiddleware(op),
      validationMiddleware(op),
      idempotencyMiddleware(deps, op),
      operationHandler(deps, op),
    );
  }
  api.all("*", (c) => problemResponse(problem(localeFromPath(c.req.path), "not_found")));
  api.onError(apiErrorHandler(deps));
  return api;
}
