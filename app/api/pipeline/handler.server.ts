import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ApiRequest, Operation } from "#app/api/operation.server";
import { Reply } from "#app/api/operation.server";
import { problem, problemOfError, problemResponse } from "#app/api/problem.server";
import { localeFromPath } from "#common/locales";
import { type ApiEnv, answerResponse, type JsonApiDeps } from "./env.server";

/** Names the operation on the request, for the error log. */
export const operationMiddleware = (op: Operation) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    c.set("operation", op);
    await next();
  });

/** The end of the pipeline: the operation's handler over what the middlewares found. */
export const operationHandler = (deps: JsonApiDeps, op: Operation) => async (c: Context<ApiEnv>) => {
  const input: ApiRequest = {
    siteId: c.var.siteId,
    bundle: c.var.bundle,
    locale: c.var.locale,
    db: c.var.db,
    services: deps.services,
    request: c.req.raw,
    requestId: c.var.requestId ?? "",
    clientIp: c.var.clientIp ?? "unknown",
    now: new Date(),
    caller: c.var.caller,
    session: c.var.session,
    member: c.var.member,
    query: c.var.query,
    params: c.var.params,
    body: c.var.body,
  };
  const value = await op.handler(input);
  const answer =
    value instanceof Reply
      ? { status: value.status, body: value.body, headers: value.headers }
      : { status: op.status ?? 200, body: value, headers: {} };
  c.set("answer", answer);
  return answerResponse(answer);
};

/**
 * A refusal thrown anywhere in the pipeline (an `AppError`) is its problem in the path's language;
 * anything else is logged and answered 500 with no detail. The middlewares around the throw still
 * finish the answer (the session's cookie, the key's rate-limit headers).
 */
export const apiErrorHandler = (deps: JsonApiDeps) => (error: Error, c: Context<ApiEnv>) => {
  const locale = c.var.locale ?? localeFromPath(new URL(c.req.url).pathname);
  const known = problemOfError(locale, error);
  if (known) return problemResponse(known);
  deps.services.logger.error(
    { err: error, requestId: c.var.requestId, operation: c.var.operation?.operationId },
    "api operation failed",
  );
  return problemResponse(problem(locale, "internal"));
};
