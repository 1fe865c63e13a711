import type { ErrorHandler, MiddlewareHandler } from "hono";
import type { Logger } from "#server/logger";

/**
 * One info line per request, with the client's address. A request whose client left before the
 * response was sent is logged as `abandoned`, whatever status the server had made up for nobody
 * (often a 500 from the aborted loaders), so it never reads as a server error.
 */
export function requestLogger(
  logger: Logger,
): MiddlewareHandler<{ Variables: { requestId: string; clientIp?: string } }> {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const abandoned = c.req.raw.signal.aborted;
    logger.info(
      {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path.slice(0, 200),
        // The client's address: behind a trusted proxy the visitor's, not the proxy's (decision 026).
        ip: c.get("clientIp"),
        ...(abandoned ? { abandoned: true } : { status: c.res.status }),
        ms: Math.round((performance.now() - start) * 10) / 10,
      },
      "request",
    );
  };
}

/** Hono's last resort: one JSON line at error level with the request id and the stack. */
export function errorHandler<E extends { Variables: { requestId: string } }>(logger: Logger): ErrorHandler<E> {
  return (err, c) => {
    // The client left: nobody reads the answer and the error is the abort's consequence.
    if (!c.req.raw.signal.aborted) logger.error({ requestId: c.var.requestId, err }, "unhandled error");
    return c.text("An error has occurred.", 500);
  };
}
