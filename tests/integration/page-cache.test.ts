import type { EntryContext, RouterContextProvider, ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "#server/http/app";
import { requestContext } from "#server/http/context";
import { createPageCache } from "#server/http/page-cache";
import { publicPagesOf } from "#server/http/public-pages";
import { serverBuild } from "#tests/fixtures/server-build";
import { testServices } from "#tests/fixtures/services";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * Decision 036 through the whole HTTP stack: which visitors get a page rendered for someone else,
 * that each still gets their own nonce and CSRF token, and that a write forgets its site's pages.
 * The build's pages print how many times the server rendered them.
 */

const ORIGIN = "http://127.0.0.1:4000";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
let handle: TestDb;
let renders = 0;
let now = 0;
let app: ReturnType<typeof createApp>;

function pageBuild(): ServerBuild {
  const build = serverBuild({
    root: { id: "root", path: "", module: { default: () => null } },
    top: {
      id: "top",
      parentId: "root",
      path: ":siteId",
      module: { default: () => null, handle: { publicCache: true } },
    },
    login: {
      id: "login",
      parentId: "root",
      path: ":siteId/login",
      module: { default: () => null, action: () => ({ ok: true }) },
    },
  } as unknown as ServerBuild["routes"]);
  (build.entry.module as { default: unknown }).default = (
    request: Request,
    status: number,
    headers: Headers,
    _context: EntryContext,
    loadContext: RouterContextProvider,
  ) => {
    renders += 1;
    const { nonce, csrfToken } = loadContext.get(requestContext);
    headers.set("Content-Type", "text/html; charset=utf-8");
    const body = `<p data-render="${renders}">${new URL(request.url).pathname}</p><script nonce="${nonce}">["${csrfToken}"]</script>`;
    return new Response(body, { status, headers });
  };
  return build;
}

beforeAll(async () => {
  handle = await createTestDb();
  const services = testServices(handle.forSite(""));
  const build = pageBuild();
  app = createApp({
    ...services,
    database: handle.server,
    build,
    mode: "production",
    pageCache: createPageCache({ ttlMs: 1000, now: () => now, isPublicPage: publicPagesOf(build) }),
  });
});
afterAll(() => handle.close());

async function visit(path: string, headers: Record<string, string> = {}) {
  const response = await app.request(ORIGIN + path, { headers: { "user-agent": CHROME, ...headers } });
  const html = await response.text();
  // The copy is stored once the body has been read; let that finish.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const cookieToken = /csrf=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  return { response, html, render: Number(/data-render="(\d+)"/.exec(html)?.[1]), nonce, cookieToken };
}

/** A form posted on the site, with its CSRF token: the kind of request that may write. */
async function post(path: string) {
  const token = "t".repeat(43);
  const response = await app.request(ORIGIN + path, {
    method: "POST",
    headers: { cookie: `csrf=${token}`, "x-csrf-token": token, origin: ORIGIN, "user-agent": CHROME },
  });
  expect(response.status).toBeLessThan(500);
}

describe("an anonymous visitor's public page", () => {
  it("is rendered once for visitors of the same second, each with their own nonce and CSRF token", async () => {
    now = 10_000;
    const first = await visit("/sakura");
    const second = await visit("/sakura");
    expect(second.render).toBe(first.render);
    expect(second.html).toBe(
      first.html
        .replace(first.nonce as string, second.nonce as string)
        .replace(first.cookieToken as string, second.cookieToken as string),
    );
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).toContain(`nonce="${second.nonce}"`);
    expect(second.html).toContain(`["${second.cookieToken}"]`);
    expect(second.html).not.toContain(first.cookieToken);
  });

  it("carries the token of a visitor who already has one, and sets no new cookie", async () => {
    now = 20_000;
    await visit("/sakura");
    const token = "k".repeat(43);
    const returning = await visit("/sakura", { cookie: `csrf=${token}; i18n_redirected=en` });
    expect(returning.html).toContain(`["${token}"]`);
    expect(returning.response.headers.get("set-cookie") ?? "").not.toContain("csrf=");
  });

  it("is rendered again after a second", async () => {
    now = 30_000;
    const first = await visit("/sakura");
    now = 30_999;
    expect((await visit("/sakura")).render).toBe(first.render);
    now = 31_000;
    expect((await visit("/sakura")).render).toBe(first.render + 1);
  });

  it("is rendered for a visitor with a session, and that page is kept for nobody", async () => {
    now = 40_000;
    const anonymous = await visit("/sakura");
    const member = await visit("/sakura", { cookie: "sid_sakura=s1" });
    expect(member.render).toBe(anonymous.render + 1);
    expect((await visit("/sakura")).render).toBe(anonymous.render);
  });

  it("is forgotten when a form is posted on its site, not on another site", async () => {
    now = 50_000;
    const sakura = await visit("/sakura");
    const ume = await visit("/ume");
    expect((await visit("/sakura")).render).toBe(sakura.render);
    await post("/sakura/login");
    expect((await visit("/sakura")).render).toBeGreaterThan(ume.render);
    expect((await visit("/ume")).render).toBe(ume.render);
    expect(sakura.render).toBeLessThan(ume.render);
  });

  it("is forgotten when a page that may finish a payment is read", async () => {
    now = 60_000;
    const before = await visit("/sakura");
    expect((await visit("/sakura")).render).toBe(before.render);
    await visit("/sakura/login?returning=1");
    expect((await visit("/sakura")).render).toBeGreaterThan(before.render);
  });
});
