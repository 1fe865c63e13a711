import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createLogger } from "#server/logger";
import {
  CSRF_BODY_LIMIT,
  CSRF_EXEMPT_PATHS,
  cameFromEmbeddedPage,
  csrf,
  newCsrfToken,
  originAllowed,
  tokenFromMultipart,
  tokenFromUrlEncoded,
  tokensMatch,
  validCsrfToken,
} from "./csrf";

const quiet = createLogger("silent");
const bytes = (text: string) => new TextEncoder().encode(text);

describe("originAllowed", () => {
  const expected = "https://booking.example";

  it("refuses any Sec-Fetch-Site but same-origin and none", () => {
    expect(originAllowed({ secFetchSite: "same-origin", expected })).toBe(true);
    expect(originAllowed({ secFetchSite: "none", expected })).toBe(true);
    expect(originAllowed({ secFetchSite: "same-site", origin: expected, expected })).toBe(false);
    expect(originAllowed({ secFetchSite: "cross-site", origin: expected, expected })).toBe(false);
  });

  it("compares Origin with the request's public origin: scheme, host and port", () => {
    expect(originAllowed({ origin: "http://127.0.0.1:4174", expected: "http://127.0.0.1:4174" })).toBe(true);
    expect(originAllowed({ origin: "https://Booking.Example", expected })).toBe(true);
    expect(originAllowed({ origin: "https://evil.example", expected })).toBe(false);
    expect(originAllowed({ origin: "http://booking.example", expected }), "another scheme").toBe(false);
    expect(originAllowed({ origin: "https://booking.example:8443", expected }), "another port").toBe(false);
    expect(originAllowed({ origin: "null", expected })).toBe(false);
    expect(originAllowed({ origin: "garbage", expected })).toBe(false);
  });

  it("checks Origin even when Sec-Fetch-Site says same-origin (a proxy that hides the public origin)", () => {
    expect(originAllowed({ secFetchSite: "same-origin", origin: expected, expected: "http://booking.example" })).toBe(
      false,
    );
  });

  it("lets a request with neither header through to the token check", () => {
    expect(originAllowed({ expected })).toBe(true);
  });
});

describe("tokens", () => {
  it("are 256 random bits in base64url", () => {
    const token = newCsrfToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCsrfToken()).not.toBe(token);
    expect(validCsrfToken(token)).toBe(token);
    for (const bad of [undefined, "", "short", `${token}x`, `${token.slice(1)}=`])
      expect(validCsrfToken(bad)).toBeNull();
  });

  it("match only when equal and both present", () => {
    const token = newCsrfToken();
    expect(tokensMatch(token, token)).toBe(true);
    expect(tokensMatch(token, newCsrfToken())).toBe(false);
    expect(tokensMatch(token, token.slice(1))).toBe(false);
    expect(tokensMatch(token, null)).toBe(false);
    expect(tokensMatch(null, token)).toBe(false);
    expect(tokensMatch(null, null)).toBe(false);
  });
});

describe("reading the token from a body", () => {
  it("finds _csrf in a urlencoded body and ignores a field cut off by the limit", () => {
    expect(tokenFromUrlEncoded(bytes("a=1&_csrf=abc&b=2"), false)).toBe("abc");
    expect(tokenFromUrlEncoded(bytes("a=1&b=2"), false)).toBeNull();
    expect(tokenFromUrlEncoded(bytes("_csrf=abc&b=2&_csrf2=x"), true)).toBe("abc");
    expect(tokenFromUrlEncoded(bytes("a=1&_csrf=ab"), true)).toBeNull();
  });

  it("finds the _csrf part of a multipart body only when the part is complete", () => {
    const type = "multipart/form-data; boundary=----x";
    const body = [
      "------x",
      'Content-Disposition: form-data; name="_csrf2"',
      "",
      "no",
      "------x",
      'Content-Disposition: form-data; name="_csrf"',
      "",
      "tok-en_1",
      "------x",
      'Content-Disposition: form-data; name="file"; filename="a.jpg"',
      "Content-Type: image/jpeg",
      "",
      "\u00ff\u00d8binary",
      "------x--",
      "",
    ].join("\r\n");
    expect(tokenFromMultipart(Buffer.from(body, "latin1"), type)).toBe("tok-en_1");
    expect(tokenFromMultipart(Buffer.from(body, "latin1"), 'multipart/form-data; boundary="----x"')).toBe("tok-en_1");
    const cut = body.slice(0, body.indexOf("tok-en_1") + 4);
    expect(tokenFromMultipart(Buffer.from(cut, "latin1"), type)).toBeNull();
    expect(tokenFromMultipart(Buffer.from(body, "latin1"), "multipart/form-data")).toBeNull();
  });
});

describe("csrf middleware", () => {
  const app = new Hono<{ Variables: { csrfToken: string } }>();
  app.use(csrf(quiet));
  app.get("/page", (c) => c.html(`<p>${c.get("csrfToken")}</p>`));
  app.get("/data", (c) => c.json({ token: c.get("csrfToken") }));
  app.post("/page", async (c) => c.json({ body: Object.fromEntries(await c.req.raw.formData()) }));
  app.post("/json", async (c) => c.json(await c.req.json()));
  const token = newCsrfToken();
  const cookie = `csrf=${token}`;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };

  it("issues an HttpOnly Lax cookie on an HTML page that lacks one, Secure over https (decision 026)", async () => {
    const res = await app.request("/page");
    const setCookie = res.headers.get("Set-Cookie") ?? "";
    const issued = /^csrf=([A-Za-z0-9_-]{43}); Path=\/; HttpOnly; SameSite=Lax$/.exec(setCookie)?.[1];
    expect(issued).toBeDefined();
    expect(await res.text()).toBe(`<p>${issued}</p>`);
    const secure = await app.request("https://booking.example/page");
    expect(secure.headers.get("Set-Cookie")).toMatch(/; Secure$/);
  });

  it("keeps a valid cookie and replaces a malformed one", async () => {
    const kept = await app.request("/page", { headers: { cookie } });
    expect(kept.headers.get("Set-Cookie")).toBeNull();
    expect(await kept.text()).toBe(`<p>${token}</p>`);
    const replaced = await app.request("/page", { headers: { cookie: "csrf=bad" } });
    expect(replaced.headers.get("Set-Cookie")).toMatch(/^csrf=[A-Za-z0-9_-]{43};/);
    expect((await app.request("/data")).headers.get("Set-Cookie")).toBeNull();
  });

  it("lets a same-origin form with the cookie's token through, its body intact", async () => {
    const res = await app.request("/page", {
      method: "POST",
      headers: { ...urlencoded, cookie, "Sec-Fetch-Site": "same-origin", Origin: "http://localhost" },
      body: form({ _csrf: token, name: "Kaede" }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ body: { _csrf: token, name: "Kaede" } });
  });

  it("lets JSON through with the token in X-CSRF-Token", async () => {
    const res = await app.request("/json", {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie, "X-CSRF-Token": token },
      body: JSON.stringify({ a: 1 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ a: 1 });
  });

  it("lets a multipart form through with the token as its first field", async () => {
    const data = new FormData();
    data.set("_csrf", token);
    data.set("file", new Blob([new Uint8Array(200_000)]), "big.bin");
    const res = await app.request("/page", { method: "POST", headers: { cookie }, body: data });
    expect(res.status).toBe(200);
  });

  it("refuses cross-site requests, and missing or wrong tokens, with 403 in plain text for non-browsers", async () => {
    const cases: [string, RequestInit][] = [
      [
        "cross-site",
        { headers: { ...urlencoded, cookie, "Sec-Fetch-Site": "cross-site" }, body: form({ _csrf: token }) },
      ],
      [
        "same-site",
        { headers: { ...urlencoded, cookie, "Sec-Fetch-Site": "same-site" }, body: form({ _csrf: token }) },
      ],
      [
        "foreign origin",
        { headers: { ...urlencoded, cookie, Origin: "https://evil.example" }, body: form({ _csrf: token }) },
      ],
      ["no cookie", { headers: urlencoded, body: form({ _csrf: token }) }],
      ["no token", { headers: { ...urlencoded, cookie }, body: form({ a: "1" }) }],
      ["wrong token", { headers: { ...urlencoded, cookie }, body: form({ _csrf: newCsrfToken() }) }],
      ["wrong header", { headers: { ...urlencoded, cookie, "X-CSRF-Token": "x" }, body: form({ _csrf: token }) }],
      ["text/plain form", { headers: { "Content-Type": "text/plain", cookie }, body: `_csrf=${token}` }],
      [
        "token past the limit",
        { headers: { ...urlencoded, cookie }, body: `a=${"x".repeat(CSRF_BODY_LIMIT)}&_csrf=${token}` },
      ],
    ];
    for (const [name, init] of cases) {
      const res = await app.request("/page", { method: "POST", ...init });
      expect(res.status, name).toBe(403);
      expect(res.headers.get("Content-Type"), name).toMatch(/^text\/plain/);
      expect(await res.text(), name).toContain("この操作は受け付けられませんでした");
    }
  });

  it("answers a browser with a page in the language of the form's page, and logs the two origins at warn", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger("warn");
    logger.warn = ((obj: Record<string, unknown>) => lines.push(obj)) as typeof logger.warn;
    const logged = new Hono<{ Variables: { csrfToken: string } }>();
    logged.use(csrf(logger));
    logged.post("*", (c) => c.text("ok"));
    const texts = {
      "/sakura/login": ['lang="ja"', "この操作は受け付けられませんでした"],
      "/en/sakura/login": ['lang="en"', "This request could not be accepted"],
      "/kr/sakura/login": ['lang="ko"', "요청을 처리할 수 없습니다"],
      "/tw/sakura/login": ['lang="zh-TW"', "無法受理此操作"],
    };
    for (const [path, [lang, title]] of Object.entries(texts)) {
      const res = await logged.request(`http://booking.example${path}`, {
        method: "POST",
        headers: { ...urlencoded, cookie, Accept: "text/html", Origin: "https://booking.example" },
        body: form({ _csrf: token }),
      });
      expect(res.status, path).toBe(403);
      const html = await res.text();
      expect(html, path).toContain(lang);
      expect(html, path).toContain(title);
      expect(html, path).toContain(`href="${path}"`);
    }
    expect(lines[0]).toMatchObject({
      reason: "origin",
      origin: "https://booking.example",
      expected: "http://booking.example",
      path: "/sakura/login",
    });
    lines.length = 0;
    await logged.request("/sakura/login", { method: "POST", headers: { ...urlencoded, cookie }, body: "a=1" });
    expect(lines).toEqual([expect.objectContaining({ reason: "token", path: "/sakura/login" })]);
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});

describe("csrf exemption of signed webhooks", () => {
  const app = new Hono<{ Variables: { csrfToken: string } }>();
  app.use(csrf(quiet));
  app.post("*", (c) => c.json({ ok: true }));
  const post = (path: string) =>
    app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=x" },
      body: "{}",
    });

  it("lets the payment webhook through without a cookie or token", async () => {
    expect([...CSRF_EXEMPT_PATHS]).toEqual(["/_webhooks/payments"]);
    expect((await post("/_webhooks/payments")).status).toBe(200);
    expect((await post("/_webhooks/payments?attempt=2")).status).toBe(200);
  });

  it("still refuses a browser's foreign Origin there, before React Router would throw on it", async () => {
    const res = await app.request("/_webhooks/payments", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: "{}",
    });
    expect(res.status).toBe(403);
  });

  it("is exact: paths below, beside, under a site or language, or in another case stay protected", async () => {
    for (const path of [
      "/_webhooks/payments/x",
      "/_webhooks/payments/",
      "/_webhooks/paymentsx",
      "/_webhooks",
      "/sakura/_webhooks/payments",
      "/en/_webhooks/payments",
      "/_WEBHOOKS/payments",
      "//_webhooks/payments",
    ]) {
      const res = await post(path);
      expect(res.status, path).toBe(403);
    }
  });
});

describe("csrf in the embedded flow (decision 025)", () => {
  const app = new Hono<{ Variables: { csrfToken: string; embedStorageRefused: boolean } }>();
  app.use(csrf(quiet));
  app.get("*", (c) => c.html(`<p>${c.get("csrfToken")} ${c.get("embedStorageRefused")}</p>`));
  app.post("*", (c) => c.json({ ok: true }));
  const token = newCsrfToken();
  const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };
  const embeddedPage = "http://localhost/en/sakura/custom_page/stores/1/cars/2?si=1";

  it("issues its own cookie, partitioned, SameSite=None and Secure, even on plain http", async () => {
    const res = await app.request("/en/sakura/custom_page/confirm");
    expect(res.headers.get("Set-Cookie")).toMatch(
      /^csrf_embed=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=None; Secure; Partitioned$/,
    );
  });

  it("checks the embedded cookie's token: the site's own cookie does not pass there", async () => {
    const post = (cookie: string) =>
      app.request("/sakura/custom_page/confirm", {
        method: "POST",
        headers: { ...urlencoded, cookie, "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams({ _csrf: token }).toString(),
      });
    expect((await post(`csrf_embed=${token}`)).status).toBe(200);
    expect((await post(`csrf=${token}`)).status).toBe(403);
  });

  it("knows the browser refused the cookie when the previous embedded page set it and it did not come back", async () => {
    const refused = await app.request("/en/sakura/custom_page/stores/1/cars/2/options", {
      headers: { Referer: embeddedPage, "Sec-Fetch-Dest": "iframe" },
    });
    expect(await refused.text()).toContain(" true</p>");
    for (const headers of <Record<string, string>[]>[
      { Referer: "https://client.example/booking", "Sec-Fetch-Dest": "iframe" },
      { "Sec-Fetch-Dest": "iframe" },
      { Referer: embeddedPage, "Sec-Fetch-Dest": "iframe", cookie: `csrf_embed=${token}` },
      // A link of the frame opened in a tab of its own: no partitioned cookie there yet, and no refusal.
      { Referer: embeddedPage, "Sec-Fetch-Dest": "document" },
    ]) {
      const res = await app.request("/en/sakura/custom_page/stores/1/cars/2/options", { headers });
      expect(await res.text()).toContain(" false</p>");
    }
    expect(cameFromEmbeddedPage(embeddedPage, "http://localhost/sakura/custom_page")).toBe(true);
    expect(cameFromEmbeddedPage("http://localhost/sakura/reserve", "http://localhost/sakura/custom_page")).toBe(false);
    expect(cameFromEmbeddedPage("not a url", "http://localhost/sakura/custom_page")).toBe(false);
  });

  it("sends a form of its own frame, posted without cookies, back to its page (303), never a forged one", async () => {
    const post = (headers: Record<string, string>) =>
      app.request("/sakura/custom_page/stores/1/cars/2/options?si=1", {
        method: "POST",
        headers: { ...urlencoded, ...headers },
        body: "intent=next",
      });
    const own = await post({ "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "iframe", Referer: embeddedPage });
    expect(own.status).toBe(303);
    expect(own.headers.get("Location")).toBe("http://localhost/sakura/custom_page/stores/1/cars/2/options?si=1");
    expect(
      (await post({ "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "iframe", Referer: embeddedPage })).status,
    ).toBe(403);
    expect(
      (await post({ "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "empty", Referer: embeddedPage })).status,
    ).toBe(403);
  });

  it("lets the payment simulator's challenge post with the origin check alone", async () => {
    const challenge = (site: string) =>
      app.request("/_simulator/3ds/sim_pi_00000000-0000-0000-0000-000000000000?return=%2Fsakura", {
        method: "POST",
        headers: { ...urlencoded, "Sec-Fetch-Site": site },
        body: "outcome=succeeded",
      });
    expect((await challenge("same-origin")).status).toBe(200);
    expect((await challenge("cross-site")).status).toBe(403);
    const other = await app.request("/_simulator/3ds/x/y", {
      method: "POST",
      headers: { ...urlencoded, "Sec-Fetch-Site": "same-origin" },
      body: "outcome=succeeded",
    });
    expect(other.status).toBe(403);
  });
});
