import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservationPayments, reservations, stores } from "#server/db/schema";
import { makeSite } from "#tests/fixtures/sites";
import { assertAppRole, createTestDb, type TestDb } from "./test-db";

/**
 * Issue 37: tests reach the database as production does. (a) proves that `forSite` is the limited
 * app role, on this run's database; (b) keeps tests from handing the owner to the code under test.
 */

let handle: TestDb;
let siteA: string;
let siteB: string;
let paymentA: number;

const DAY = 86_400_000;
const catalogue = (reserveNo: string) => ({
  classes: [{ key: "c", className: "クラス" }],
  carTypes: [{ key: "t", classKey: "c", typeName: "車種", capacity: 5 }],
  vehicles: [{ store: 0, typeKey: "t", count: 1 }],
  reservations: [
    { store: 0, typeKey: "t", reserveNo, startAt: new Date(Date.now() + DAY), endAt: new Date(Date.now() + 2 * DAY) },
  ],
});

beforeAll(async () => {
  handle = await createTestDb();
  siteA = (await makeSite(handle.owner, { catalogue: catalogue("GUARD-A") })).siteId;
  siteB = (await makeSite(handle.owner, { catalogue: catalogue("GUARD-B") })).siteId;
  for (const siteId of [siteA, siteB]) {
    const [booking] = await handle.owner
      .select({ id: reservations.id })
      .from(reservations)
      .where(eq(reservations.siteId, siteId));
    const [row] = await handle.owner
      .insert(reservationPayments)
      .values({
        siteId,
        reservationId: booking?.id as number,
        entry: "attempt",
        kind: "charge",
        operation: "booking",
        amount: 1000,
        status: "attempted",
        idempotencyKey: `guard-${siteId}`,
      })
      .returning({ id: reservationPayments.id });
    if (siteId === siteA) paymentA = row?.id as number;
  }
});
afterAll(() => handle.close());

/** The SQLSTATE under Drizzle's wrapping (STACK-NOTES: `err.cause.code`). */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
  return undefined;
}

describe("the role tests use (createTestDb)", () => {
  it("may add to the payment ledger but never change or remove an entry", async () => {
    const db = handle.forSite(siteA);
    const [entry] = await db.select().from(reservationPayments).where(eq(reservationPayments.id, paymentA));
    expect(entry?.amount).toBe(1000);
    // 42501: insufficient_privilege.
    expect(
      await sqlState(db.update(reservationPayments).set({ amount: 1 }).where(eq(reservationPayments.id, paymentA))),
    ).toBe("42501");
    expect(await sqlState(db.delete(reservationPayments).where(eq(reservationPayments.id, paymentA)))).toBe("42501");
  });

  it("sees no other site's rows", async () => {
    const db = handle.forSite(siteA);
    const sites = async (table: typeof stores | typeof reservations | typeof reservationPayments) =>
      new Set((await db.select({ siteId: table.siteId }).from(table)).map((r) => r.siteId));
    for (const table of [stores, reservations, reservationPayments])
      expect(await sites(table)).toEqual(new Set([siteA]));
    const [count] = (
      (await db.execute(sql`select count(*)::int as n from reservations where site_id = ${siteB}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(count?.n).toBe(0);
  });

  it("refuses the owner where the app role belongs", async () => {
    await expect(assertAppRole(() => handle.owner)).rejects.toThrow(/superuser|app role/);
  });
});

/**
 * The rule, checked on the test sources: the owner (`handle.owner`) loads fixtures and nothing else.
 * Allowed: `handle.owner.insert/update/delete/execute(…)` chains (rows a test starts from, set-up
 * SQL) and `handle.owner` as an argument of a fixture factory or of a function that is cross-site
 * in production too (FIXTURE_OR_CROSS_SITE). Flagged: anything else, such as `handle.owner.select(…)`
 * (a read of what the code wrote belongs to `forSite`) or the owner passed to domain code.
 * EXEMPT files test the owner itself.
 */
const FIXTURE_OR_CROSS_SITE = new Set([
  // fixture factories (server/db/seed, tests/fixtures)
  "makeSite",
  "createSite",
  "createCatalogue",
  "createMember",
  "createDriver",
  "createDriverImage",
  "createMemberCard",
  "createMemberReservation",
  "setDriverInputSettings",
  "firstPaymentInLedger",
  "seedDemoIfEmpty",
  "seedDemoMembers",
  "seedDemoStaff",
  // cross-site in production: provisioning (the site:create script) and the payment webhook's lookup
  "provisionSite",
  "newSiteProblem",
  "paymentEventTarget",
  "listPublicSites",
  // runs at migrate, as the owner, over every site's rows that lack their search column (decision 051)
  "fillSearchText",
]);
const EXEMPT = new Set([
  "tests/setup/app-role.test.ts",
  "tests/setup/test-db.ts",
  // compares what the owner and the app role see, to test the policies themselves
  "tests/integration/row-level-security.test.ts",
]);
const ROOT = path.resolve(import.meta.dirname, "../..");

function testSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && rel !== "tests/e2e") out.push(...testSources(rel));
    } else if (/\.test\.tsx?$/.test(entry.name) || /^tests\/(api|fixtures)\/[^/]+\.ts$/.test(rel)) {
      out.push(rel);
    }
  }
  return out;
}

/** The name of the call whose argument list holds `at`, or null when `at` is in none. */
function enclosingCall(text: string, at: number): string | null {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i];
    if (c === ")" || c === "]" || c === "}") depth++;
    else if (c === "[" || c === "{") {
      if (depth === 0) return null;
      depth--;
    } else if (c === "(") {
      if (depth > 0) {
        depth--;
        continue;
      }
      return /([A-Za-z_$][\w$]*)\s*$/.exec(text.slice(Math.max(0, i - 80), i))?.[1] ?? null;
    } else if (c === ";" && depth === 0) return null;
  }
  return null;
}

function ownerMisuses(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\bhandle\.owner\b/g)) {
    const end = (match.index ?? 0) + match[0].length;
    const line = text.slice(0, match.index).split("\n").length;
    const chained = /^\s*\.\s*(\w+)/.exec(text.slice(end, end + 200))?.[1];
    if (chained) {
      if (!["insert", "update", "delete", "execute"].includes(chained)) found.push(`${file}:${line}: owner.${chained}`);
      continue;
    }
    const call = enclosingCall(text, match.index ?? 0);
    if (!call || !FIXTURE_OR_CROSS_SITE.has(call)) found.push(`${file}:${line}: owner given to ${call ?? "no call"}`);
  }
  return found;
}

describe("the owner in test sources", () => {
  it("is given to fixture loading only", () => {
    const files = ["app", "server", "tests"].flatMap(testSources).filter((f) => !EXEMPT.has(f));
    expect(files.length).toBeGreaterThan(50);
    const misuses = files.flatMap((file) => ownerMisuses(file, readFileSync(path.join(ROOT, file), "utf8")));
    expect(misuses).toEqual([]);
  });

  it("flags a read of the owner and the owner handed to the code under test", () => {
    const sample = [
      "await makeSite(handle.owner, { catalogue });",
      "await handle.owner.insert(stores).values(row);",
      "const [row] = await handle.owner.select().from(stores);",
      "await updateStore(handle.owner, siteId, OWNER, id, input);",
      "const db = handle.owner;",
    ].join("\n");
    expect(ownerMisuses("sample.ts", sample)).toEqual([
      "sample.ts:3: owner.select",
      "sample.ts:4: owner given to updateStore",
      "sample.ts:5: owner given to no call",
    ]);
  });
});
