import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** What an incoming id may look like: it reaches logs and a response header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The caller's id when it is safe to repeat, else a fresh one. */
export function requestIdFrom(incoming: string | null | undefined): string {
  return incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Sets `c.get("requestId")` and answers it in `X-Request-Id` on every response, including those
 * made by later middleware and the error handler (hono/request-id accepts any length ≥ 1 and `=`).
 */
export function requestId(): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const id = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    c.set("requestId", id);
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, id);
  };
}
