import { describe, expect, it } from "vitest";
import { siteOfPath } from "./app";
import { createPageCache } from "./page-cache";

const ORIGIN = "http://127.0.0.1:4000";
/** A stand-in for the routes' rule (tests/routes/public-pages.test.ts checks the real one). */
const PUBLIC = new Set([
  "/sakura",
  "/en/sakura/",
  "/sakura/reserve",
  "/en/sakura/reserve",
  "/kr/sakura/reserve",
  "/sakura/fee",
  "/admin",
]);
const isPublicPage = (path: string) => PUBLIC.has(path.replace(/\.data$/, ""));
const cacheOf = (options: Parameters<typeof createPageCache>[0] = {}) => createPageCache({ isPublicPage, ...options });
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(ORIGIN + path, { headers: { "user-agent": CHROME, ...headers } });
const secrets = (n: number) => ({ nonce: `nonce${n}AAAAAAAAAAAAAAAA==`, csrfToken: `csrf${n}`.padEnd(43, "x") });
const page = (s: { nonce: string; csrfToken: string }, headers: Record<string, string> = {}, status = 200) =>
  new Response(`<script nonce="${s.nonce}">{"nonce":"${s.nonce}","csrfToken":"${s.csrfToken}"}</script>`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", ...headers },
  });

/** Keeps `response` under the request's key and waits until the copy is stored. */
async function keep(cache: ReturnType<typeof createPageCache>, path: string, response: Response, n = 1) {
  const key = cache.keyOf(get(path)) as string;
  const answered = cache.keep(key, siteOfPath(path), cache.stamp(siteOfPath(path)), response, secrets(n));
  await answered.text();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return key;
}

describe("which requests get a kept page", () => {
  const cache = cacheOf();

  it("the pages the routes call public, for a visitor with no session", () => {
    for (const path of ["/sakura", "/en/sakura/", "/kr/sakura/reserve?si=1&sd=2026-12-01", "/sakura/fee"]) {
      expect(cache.keyOf(get(path)), path).not.toBeNull();
    }
  });

  it("not other pages, the back office, data requests or other methods", () => {
    for (const path of ["/sakura/reserve/confirm", "/sakura/login", "/admin", "/sakura.data", "/sakura/fee.data"]) {
      expect(cache.keyOf(get(path)), path).toBeNull();
    }
    expect(cache.keyOf(new Request(`${ORIGIN}/sakura`, { method: "HEAD" }))).toBeNull();
    expect(cache.keyOf(new Request(`${ORIGIN}/sakura`, { method: "POST" }))).toBeNull();
  });

  it("only when every cookie is one no page depends on (the CSRF token, the language)", () => {
    expect(cache.keyOf(get("/sakura", { cookie: "csrf=abc; i18n_redirected=jp" }))).not.toBeNull();
    expect(cache.keyOf(get("/sakura", { cookie: "csrf=abc; sid_sakura=s1" })), "a session").toBeNull();
    expect(cache.keyOf(get("/sakura", { cookie: "flash=x" })), "a message to show once").toBeNull();
    expect(cache.keyOf(get("/sakura", { cookie: "_ga=GA1.1" })), "anything unknown").toBeNull();
  });

  it("apart for each URL, origin, and what the page says about the browser", () => {
    const keys = new Set([
      cache.keyOf(get("/sakura")),
      cache.keyOf(get("/sakura?x=1")),
      cache.keyOf(new Request("https://booking.example/sakura", { headers: { "user-agent": CHROME } })),
      cache.keyOf(
        get("/sakura", { "user-agent": "Mozilla/5.0 (Windows NT 10.0; rv:130.0) Gecko/20100101 Firefox/130.0" }),
      ),
      cache.keyOf(get("/sakura", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })),
    ]);
    expect(keys.size).toBe(5);
    const other = cache.keyOf(get("/sakura", { "user-agent": CHROME.replace("130.0", "131.0") }));
    expect(other, "another version of the same browser shares the page").toBe(cache.keyOf(get("/sakura")));
  });

  it("is off with a time of 0", () => {
    expect(cacheOf({ ttlMs: 0 }).keyOf(get("/sakura"))).toBeNull();
  });
});

describe("which requests may write", () => {
  const cache = cacheOf();
  const scope = (request: Request) => cache.writeScope(request, siteOfPath);

  it("a read of a public page or of the API changes nothing kept", () => {
    expect(scope(get("/sakura/reserve?si=1"))).toBeNull();
    expect(scope(get("/en/sakura/reserve.data"))).toBeNull();
    expect(scope(get("/api/v1/car-types", { "x-site-id": "sakura" }))).toBeNull();
  });

  it("anything else may write to the site it names: forms, the API, pages that finish a payment", () => {
    expect(scope(new Request(`${ORIGIN}/sakura/reserve/confirm`, { method: "POST" }))).toBe("sakura");
    expect(scope(new Request(`${ORIGIN}/admin/sakura/reservations`, { method: "POST" }))).toBe("sakura");
    expect(scope(get("/en/sakura/reserve/pay?returning=1"))).toBe("sakura");
    expect(
      scope(new Request(`${ORIGIN}/api/v1/reservations`, { method: "POST", headers: { "x-site-id": "ume" } })),
    ).toBe("ume");
  });

  it("a write naming no site may touch any", () => {
    expect(scope(new Request(`${ORIGIN}/_webhooks/payments`, { method: "POST" }))).toBe("");
    expect(scope(new Request(`${ORIGIN}/api/v1/reservations`, { method: "POST" }))).toBe("");
  });
});

describe("a kept page", () => {
  it("is served to the next visitor with their own nonce and CSRF token", async () => {
    const cache = cacheOf();
    const key = await keep(cache, "/sakura", page(secrets(1)));
    const html = await cache.get(key, "sakura", secrets(2))?.text();
    expect(html).toBe(await page(secrets(2)).text());
    expect(html).not.toContain(secrets(1).nonce);
    expect(html).not.toContain(secrets(1).csrfToken);
  });

  it("keeps the page's status and headers", async () => {
    const cache = cacheOf();
    const key = await keep(cache, "/sakura", page(secrets(1), { "cache-control": "private, no-cache" }));
    const kept = cache.get(key, "sakura", secrets(2));
    expect(kept?.status).toBe(200);
    expect(kept?.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("lasts at most its time", async () => {
    let now = 0;
    const cache = cacheOf({ ttlMs: 1000, now: () => now });
    const key = await keep(cache, "/sakura", page(secrets(1)));
    now = 999;
    expect(cache.get(key, "sakura", secrets(2))).not.toBeNull();
    now = 1000;
    expect(cache.get(key, "sakura", secrets(2))).toBeNull();
  });

  it("is forgotten by a write to its site or to every site, not by one to another site", async () => {
    const cache = cacheOf();
    let key = await keep(cache, "/sakura", page(secrets(1)));
    cache.invalidate("ume");
    expect(cache.get(key, "sakura", secrets(2))).not.toBeNull();
    cache.invalidate("sakura");
    expect(cache.get(key, "sakura", secrets(2))).toBeNull();
    key = await keep(cache, "/sakura", page(secrets(1)));
    cache.invalidate("");
    expect(cache.get(key, "sakura", secrets(2))).toBeNull();
  });

  it("is not kept when a write began while it was rendered", async () => {
    const cache = cacheOf();
    const key = cache.keyOf(get("/sakura")) as string;
    const startStamp = cache.stamp("sakura");
    cache.invalidate("sakura");
    await cache.keep(key, "sakura", startStamp, page(secrets(1)), secrets(1)).text();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.get(key, "sakura", secrets(2))).toBeNull();
  });

  it("is not kept when it sets a cookie, is no page, or is not a 200", async () => {
    for (const response of [
      page(secrets(1), { "set-cookie": "sid_sakura=s1" }),
      page(secrets(1), { "content-type": "application/json" }),
      page(secrets(1), {}, 404),
    ]) {
      const cache = cacheOf();
      const key = await keep(cache, "/sakura", response);
      expect(cache.get(key, "sakura", secrets(2))).toBeNull();
    }
  });

  it("of a streamed page: the visitor gets the shell at once, the copy is the whole page", async () => {
    const cache = cacheOf();
    const s = secrets(1);
    const encoder = new TextEncoder();
    let write!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        write = controller;
      },
    });
    const key = cache.keyOf(get("/sakura")) as string;
    const answered = cache.keep(
      key,
      "sakura",
      cache.stamp("sakura"),
      new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } }),
      s,
    );
    const reader = (answered.body as ReadableStream<Uint8Array>).getReader();
    write.enqueue(encoder.encode(`<html><head><script nonce="${s.nonce}"></script></head><body>`));
    const shell = await reader.read();
    expect(new TextDecoder().decode(shell.value)).toContain("<head>");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.get(key, "sakura", secrets(2)), "nothing kept before the page ends").toBeNull();
    write.enqueue(encoder.encode(`<p>沖縄県</p><script>["${s.csrfToken}"]</script></body></html>`));
    write.close();
    while (!(await reader.read()).done);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get(key, "sakura", secrets(2))?.text()).toBe(
      `<html><head><script nonce="${secrets(2).nonce}"></script></head><body><p>沖縄県</p><script>["${secrets(2).csrfToken}"]</script></body></html>`,
    );
  });

  it("is not kept when its stream fails before the end", async () => {
    const cache = cacheOf();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("<html><body>"));
        controller.error(new Error("render aborted"));
      },
    });
    const key = cache.keyOf(get("/sakura")) as string;
    const answered = cache.keep(
      key,
      "sakura",
      cache.stamp("sakura"),
      new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } }),
      secrets(1),
    );
    await expect(answered.text()).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.get(key, "sakura", secrets(2))).toBeNull();
  });

  it("makes room by dropping the oldest pages", async () => {
    const cache = cacheOf({ maxEntries: 2 });
    const first = await keep(cache, "/sakura", page(secrets(1)));
    const second = await keep(cache, "/sakura/fee", page(secrets(1)));
    const third = await keep(cache, "/sakura/store", page(secrets(1)));
    expect(cache.get(first, "sakura", secrets(2))).toBeNull();
    expect(cache.get(second, "sakura", secrets(2))).not.toBeNull();
    expect(cache.get(third, "sakura", secrets(2))).not.toBeNull();
  });
});
