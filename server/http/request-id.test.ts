import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { requestId, requestIdFrom } from "./request-id";

describe("requestIdFrom", () => {
  it("keeps a safe incoming id", () => {
    for (const id of ["abcd1234", "req-2026.11_22", "A".repeat(64), "0f8fad5b-d9cb-469f-a165-70867728950e"]) {
      expect(requestIdFrom(id)).toBe(id);
    }
  });

  it("replaces a missing, short, long or unsafe id with a fresh uuid", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const id of [
      undefined,
      null,
      "",
      "short",
      "A".repeat(65),
      "abc def gh",
      "abcd1234\nx",
      "<script>x",
      "a=b=c=d=e",
    ]) {
      expect(requestIdFrom(id)).toMatch(uuid);
    }
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});

describe("requestId middleware", () => {
  const app = new Hono<{ Variables: { requestId: string } }>();
  app.use(requestId());
  app.get("/ok", (c) => c.text(c.get("requestId")));
  app.get("/boom", () => {
    throw new Error("boom");
  });
  app.onError((_err, c) => c.text("error", 500));

  it("answers the id it used, on normal and error responses", async () => {
    const ok = await app.request("/ok", { headers: { "X-Request-Id": "caller-id-123" } });
    expect(ok.headers.get("X-Request-Id")).toBe("caller-id-123");
    expect(await ok.text()).toBe("caller-id-123");
    const boom = await app.request("/boom", { headers: { "X-Request-Id": "bad id" } });
    expect(boom.status).toBe(500);
    expect(boom.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await app.request("/missing");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
