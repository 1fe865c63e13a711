import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import type { Logger } from "#server/logger";
import { errorHandler, requestLogger } from "./logging";

function fakeLogger() {
  return { info: vi.fn(), error: vi.fn() };
}

function appWith(logger: ReturnType<typeof fakeLogger>, abort: AbortController) {
  const app = new Hono<{ Variables: { requestId: string } }>();
  app.use(async (c, next) => {
    c.set("requestId", "req-12345678");
    await next();
  });
  app.use(requestLogger(logger as unknown as Logger));
  app.get("/ok", (c) => c.text("ok"));
  app.get("/left", (c) => {
    abort.abort();
    return c.text("loaders aborted", 500);
  });
  app.get("/left-throwing", () => {
    abort.abort();
    throw new Error("aborted query");
  });
  app.get("/boom", () => {
    throw new Error("boom");
  });
  app.onError(errorHandler(logger as unknown as Logger));
  return app;
}

describe("request logging", () => {
  it("logs one info line with the status", async () => {
    const logger = fakeLogger();
    await appWith(logger, new AbortController()).request("/ok");
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(logger.info.mock.calls[0]![0]).toMatchObject({ requestId: "req-12345678", method: "GET", status: 200 });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("logs an abandoned request as abandoned, not as a 500 or an error", async () => {
    for (const path of ["/left", "/left-throwing"]) {
      const logger = fakeLogger();
      const abort = new AbortController();
      await appWith(logger, abort).request(new Request(`http://localhost${path}`, { signal: abort.signal }));
      expect(logger.info, path).toHaveBeenCalledTimes(1);
      const line = logger.info.mock.calls[0]![0];
      expect(line, path).toMatchObject({ abandoned: true });
      expect(line, path).not.toHaveProperty("status");
      expect(logger.error, path).not.toHaveBeenCalled();
    }
  });

  it("logs an unexpected error once at error level with the request id and the error", async () => {
    const logger = fakeLogger();
    const res = await appWith(logger, new AbortController()).request("/boom");
    expect(res.status).toBe(500);
    expect(await res.text()).not.toMatch(/boom|at /);
    expect(logger.error).toHaveBeenCalledTimes(1);
    const [fields] = logger.error.mock.calls[0]!;
    expect(fields.requestId).toBe("req-12345678");
    expect(fields.err).toBeInstanceOf(Error);
    expect(logger.info.mock.calls[0]![0]).toMatchObject({ status: 500 });
  });
});
