import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Operation } from "#app/api/operation.server";
import { OPERATIONS } from "#app/api/operations.server";
import { members, reservations, stores } from "#server/db/schema";
import { createApiKey } from "#server/integrations/api-keys";
import { OWNER } from "#tests/fixtures/staff-actors";
import type { Browser } from "./account-client";
import { apiHarness } from "./harness";
import { freshMember } from "./member-fixtures";

/**
 * Issue 25's fuzz and tenancy proofs over EVERY operation of the document: hostile path ids,
 * queries, bodies and headers never get a 5xx (and every answer is one the document declares:
 * the harness checks it), and a key or a session of one site sees nothing of another.
 */

let h: Awaited<ReturnType<typeof apiHarness>>;
let sakuraKey: string;
let kaedeKey: string;
let member: Browser;
/** What only kaede has: its store names, its members' addresses, its reservation numbers. */
let kaedeSecrets: string[];

const PREFIXES = ["", "/en", "/kr", "/tw"];
const BAD_IDS = ["0", "-1", "abc", "99999999999999999999", "%00", "..%2F..", "%F0%9F%98%80", "1e3", "x".repeat(300)];
const BAD_VALUES: unknown[] = [
  "",
  "\u0000",
  "<script>alert(1)</script>",
  "'; drop table reservations; --",
  "２０２６-02-30 25:99",
  -1,
  1e308,
  true,
  ["a", { b: 1 }],
  { nested: { deep: [1, 2, 3] } },
  "x".repeat(5000),
];
const BAD_BODIES = [
  "[]",
  '"text"',
  "null",
  "{",
  '{"a":',
  "1",
  "\u0000",
  "{}",
  JSON.stringify({ __proto__: { admin: true } }),
];

/** A path of the operation with `value` for every parameter. */
const pathWith = (op: Operation, value: string) => op.path.replace(/:[A-Za-z_]+/g, value);

/** A plausible path: every id 1. */
const plainPath = (op: Operation) => pathWith(op, "1");

/** Field names the operation's body and query might read (from the document), to send garbage in each. */
function fieldNames(op: Operation): string[] {
  const names = new Set<string>();
  for (const schema of [op.body, op.query]) {
    const zod = schema as unknown as {
      shape?: Record<string, unknown>;
      _zod?: { def?: { shape?: Record<string, unknown> } };
    };
    for (const key of Object.keys(zod?.shape ?? zod?._zod?.def?.shape ?? {})) names.add(key);
  }
  // Schemas that are pipes or built per site show no fields: the names such bodies commonly read.
  if (!names.size)
    for (const key of ["store_id", "car_type_id", "sd", "email", "password", "token", "id"]) names.add(key);
  return [...names];
}

beforeAll(async () => {
  h = await apiHarness();
  sakuraKey = (
    await createApiKey(h.handle.forSite("sakura"), "sakura", OWNER, {
      name: "fuzz",
      scopes: ["catalog:read", "bookings"],
      rateLimit: 10000,
    })
  ).secret;
  kaedeKey = (
    await createApiKey(h.handle.forSite("kaede"), "kaede", OWNER, {
      name: "fuzz",
      scopes: ["catalog:read", "bookings"],
      rateLimit: 10000,
    })
  ).secret;
  member = (await freshMember(h, "sakura")).browser;
  const kaedeStores = await h.handle.forSite("kaede").select().from(stores).where(eq(stores.siteId, "kaede"));
  const kaedeMembers = await h.handle
    .forSite("kaede")
    .select({ email: members.email })
    .from(members)
    .where(eq(members.siteId, "kaede"));
  const kaedeBookings = await h.handle
    .forSite("kaede")
    .select({ no: reservations.reserveNo })
    .from(reservations)
    .where(eq(reservations.siteId, "kaede"));
  kaedeSecrets = [
    ...kaedeStores.flatMap((s) => [s.storeName, s.storeNameEn ?? ""]),
    ...kaedeMembers.map((m) => m.email ?? ""),
    ...kaedeBookings.map((b) => b.no),
  ].filter((s) => s.length > 3);
  expect(kaedeSecrets.length).toBeGreaterThan(3);
}, 120_000);
afterAll(() => h.handle.close());

/** Logging out or withdrawing would end the fuzzing member's session: those two are fuzzed by their own test. */
const ENDS_SESSION = new Set(["mypage/withdrawal", "users/logout"]);
const fuzzed = OPERATIONS.filter((op) => !ENDS_SESSION.has(op.operationId));

describe("fuzz: no input reaches a 5xx, and every answer is documented", () => {
  it.each(fuzzed.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))("%s", async (_name, op) => {
    const statuses = new Set<number>();
    const send = async (
      path: string,
      init: { body?: string; headers?: Record<string, string>; as?: "member" | "key" | "guest" },
    ) => {
      const prefix = PREFIXES[statuses.size % PREFIXES.length];
      const headers: Record<string, string> = { "X-Site-Id": "sakura", ...init.headers };
      let response: Response;
      if (init.as === "member") {
        response = await member.request(`${prefix}/api/v1${path}`, {
          method: op.method.toUpperCase(),
          headers,
          ...(op.method === "post" ? { body: init.body === undefined ? {} : JSON.parse(safeJson(init.body)) } : {}),
        });
      } else {
        if (init.as === "key") headers.authorization = `Bearer ${sakuraKey}`;
        response = await h.call(`${prefix}/api/v1${path}`, {
          method: op.method.toUpperCase(),
          headers: { "content-type": "application/json", ...headers },
          ...(op.method === "post" ? { body: init.body ?? "{}" } : {}),
        });
      }
      statuses.add(response.status);
      expect(response.status, `${op.method} ${path}`).toBeLessThan(500);
      return response;
    };
    const who = op.key ? "key" : "member";

    // Hostile path ids.
    if (op.path.includes(":")) for (const id of BAD_IDS) await send(pathWith(op, id), { as: who });
    // Hostile values in every field the operation reads, as a query and as a body.
    for (const field of fieldNames(op)) {
      for (const value of BAD_VALUES) {
        const text = typeof value === "string" ? value : JSON.stringify(value);
        if (op.method === "get") await send(`${plainPath(op)}?${field}=${encodeURIComponent(text)}`, { as: who });
        else await send(plainPath(op), { body: JSON.stringify({ [field]: value }), as: who });
      }
    }
    // Bodies that are not objects, or not JSON.
    if (op.method === "post") for (const body of BAD_BODIES) await send(plainPath(op), { body, as: "key" });
    // Hostile headers.
    const hostileHeaders: Record<string, string>[] = [
      { "X-Site-Id": "" },
      { "X-Site-Id": "../kaede" },
      { "X-Site-Id": "SAKURA" },
      { authorization: "Bearer " },
      { authorization: "Basic YTpi" },
      { authorization: `Bearer ${"rcb_".padEnd(60, "A")}` },
      { "Idempotency-Key": "\u0001" },
      { "Idempotency-Key": "short" },
      { cookie: "sid_sakura=%%%; csrf=;;;" },
      { "X-CSRF-Token": "x".repeat(5000) },
      { "content-type": "text/plain" },
    ];
    for (const headers of hostileHeaders) {
      await send(plainPath(op), { headers, as: "guest" });
    }
  });

  it("the member was signed in throughout: the member operations' handlers were reached", async () => {
    expect((await member.get("/api/v1/users/me")).status).toBe(200);
  });

  it.each([...ENDS_SESSION])("%s with hostile input", async (operationId) => {
    const op = OPERATIONS.find((o) => o.operationId === operationId)!;
    for (const body of [{ x: "\u0000" }, { password: ["a"] }, { reason: "x".repeat(5000) }]) {
      const { browser } = await freshMember(h, "sakura");
      const r = await browser.request(`/api/v1${op.path}`, { method: "POST", body });
      expect(r.status).toBeLessThan(500);
    }
  });
});

describe("tenancy: a key or a session of sakura sees nothing of kaede", () => {
  it.each(OPERATIONS.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))("%s", async (_name, op) => {
    const ids = ["1", "2", "3", "4", "5", "6", "7", "8"];
    const check = async (response: Response) => {
      expect(response.status).toBeLessThan(500);
      const text = await response.text();
      for (const secret of kaedeSecrets) expect(text, `${op.path} leaks "${secret}"`).not.toContain(secret);
      return response.status;
    };
    // kaede's key with X-Site-Id: sakura, and sakura's key with X-Site-Id: kaede: nobody.
    for (const [key, site] of [
      [kaedeKey, "sakura"],
      [sakuraKey, "kaede"],
    ] as const) {
      const status = await check(
        await h.call(`/api/v1${plainPath(op)}`, {
          method: op.method.toUpperCase(),
          headers: { "X-Site-Id": site, authorization: `Bearer ${key}`, "content-type": "application/json" },
          ...(op.method === "post" ? { body: "{}" } : {}),
        }),
      );
      expect(status).toBe(401);
    }
    // sakura's key and sakura's member, with every small id (kaede's rows among them).
    if (op.path.includes(":")) {
      for (const id of ids) {
        if (op.key) {
          await check(
            await h.call(`/api/v1${pathWith(op, id)}`, {
              method: op.method.toUpperCase(),
              headers: {
                "X-Site-Id": "sakura",
                authorization: `Bearer ${sakuraKey}`,
                "content-type": "application/json",
              },
              ...(op.method === "post" ? { body: "{}" } : {}),
            }),
          );
        }
        if (op.browser && !ENDS_SESSION.has(op.operationId)) {
          await check(
            await member.request(`/api/v1${pathWith(op, id)}`, {
              method: op.method.toUpperCase(),
              ...(op.method === "post" ? { body: {} } : {}),
            }),
          );
        }
      }
    }
    // sakura's member session sent to kaede: a member's operation is 401 there.
    if (op.browser === "member") {
      const r = await member.request(`/api/v1${plainPath(op)}`, {
        method: op.method.toUpperCase(),
        headers: { "X-Site-Id": "kaede" },
        ...(op.method === "post" ? { body: {} } : {}),
      });
      expect(await check(r)).toBe(401);
    }
  });
});

/** A body string as JSON for the member's client (which sends JSON): invalid JSON becomes a string. */
function safeJson(text: string): string {
  try {
    JSON.parse(text);
    return text;
  } catch {
    return JSON.stringify(text);
  }
}
