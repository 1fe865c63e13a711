import path from "node:path";
import { pathToFileURL } from "node:url";
import { Secret, TOTP } from "otpauth";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/auth/passwords";
import { staff } from "#server/db/schema";
import { createMember } from "#server/db/seed/members-factory";
import { createApp } from "#server/http/app";
import { parseTrustProxy } from "#server/http/proxy";
import { testServices } from "#tests/fixtures/services";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * Issue 38's lockout, through the whole HTTP stack and the production build behind a trusted proxy
 * (TRUST_PROXY=loopback names each client): a stranger's 120 wrong passwords or codes from one
 * address, then the owner signs in from another. The throttle's wait is recorded, never slept: no
 * assertion here is about time.
 */

const ORIGIN = "https://booking.example.com";
const STRANGER = "198.51.100.66";
const OWNER = "203.0.113.9";
const PASSWORD = "correct-horse-9";
const ATTEMPTS = 120;

let handle: TestDb;
let build: ServerBuild;
let siteId: string;
const waits: number[] = [];
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
  build = (await import(/* @vite-ignore */ pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const services = testServices(handle.forSite(""), {
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  app = createApp({
    ...services,
    database: handle.server,
    build,
    mode: "production",
    trustProxy: parseTrustProxy("loopback"),
  });
}, 60_000);
afterAll(() => handle?.close());

/** One browser behind the proxy, at a client address: its cookies, and forms posted as a browser posts them. */
function browserAt(clientIp: string) {
  const cookies = new Map<string, string>();
  const headers = () => ({
    "X-Forwarded-For": clientIp,
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "booking.example.com",
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
  });
  const request = async (pathname: string, init: RequestInit = {}) => {
    const response = await app.request(`http://127.0.0.1:3000${pathname}`, init, {
      incoming: { socket: { remoteAddress: "127.0.0.1" } },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      if (/Max-Age=0/i.test(line)) cookies.delete(pair.slice(0, at));
      else cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  /** Opens the form's page for its CSRF token, then posts the fields; answers the post's status. */
  const post = async (pathname: string, fields: Record<string, string>) => {
    const page = await request(pathname, { headers: headers() });
    const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1];
    if (!token) throw new Error(`no CSRF field on ${pathname} (${page.status})`);
    const response = await request(pathname, {
      method: "POST",
      headers: {
        ...headers(),
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
        Accept: "text/html",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ _csrf: token, ...fields }).toString(),
    });
    return response.status;
  };
  return { post };
}

/** The stranger's statuses: refused as wrong until its address has failed too often, then 429. */
async function strangerTries(post: (n: number) => Promise<number>) {
  const statuses: number[] = [];
  for (let n = 0; n < ATTEMPTS; n++) statuses.push(await post(n));
  expect(statuses[0]).toBe(422);
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.every((s) => s === 422 || s === 429)).toBe(true);
}

async function addStaff(email: string, totpSecret: string | null = null) {
  const [row] = await handle.owner
    .insert(staff)
    .values({ siteId, email, role: "owner", passwordHash: await hashPassword(PASSWORD), totpSecret })
    .returning({ id: staff.id });
  return row!.id;
}

describe("a stranger's wrong guesses from one address do not lock the owner out of another (TRUST_PROXY)", () => {
  it("member login", async () => {
    const email = "hanako-throttle@example.com";
    await createMember(handle.owner, siteId, { name: "花子", email, passwordHash: await hashPassword(PASSWORD) });
    const stranger = browserAt(STRANGER);
    await strangerTries(() => stranger.post(`/${siteId}/login`, { email, password: "wrong-password" }));
    // The stranger's address is refused even the right password.
    expect(await stranger.post(`/${siteId}/login`, { email, password: PASSWORD })).toBe(429);
    waits.length = 0;
    expect(await browserAt(OWNER).post(`/${siteId}/login`, { email, password: PASSWORD })).toBe(302);
    // Slowed down, not refused.
    expect(waits.length).toBeGreaterThan(0);
  }, 120_000);

  it("staff login", async () => {
    const email = "staff-throttle@kaede.example";
    await addStaff(email);
    const stranger = browserAt(STRANGER);
    await strangerTries(() => stranger.post(`/admin/${siteId}/login`, { email, password: "wrong-password" }));
    expect(await stranger.post(`/admin/${siteId}/login`, { email, password: PASSWORD })).toBe(429);
    waits.length = 0;
    expect(await browserAt(OWNER).post(`/admin/${siteId}/login`, { email, password: PASSWORD })).toBe(302);
    expect(waits.length).toBeGreaterThan(0);
  }, 120_000);

  it("two-factor codes", async () => {
    const email = "staff-2fa-throttle@kaede.example";
    const secret = new Secret({ size: 20 }).base32;
    await addStaff(email, secret);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
    const code = () => totp.generate();
    /** A guess never within a step of the real code. */
    const wrong = (n: number) => {
      const guess = String(100000 + n);
      return totp.validate({ token: guess, window: 1 }) === null ? guess : "000000";
    };
    // The stranger has the password; the code is what they guess.
    const stranger = browserAt(STRANGER);
    expect(await stranger.post(`/admin/${siteId}/login`, { email, password: PASSWORD })).toBe(302);
    await strangerTries((n) => stranger.post(`/admin/${siteId}/login/two-factor`, { code: wrong(n) }));
    const owner = browserAt(OWNER);
    expect(await owner.post(`/admin/${siteId}/login`, { email, password: PASSWORD })).toBe(302);
    waits.length = 0;
    expect(await owner.post(`/admin/${siteId}/login/two-factor`, { code: code() })).toBe(302);
    expect(waits.length).toBeGreaterThan(0);
  }, 120_000);
});
