import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";

// The HTTP pipeline (server/http/app.ts): request ids, CSP, page headers, methods and CSRF.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ROUTE_ID = /ja\/|\broute\b|action/i;

/** The path of one built asset, read from a page's module preloads. */
async function assetPath(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/sakura")).text();
  const path = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(path).toBeDefined();
  return path!;
}

type AnyResponse = { status(): number; headers(): Record<string, string> };

function expectMethodNotAllowed(response: AnyResponse, body: string, what: string) {
  expect(response.status(), what).toBe(405);
  expect(response.headers().allow, what).toBe("GET, HEAD, POST");
  expect(response.headers()["content-type"], what).toBe("text/plain; charset=utf-8");
  expect(body, what).toBe("Method Not Allowed");
  expect(body, what).not.toMatch(ROUTE_ID);
}

test.describe("request ids", () => {
  test("every kind of response carries X-Request-Id", async ({ request }) => {
    const responses: [string, APIResponse][] = [
      ["page", await request.get("/sakura")],
      ["asset", await request.get(await assetPath(request))],
      ["404", await request.get("/sakura/no/such/page")],
      ["redirect", await request.get("/EN/sakura", { maxRedirects: 0 })],
      ["405", await request.fetch("/sakura", { method: "PUT" })],
      ["403", await request.post("/sakura", { form: { a: "1" } })],
    ];
    expect(responses.map(([what, r]) => [what, r.status()])).toEqual([
      ["page", 200],
      ["asset", 200],
      ["404", 404],
      ["redirect", 301],
      ["405", 405],
      ["403", 403],
    ]);
    const ids = responses.map(([what, r]) => {
      const id = r.headers()["x-request-id"];
      expect(id, what).toMatch(UUID);
      return id;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("a safe incoming id is kept and an unsafe one replaced", async ({ request }) => {
    const kept = await request.get("/sakura", { headers: { "X-Request-Id": "lb-2026.11_22-abc" } });
    expect(kept.headers()["x-request-id"]).toBe("lb-2026.11_22-abc");
    for (const unsafe of ["short", "has space in it", "x".repeat(65), "<script>alert(1)</script>", "a=b=c=d=e"]) {
      const replaced = await request.get("/sakura", { headers: { "X-Request-Id": unsafe } });
      expect(replaced.headers()["x-request-id"], unsafe).toMatch(UUID);
    }
  });
});

test.describe("Content-Security-Policy", () => {
  test("every script carries the header's nonce and the page hydrates without violations", async ({ page }) => {
    const cspErrors: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        const w = window as unknown as { violations?: string[] };
        w.violations ??= [];
        w.violations.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });

    const response = await page.goto("/sakura");
    const csp = response!.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("object-src 'none'");

    // In the document as sent: inline, module and src scripts, and the module preloads.
    const html = await response!.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.some((s) => s.includes('type="module"'))).toBe(true);
    expect(scripts.some((s) => s.includes("src="))).toBe(true);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(0);
    for (const tag of preloads) expect(tag).toContain(`nonce="${nonce}"`);
    // In the live page (browsers hide the attribute; the property keeps it). The tag manager's
    // loader adds its own script without a nonce; its host is allowed by name.
    const live = await page.evaluate(() =>
      [...document.querySelectorAll("script")].map((s) => ({ src: s.src, nonce: s.nonce })),
    );
    for (const script of live.filter((s) => !s.src.startsWith("https://www.googletagmanager.com/"))) {
      expect(script.nonce, script.src).toBe(nonce);
    }

    // Hydrated: a header link navigates on the client, without reloading the document.
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "still here";
    });
    await page.getByTestId("nav-store").click();
    await expect(page).toHaveURL(/\/sakura\/store$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");

    expect(await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? [])).toEqual([]);
    expect(cspErrors).toEqual([]);
  });

  test("each response has its own nonce", async ({ request }) => {
    const nonce = async () =>
      /'nonce-([^']+)'/.exec((await request.get("/sakura")).headers()["content-security-policy"] ?? "")?.[1];
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a).not.toBe(b);
  });

  test("only the embedded flow may be framed by other sites, by the origins the site allows", async ({ request }) => {
    const embedded = await request.get("/sakura/custom_page");
    expect(embedded.status()).toBe(200);
    expect(embedded.headers()["content-security-policy"]).toContain(
      "frame-ancestors 'self' https://www.sakura-rentacar.example http://localhost:* http://127.0.0.1:*",
    );
    // fuji lets any site frame its booking; hana lets none.
    expect((await request.get("/fuji/custom_page")).headers()["content-security-policy"]).toContain(
      "frame-ancestors *",
    );
    const hana = await request.get("/hana/custom_page");
    expect(hana.headers()["content-security-policy"]).toMatch(/frame-ancestors 'self'$/);
    expect(hana.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    expect(embedded.headers()["x-frame-options"]).toBeUndefined();
    const top = await request.get("/sakura");
    expect(top.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(top.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  });
});

test.describe("page headers", () => {
  test("HTML pages say utf-8 and are private; assets keep their long cache", async ({ request }) => {
    for (const path of ["/sakura", "/en/sakura/store", "/sakura/no/such/page", "/?lang=jp"]) {
      const response = await request.get(path);
      expect(response.headers()["content-type"], path).toBe("text/html; charset=utf-8");
      expect(response.headers()["cache-control"], path).toBe("private, no-cache");
      expect(response.headers()["content-security-policy"], path).toContain("default-src 'self'");
    }
    const head = await request.head("/sakura");
    expect(head.headers()["content-type"]).toBe("text/html; charset=utf-8");
    expect(head.headers()["content-security-policy"]).toContain("'nonce-");
    const data = await request.get("/sakura/store.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["cache-control"]).toBe("private, no-cache");
    const asset = await request.get(await assetPath(request));
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers()["content-security-policy"]).toBeUndefined();
  });

  test("built files go out as the build compressed them: Brotli, else gzip, else as they are", async ({ request }) => {
    const asset = await assetPath(request);
    const plain = await request.get(asset, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    const original = await plain.body();
    expect(original.length).toBeGreaterThan(1024);
    const cases: [accept: string, encoding: string][] = [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, deflate", "gzip"],
    ];
    // A public file beside the assets (the demo site's hero picture) takes the same way.
    const hero = /<link rel="preload" as="image" href="(\/demo\/sakura\/hero\.svg)"/.exec(
      await (await request.get("/sakura")).text(),
    )?.[1];
    expect(hero).toBeDefined();
    for (const path of [asset, hero as string]) {
      const reference = path === asset ? original : await (await request.get(path)).body();
      for (const [accept, encoding] of cases) {
        const response = await request.get(path, { headers: { "Accept-Encoding": accept } });
        const what = `${path} for ${accept}`;
        expect(response.status(), what).toBe(200);
        expect(response.headers()["content-encoding"], what).toBe(encoding);
        expect(response.headers().vary, what).toMatch(/Accept-Encoding/);
        expect(Number(response.headers()["content-length"]), what).toBeLessThan(reference.length);
        // The client decodes the body: it is the file byte for byte.
        expect((await response.body()).equals(reference), what).toBe(true);
      }
    }
  });

  test("the language-root redirect varies on Cookie and Accept-Language", async ({ request }) => {
    const response = await request.get("/", { headers: { "Accept-Language": "en-US,en;q=0.9" }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/en");
    expect(response.headers().vary).toMatch(/Cookie, Accept-Language/);
    expect(response.headers()["cache-control"]).toBe("private, no-cache");
  });

  test("a language prefix in the wrong case redirects to the lower-case one", async ({ request }) => {
    for (const [from, to] of [
      ["/EN/sakura", "/en/sakura"],
      ["/Kr/kaede", "/kr/kaede"],
      ["/TW/sakura/store?x=1", "/tw/sakura/store?x=1"],
    ]) {
      const response = await request.get(from!, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
    const followed = await request.get("/EN/sakura");
    expect(followed.url()).toMatch(/\/en\/sakura$/);
    expect(followed.status()).toBe(200);
  });
});

test("methods other than GET, HEAD and POST answer 405 without internals", async ({ request }) => {
  for (const method of ["TRACE", "OPTIONS", "PROPFIND", "PUT", "DELETE"]) {
    for (const path of ["/sakura", "/sakura.data"]) {
      const response = await request.fetch(path, { method, maxRedirects: 0 });
      expectMethodNotAllowed(response, await response.text(), `${method} ${path}`);
    }
  }
});

test.describe("CSRF", () => {
  /** The token the server issued to this client: from the cookie, and as the page received it. */
  async function issuedToken(request: APIRequestContext): Promise<string> {
    const response = await request.get("/sakura");
    const setCookie = response
      .headersArray()
      .find((h) => h.name.toLowerCase() === "set-cookie" && /^csrf=/.test(h.value));
    expect(setCookie?.value).toMatch(/^csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const token = /^csrf=([^;]+)/.exec(setCookie!.value)![1]!;
    // The root loader hands the same token to the page (CsrfField renders it).
    expect(await response.text()).toContain(token);
    return token;
  }

  test("the site's own POST passes the check and reaches the router (405: no route has an action)", async ({
    request,
  }) => {
    const token = await issuedToken(request);
    const form = await request.post("/sakura", {
      form: { _csrf: token, q: "1" },
      headers: { "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
    expectMethodNotAllowed(form, await form.text(), "form");
    const data = await request.post("/sakura.data", { form: { _csrf: token }, maxRedirects: 0 });
    expectMethodNotAllowed(data, await data.text(), "form to .data");
    const json = await request.post("/sakura", {
      data: { a: 1 },
      headers: { "X-CSRF-Token": token, Origin: new URL(form.url()).origin },
      maxRedirects: 0,
    });
    expectMethodNotAllowed(json, await json.text(), "json");
  });

  test("cross-site requests and missing or wrong tokens are refused with 403", async ({ request }) => {
    const token = await issuedToken(request);
    const cases: [string, Parameters<APIRequestContext["post"]>[1]][] = [
      ["Sec-Fetch-Site: cross-site", { form: { _csrf: token }, headers: { "Sec-Fetch-Site": "cross-site" } }],
      ["foreign Origin", { form: { _csrf: token }, headers: { Origin: "https://evil.example" } }],
      ["no token", { form: { q: "1" } }],
      ["wrong token", { form: { _csrf: "A".repeat(43) } }],
      ["json without header", { data: { _csrf: token } }],
      ["wrong header", { data: {}, headers: { "X-CSRF-Token": "nope" } }],
    ];
    for (const [what, options] of cases) {
      for (const path of ["/sakura", "/sakura.data"]) {
        const response = await request.post(path, { ...options, maxRedirects: 0 });
        expect(response.status(), `${what} ${path}`).toBe(403);
        expect(response.headers()["content-type"], what).toMatch(/^text\/plain; charset=utf-8$/i);
      }
    }
  });

  test("in a browser, a form posted from another site is refused and the site's own passes", async ({
    page,
    baseURL,
  }) => {
    const html = await (await page.goto("/sakura"))!.text();
    const cookie = (await page.context().cookies()).find((c) => c.name === "csrf");
    const token = cookie!.value;
    expect(html).toContain(token);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");

    const post = async (action: string) => {
      // The POST's own response: a navigation event may also come from the page's hydration
      // (history.replaceState), which a slow machine delivers after the form is sent.
      const navigation = page.waitForResponse(
        (r) => r.request().method() === "POST" && r.url() === new URL(action, baseURL).href,
      );
      await page.evaluate(
        ({ action, token }) => {
          const form = document.createElement("form");
          form.method = "post";
          form.action = action;
          const field = document.createElement("input");
          field.type = "hidden";
          field.name = "_csrf";
          field.value = token;
          form.append(field);
          document.body.append(form);
          form.submit();
        },
        { action, token },
      );
      return navigation;
    };

    // Same origin: the browser sends Sec-Fetch-Site: same-origin, the cookie and the field.
    const own = await post("/sakura");
    expectMethodNotAllowed(own, await own.text(), "own form");

    // A page of another origin (about:blank here) posting the right token: the browser says
    // cross-site (and leaves out the Lax cookie).
    await page.goto("about:blank");
    const foreign = await post(`${baseURL}/sakura`);
    expect(foreign.status()).toBe(403);
  });
});
