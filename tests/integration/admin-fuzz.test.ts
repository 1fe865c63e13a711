import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { staff } from "#server/db/schema";
import { createApp } from "#server/http/app";
import { startStaffSession } from "#server/staff/sessions";
import { testServices } from "#tests/fixtures/services";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * Every back-office form fuzzed (issue 23): each route of the back office, read from the build
 * itself so a new screen is covered the day it lands, gets garbage paths, queries and bodies from
 * a signed-in owner. Whatever arrives, the answer is never a 5xx.
 */

const ORIGIN = "http://127.0.0.1:3000";
const CSRF = "f".repeat(43);
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);

let handle: TestDb;
let app: ReturnType<typeof createApp>;
let siteId: string;
let cookie: string;
let routes: string[];

const request = (target: string, init: RequestInit = {}) =>
  app.request(`${ORIGIN}${target}`, init, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });

/** The full path of each back-office route, its parameters left as `:name`. */
function adminPaths(build: ServerBuild): string[] {
  const full = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId && route.parentId !== "root" ? full(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(build.routes)
    .filter((id) => id.startsWith("admin"))
    .map((id) => `/${full(id)}`.replace(/\/\*$/, "/no-such-page"))
    .filter((p, i, all) => all.indexOf(p) === i);
}

const NASTY = [
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "99999999999999999999",
  "NaN",
  "null",
  "[]",
  "{}",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "' or 1=1 --",
  "\u0000",
  "%00",
  "../../etc/passwd",
  "店舗".repeat(3000),
  "🚗",
  "2026-02-30",
  "25:61",
  "#zzzzzz",
  "on",
  "1",
  "delete",
  "commit",
  "stores",
  "vehicles",
];
const value = fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 40 }), fc.integer().map(String));
const FIELDS = [
  "intent",
  "kind",
  "text",
  "store_name",
  "email",
  "role",
  "store_ids",
  "active",
  "code",
  "password",
  "password_confirm",
  "current_password",
  "token",
  "locale",
  "redirect",
  "display_order",
  "business_start_time",
  "holiday_dates",
  "pref_code",
  "management_status",
];
const body = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), value), {
  maxLength: 12,
});
const param = fc.constantFrom("1", "0", "-5", "abc", "999999999", "1.5", "%E5%BA%97", "%00", "..%2F..");

const concrete = (route: string, values: string[]) => {
  let i = 0;
  return route.replace(":siteId", siteId).replace(/:[A-Za-z]+\??/g, () => values[i++ % values.length] as string);
};

beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
  const [owner] = await handle.owner
    .insert(staff)
    .values({ siteId, email: "fuzz-owner@example.com", role: "owner", passwordHash: "x" })
    .returning({ id: staff.id });
  const token = await startStaffSession(handle.forSite(siteId), siteId, {
    staffId: owner?.id as number,
    twoFactorPending: false,
  });
  cookie = `asid_${siteId}=${token}; csrf=${CSRF}`;
  const entry = pathToFileURL(path.resolve("build/server/index.js")).href;
  const build = (await import(/* @vite-ignore */ entry)) as ServerBuild;
  app = createApp({ ...testServices(handle.forSite("")), database: handle.server, build, mode: "production" });
  routes = adminPaths(build);
});
afterAll(() => handle?.close());

// Each run walks every route of the back office: about fifty pages.
describe("the back office under garbage", { timeout: 120_000 }, () => {
  it("knows its routes from the build", () => {
    expect(routes).toEqual(expect.arrayContaining(["/admin/:siteId/login", "/admin/:siteId/stores/:storeId"]));
  });

  it("answers every route's GET with any path parameter and query without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(param, { minLength: 1, maxLength: 3 }), body, async (params, query) => {
        for (const route of routes) {
          const search = new URLSearchParams(query.map(([k, v]) => [k, v.slice(0, 200)]));
          const response = await request(`${concrete(route, params)}?${search}`, { headers: { cookie } });
          expect(response.status, `GET ${route}`).toBeLessThan(500);
        }
      }),
      { numRuns: RUNS, seed: 23 },
    );
  });

  it("answers every route's POST with any fields, urlencoded or multipart, without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(param, { minLength: 1, maxLength: 3 }),
        body,
        fc.boolean(),
        async (params, fields, multipart) => {
          for (const route of routes) {
            const target = concrete(route, params);
            let init: RequestInit;
            if (multipart) {
              const form = new FormData();
              form.append("_csrf", CSRF);
              for (const [k, v] of fields) form.append(k, v);
              form.append("file", new Blob([fields.map(([k, v]) => `${k},${v}`).join("\n")]), "fuzz.csv");
              init = { method: "POST", body: form };
            } else {
              const form = new URLSearchParams([["_csrf", CSRF], ...fields]);
              init = {
                method: "POST",
                body: form.toString(),
                headers: { "Content-Type": "application/x-www-form-urlencoded" },
              };
            }
            const response = await request(target, {
              ...init,
              headers: {
                ...(init.headers as Record<string, string>),
                cookie,
                Origin: ORIGIN,
                "Sec-Fetch-Site": "same-origin",
              },
              redirect: "manual",
            });
            expect(response.status, `POST ${target} ${JSON.stringify(fields).slice(0, 300)}`).toBeLessThan(500);
          }
        },
      ),
      { numRuns: RUNS, seed: 29 },
    );
  });
});
