import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client";
import { apiKeys, auditLog, rateLimits } from "#server/db/schema";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, MANAGER, OWNER, parsed, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { ApiKeySchema } from "./api-key.schema";
import { authenticateApiKey, createApiKey, listApiKeys, revokeApiKey, takeApiKeyRequest } from "./api-keys";

let handle: TestDb;
let siteA: string;
let siteB: string;

beforeAll(async () => {
  handle = await createTestDb();
  siteA = (await makeSite(handle.owner)).siteId;
  siteB = (await makeSite(handle.owner)).siteId;
});
afterAll(() => handle.close());

/** What the page's form sends, as the schema reads it. */
const input = (fields: Record<string, unknown> = {}) =>
  parsed(ApiKeySchema, { name: "予約システム", scopes: ["catalog:read"], rate_limit: "120", ...fields });

/** What the schema refuses, as `field:reason`. */
function refused(fields: Record<string, unknown>): string[] {
  const result = ApiKeySchema.safeParse(fields);
  if (result.success) return [];
  return result.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
}

describe("the API key form's schema", () => {
  it("reads a name, the ticked scopes in a fixed order and the rate limit", () => {
    expect(parsed(ApiKeySchema, { name: " 基幹 ", scopes: ["bookings", "catalog:read"], rate_limit: "６０" })).toEqual({
      name: "基幹",
      scopes: ["catalog:read", "bookings"],
      rateLimit: 60,
    });
    // One ticked box arrives as a string; an empty rate limit is the default.
    expect(parsed(ApiKeySchema, { name: "x", scopes: "bookings", rate_limit: "" })).toEqual({
      name: "x",
      scopes: ["bookings"],
      rateLimit: 120,
    });
  });

  it("refuses a missing or long name, no scope, an unknown scope and a rate limit out of range", () => {
    expect(refused({ name: "", scopes: [], rate_limit: "0" })).toEqual([
      "name:required",
      "scopes:api_scopes_required",
      "rate_limit:number_range",
    ]);
    expect(refused({ name: "a".repeat(61), scopes: ["admin"], rate_limit: "10001" })).toEqual([
      "name:text_too_long",
      "scopes:api_scopes_required",
      "rate_limit:number_range",
    ]);
    expect(refused({ name: "a".repeat(60), scopes: ["bookings", "admin"], rate_limit: "1.5" })).toEqual([
      "scopes:api_scopes_required",
      "rate_limit:number_invalid",
    ]);
    expect(refused({ name: "a", scopes: ["bookings"], rate_limit: "10000" })).toEqual([]);
  });
});

describe("API keys", () => {
  it("makes a key whose secret authenticates on its site with its scopes; only a hash is stored", async () => {
    const db = handle.forSite(siteA);
    const { id, secret } = await createApiKey(db, siteA, OWNER, input({ scopes: ["catalog:read", "bookings"] }));
    expect(secret).toMatch(/^rcb_[A-Za-z0-9_-]{43}$/);

    const principal = await authenticateApiKey(db, siteA, secret);
    expect(principal).toEqual({
      keyId: id,
      name: "予約システム",
      scopes: ["catalog:read", "bookings"],
      rateLimit: 120,
    });

    const [row] = await handle.forSite(siteA).select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.prefix).toBe(secret.slice(0, 12));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.createdBy).toBe(OWNER.staffId);
    // The secret is nowhere in the row or the audit log, in clear or as its random part.
    const randomPart = secret.slice(4);
    expect(JSON.stringify(row)).not.toContain(randomPart);
    const audit = await handle.forSite(siteA).select().from(auditLog).where(eq(auditLog.siteId, siteA));
    const entry = audit.find((e) => e.action === "api_key.create" && e.entityId === String(id));
    expect(entry?.after).toEqual({
      name: "予約システム",
      prefix: secret.slice(0, 12),
      scopes: ["catalog:read", "bookings"],
      rateLimit: 120,
    });
    expect(JSON.stringify(audit)).not.toContain(randomPart);
    expect(JSON.stringify(audit)).not.toContain(row?.secretHash ?? "-");
  });

  it("lists the keys without their hash, newest first, with who made them", async () => {
    const db = handle.forSite(siteA);
    const { id } = await createApiKey(
      db,
      siteA,
      OWNER,
      input({ name: "二本目", scopes: "bookings", rate_limit: "30" }),
    );
    const list = await listApiKeys(db, siteA, OWNER);
    expect(list[0]).toMatchObject({ id, name: "二本目", scopes: ["bookings"], rateLimit: 30, revokedAt: null });
    expect(list[0]?.prefix).toMatch(/^rcb_.{8}$/);
    expect(list.every((k) => !("secretHash" in k))).toBe(true);
    // The owner fixture has no staff row: the creator's e-mail is unknown, not an error.
    expect(list[0]?.createdBy).toBeNull();
    // Another site's list does not show them.
    expect(await listApiKeys(handle.forSite(siteB), siteB, OWNER)).toEqual([]);
  });

  it("refuses a revoked key, a malformed secret, an unknown one and another site's key", async () => {
    const dbA = handle.forSite(siteA);
    const dbB = handle.forSite(siteB);
    const { id, secret } = await createApiKey(dbA, siteA, OWNER, input());

    // Site A's key presented to site B: through B's scope, and even through the owner's handle.
    expect(await authenticateApiKey(dbB, siteB, secret)).toBeNull();
    expect(await authenticateApiKey(handle.forSite(siteB), siteB, secret)).toBeNull();

    for (const bad of [
      "",
      "rcb_",
      "Bearer x",
      `${secret}x`,
      secret.slice(0, -1),
      `RCB_${secret.slice(4)}`,
      "rcb_%%%",
    ]) {
      expect(await authenticateApiKey(dbA, siteA, bad), bad).toBeNull();
    }
    const unknown = `rcb_${Buffer.alloc(32, 7).toString("base64url")}`;
    expect(await authenticateApiKey(dbA, siteA, unknown)).toBeNull();

    expect(await authenticateApiKey(dbA, siteA, secret)).not.toBeNull();
    expect(await revokeApiKey(dbA, siteA, OWNER, id)).toEqual({ name: "予約システム" });
    expect(await authenticateApiKey(dbA, siteA, secret)).toBeNull();
    const [row] = await handle.forSite(siteA).select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.revokedAt).toBeInstanceOf(Date);

    // Revoking again changes nothing and writes no second entry.
    await revokeApiKey(dbA, siteA, OWNER, id);
    const entries = await handle
      .forSite(siteA)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "api_key.revoke"), eq(auditLog.entityId, String(id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.before).toEqual({ revokedAt: null });
  });

  it("rejects a malformed secret before touching the database", async () => {
    // A handle that fails on any use: a malformed secret must be answered without it.
    const untouchable = new Proxy({} as Db, {
      get() {
        throw new Error("the database was touched");
      },
    });
    for (const bad of ["not-a-key", `rcb_${"a".repeat(44)}`, `rcb_${"a".repeat(42)}`, " rcb_x"]) {
      expect(await authenticateApiKey(untouchable, siteA, bad)).toBeNull();
    }
  });

  it("answers 404 for a key of another site or an id that names none", async () => {
    const { id } = await createApiKey(handle.forSite(siteA), siteA, OWNER, input());
    for (const bad of [id, 0, -1, 2 ** 31, Number.NaN, 1.5]) {
      const error = await refusal(revokeApiKey(handle.forSite(siteB), siteB, OWNER, bad));
      expect(error.code, String(bad)).toBe("not_found");
    }
    // The key of site A is untouched.
    const [row] = await handle.forSite(siteA).select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.revokedAt).toBeNull();
  });

  it("is the owner's: managers, store staff and read-only staff get 403 on every action", async () => {
    const db = handle.forSite(siteA);
    const { id } = await createApiKey(db, siteA, OWNER, input());
    for (const actor of [MANAGER, READ_ONLY, actorAs("store_staff", [1])]) {
      for (const action of [
        () => createApiKey(db, siteA, actor, input()),
        () => listApiKeys(db, siteA, actor),
        () => revokeApiKey(db, siteA, actor, id),
      ]) {
        const error = await refusal(action());
        expect(error.code).toBe("forbidden");
        expect(error.status).toBe(403);
      }
    }
    const [row] = await handle.forSite(siteA).select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.revokedAt).toBeNull();
  });

  it("updates last_used_at on use, at most once a minute", async () => {
    const db = handle.forSite(siteA);
    const { id, secret } = await createApiKey(db, siteA, OWNER, input());
    const lastUsed = async () =>
      (await handle.forSite(siteA).select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]?.at;
    expect(await lastUsed()).toBeNull();

    const t0 = new Date("2030-01-01T00:00:10Z");
    await authenticateApiKey(db, siteA, secret, t0);
    expect(await lastUsed()).toEqual(t0);
    await authenticateApiKey(db, siteA, secret, new Date(t0.getTime() + 30_000));
    expect(await lastUsed()).toEqual(t0);
    const t1 = new Date(t0.getTime() + 61_000);
    await authenticateApiKey(db, siteA, secret, t1);
    expect(await lastUsed()).toEqual(t1);
  });

  it("allows the key's requests per minute, then refuses until the window ends, then allows again", async () => {
    const db = handle.forSite(siteA);
    const { secret } = await createApiKey(db, siteA, OWNER, input({ rate_limit: "3" }));
    const principal = await authenticateApiKey(db, siteA, secret);
    if (!principal) throw new Error("the key did not authenticate");

    const minute = new Date("2030-01-01T09:00:00Z");
    const at = (seconds: number) => new Date(minute.getTime() + seconds * 1000);
    expect(await takeApiKeyRequest(db, siteA, principal, at(0))).toEqual({
      allowed: true,
      remaining: 2,
      resetSeconds: 60,
    });
    expect(await takeApiKeyRequest(db, siteA, principal, at(10))).toEqual({
      allowed: true,
      remaining: 1,
      resetSeconds: 50,
    });
    expect(await takeApiKeyRequest(db, siteA, principal, at(20.5))).toEqual({
      allowed: true,
      remaining: 0,
      resetSeconds: 40,
    });
    expect(await takeApiKeyRequest(db, siteA, principal, at(45))).toEqual({
      allowed: false,
      retryAfterSeconds: 15,
      resetSeconds: 15,
    });
    expect(await takeApiKeyRequest(db, siteA, principal, at(59.9))).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
      resetSeconds: 1,
    });

    // Another key (or the same key id on another site) has its own count.
    const other = await createApiKey(db, siteA, OWNER, input({ rate_limit: "1" }));
    expect(await takeApiKeyRequest(db, siteA, { ...principal, keyId: other.id, rateLimit: 1 }, at(50))).toMatchObject({
      allowed: true,
      remaining: 0,
    });
    expect(await takeApiKeyRequest(handle.forSite(siteB), siteB, principal, at(50))).toMatchObject({
      allowed: true,
      remaining: 2,
    });

    // The next minute starts a new window, and the old one is dropped.
    expect(await takeApiKeyRequest(db, siteA, principal, at(60))).toEqual({
      allowed: true,
      remaining: 2,
      resetSeconds: 60,
    });
    const windows = await handle
      .forSite(siteA)
      .select({ start: rateLimits.windowStart, count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `api:key:${siteA}:${principal.keyId}`));
    expect(windows).toEqual([{ start: at(60), count: 1 }]);
  });

  it("counts requests arriving together exactly once each", async () => {
    const db = handle.forSite(siteA);
    const { secret } = await createApiKey(db, siteA, OWNER, input({ rate_limit: "5" }));
    const principal = await authenticateApiKey(db, siteA, secret);
    if (!principal) throw new Error("the key did not authenticate");
    const now = new Date("2030-01-02T00:00:30Z");
    const results = await Promise.all(Array.from({ length: 8 }, () => takeApiKeyRequest(db, siteA, principal, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.filter((r) => !r.allowed)).toHaveLength(3);
  });
});
