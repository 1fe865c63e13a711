import path from "node:path";
import { Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKey } from "#server/auth/throttle";

import { rateLimits } from "#server/db/schema";
import { createApp } from "#server/http/app";
import { parseTrustProxy } from "#server/http/proxy";
import { testServices } from "#tests/fixtures/services";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * The proxy rules of decision 026 through the whole HTTP stack and the production build (npm test
 * builds before Vitest), in process: which peer is believed, what React Router, CSRF, cookies,
 * HSTS, canonical URLs and logs then see, and the login throttle keyed by the real client.
 */

const DIRECT = "http://127.0.0.1:3000";
const PUBLIC = "https://booking.example.com";
const VISITOR = "203.0.113.7";

let handle: TestDb;
let build: ServerBuild;
let siteId: string;
const logLines: Record<string, unknown>[] = [];

function appWith(trustProxy: string | undefined) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const services = testServices(handle.forSite(""), { logger: pino({ level: "info", base: undefined }, sink) });
  const app = createApp({
    ...services,
    database: handle.server,
    build,
    mode: "production",
    trustProxy: parseTrustProxy(trustProxy),
  });
  /** A request arriving from `peer`, as @hono/node-server hands it over. */
  return (peer: string, pathname: string, init: RequestInit = {}) =>
    app.request(`${DIRECT}${pathname}`, init, { incoming: { socket: { remoteAddress: peer } } });
}

const behindProxy = (extra: Record<string, string> = {}) => ({
  "X-Forwarded-Proto": "https",
  "X-Forwarded-Host": "booking.example.com",
  "X-Forwarded-For": VISITOR,
  ...extra,
});

const cookiesOf = (response: Response) => response.headers.getSetCookie();

/** The login form's token and cookie, as a browser would have them after opening the page. */
async function loginForm(get: ReturnType<typeof appWith>, peer: string, headers: Record<string, string>) {
  const page = await get(peer, `/${siteId}/login`, { headers });
  expect(page.status).toBe(200);
  const html = await page.text();
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  const cookie = cookiesOf(page)
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!token) throw new Error("no CSRF field on the login page");
  return { token, cookie };
}

async function postLogin(
  get: ReturnType<typeof appWith>,
  peer: string,
  headers: Record<string, string>,
  origin: string,
) {
  const { token, cookie } = await loginForm(get, peer, headers);
  return get(peer, `/${siteId}/login`, {
    method: "POST",
    headers: {
      ...headers,
      cookie,
      Origin: origin,
      "Sec-Fetch-Site": "same-origin",
      Accept: "text/html",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ _csrf: token, email: "nobody@example.com", password: "wrong-password" }).toString(),
  });
}

beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
  const entry = pathToFileURL(path.resolve("build/server/index.js")).href;
  build = (await import(/* @vite-ignore */ entry)) as ServerBuild;
});
afterAll(() => handle?.close());

describe("behind a trusted proxy (TRUST_PROXY=loopback)", () => {
  const get = () => appWith("loopback");

  it("serves the public origin: canonical URL, Secure cookies and HSTS", async () => {
    const response = await get()("127.0.0.1", `/${siteId}`, { headers: behindProxy() });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC}/${siteId}"`);
    expect(html).not.toContain(DIRECT);
    const cookies = cookiesOf(response);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure(;|$)/);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("takes RFC 7239 Forwarded as well", async () => {
    const response = await get()("127.0.0.1", `/${siteId}`, {
      headers: { Forwarded: `for=${VISITOR};proto=https;host=booking.example.com` },
    });
    expect(await response.text()).toContain(`<link rel="canonical" href="${PUBLIC}/${siteId}"`);
  });

  it("accepts a form posted from the public origin, and redirects within it", async () => {
    const refused = await postLogin(get(), "127.0.0.1", behindProxy(), PUBLIC);
    // The login is refused for its password (422), not for its origin (403) or by React Router (400).
    expect(refused.status).toBe(422);
    const app = get();
    const page = await app("127.0.0.1", `/${siteId}/mypage`, { headers: behindProxy() });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(new RegExp(`^(${PUBLIC})?/${siteId}/login`));
  });

  it("logs the visitor's address, not the proxy's", async () => {
    logLines.length = 0;
    await get()("127.0.0.1", `/${siteId}`, { headers: behindProxy() });
    expect(logLines.find((l) => l.msg === "request")).toMatchObject({ ip: VISITOR, path: `/${siteId}` });
  });

  it("throttles logins by the visitor's address, whatever the client wrote into X-Forwarded-For", async () => {
    // This hour's window and the next, should the test run across the hour.
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await handle.owner
      .insert(rateLimits)
      .values(
        [0, 1].map((n) => ({ key: addressKey(VISITOR), windowStart: new Date(hour + n * 3_600_000), count: 1000 })),
      )
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: 1000 } });
    const app = get();
    expect((await postLogin(app, "127.0.0.1", behindProxy(), PUBLIC)).status).toBe(429);
    // Another visitor behind the same proxy is not locked out by the first one.
    const other = behindProxy({ "X-Forwarded-For": "198.51.100.20" });
    expect((await postLogin(app, "127.0.0.1", other, PUBLIC)).status).toBe(422);
    // A visitor who writes the throttled address in front of their own is still themselves.
    const forged = behindProxy({ "X-Forwarded-For": `${VISITOR}, 198.51.100.21` });
    expect((await postLogin(app, "127.0.0.1", forged, PUBLIC)).status).toBe(422);
  });
});

describe("from a peer that is not a trusted proxy", () => {
  it("ignores forwarded headers: a forged X-Forwarded-For, proto and host change nothing", async () => {
    const app = appWith("10.0.0.0/8");
    logLines.length = 0;
    const response = await app("198.51.100.4", `/${siteId}`, { headers: behindProxy() });
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="${DIRECT}/${siteId}"`);
    for (const cookie of cookiesOf(response)) expect(cookie).not.toContain("Secure");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(logLines.find((l) => l.msg === "request")).toMatchObject({ ip: "198.51.100.4" });
    // The throttled address written by the client does not lock this peer out.
    expect((await postLogin(app, "198.51.100.4", behindProxy(), DIRECT)).status).toBe(422);
  });
});

describe("without TRUST_PROXY (the default)", () => {
  it("behaves as before on loopback and ignores forwarded headers from anyone", async () => {
    const app = appWith(undefined);
    const plain = await app("127.0.0.1", `/${siteId}`);
    expect(await plain.text()).toContain(`<link rel="canonical" href="${DIRECT}/${siteId}"`);
    const forwarded = await app("127.0.0.1", `/${siteId}`, { headers: behindProxy() });
    expect(await forwarded.text()).toContain(`<link rel="canonical" href="${DIRECT}/${siteId}"`);
    expect(forwarded.headers.get("strict-transport-security")).toBeNull();
    expect((await postLogin(app, "127.0.0.1", {}, DIRECT)).status).toBe(422);
  });

  it("refuses a form whose Origin is not the origin it reached (a proxy nobody trusts): 403 in the page's language, a warning with both origins", async () => {
    const app = appWith(undefined);
    logLines.length = 0;
    const response = await postLogin(app, "127.0.0.1", behindProxy(), PUBLIC);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("この操作は受け付けられませんでした");
    const warning = logLines.find((l) => l.msg === "csrf refusal");
    expect(warning).toMatchObject({ level: 40, reason: "origin", origin: PUBLIC, expected: DIRECT });
    expect(logLines.some((l) => l.msg === "unhandled error" || (l.level as number) >= 50)).toBe(false);
  });
});
