import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROBLEM_KINDS } from "#app/api/partner/problems.server";
import { clients } from "#server/db/schema";
import { listApiKeys, revokeApiKey } from "#server/integrations/api-keys";
import { ORIGIN } from "#tests/api/harness";
import { OWNER } from "#tests/fixtures/staff-actors";
import { partnerHarness } from "./harness";

/**
 * Issue 42, the API for programs' door: keys only (missing, invalid and revoked told apart), the
 * site from the key, scopes named when missing, the rate limit, and problems for programs.
 */
let h: Awaited<ReturnType<typeof partnerHarness>>;
beforeAll(async () => {
  h = await partnerHarness();
}, 180_000);
afterAll(() => h.handle.close());

const problemOf = async (response: Response) => {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  return response.json();
};

describe("keys", () => {
  it("a missing, a malformed, an unknown and a revoked key are four answers with their own type", async () => {
    const missing = await h.call("/stores");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const body = await problemOf(missing);
    expect(body).toMatchObject({
      type: `${ORIGIN}/api/partner/v1/problems/missing-api-key`,
      title: "API key missing",
      status: 401,
      instance: "/api/partner/v1/stores",
    });
    expect(body.request_id).toMatch(/\S/);
    expect(body.request_id).toBe(missing.headers.get("x-request-id"));

    const malformed = await problemOf(await h.call("/stores", { headers: { Authorization: "Basic abc" } }));
    expect(malformed.type).toMatch(/\/problems\/invalid-api-key$/);
    const unknown = await problemOf(await h.call("/stores", { key: `rcb_${"A".repeat(43)}` }));
    expect(unknown.type).toMatch(/\/problems\/invalid-api-key$/);

    const secret = await h.makeKey(["catalog:read"]);
    const keys = await h.call("/stores", { key: secret });
    expect(keys.status).toBe(200);
    const made = (await listApiKeys(h.handle.forSite("sakura"), "sakura", OWNER))[0]!;
    await revokeApiKey(h.handle.forSite("sakura"), "sakura", OWNER, made.id);
    const revoked = await h.call("/stores", { key: secret });
    expect(revoked.status).toBe(401);
    expect((await problemOf(revoked)).type).toMatch(/\/problems\/revoked-api-key$/);
  });

  it("the site comes from the key: another site's key sees its own stores; a header naming another site is refused", async () => {
    const sakura = await h.makeKey(["catalog:read"]);
    const other = await h.makeKey(["catalog:read"], 1000, "kaede");
    const a = await (await h.call("/stores", { key: sakura })).json();
    const b = await (await h.call("/stores", { key: other })).json();
    expect(a.data.map((s: { name: string }) => s.name)).not.toEqual(b.data.map((s: { name: string }) => s.name));
    const same = await h.call("/stores", { key: sakura, headers: { "X-Site-Id": "sakura" } });
    expect(same.status).toBe(200);
    const mismatch = await h.call("/stores", { key: sakura, headers: { "X-Site-Id": "kaede" } });
    expect(mismatch.status).toBe(404);
    expect((await problemOf(mismatch)).type).toMatch(/\/problems\/unknown-site$/);
  });

  it("a key of a site that is no longer active gets unknown-site", async () => {
    const key = await h.makeKey(["catalog:read"], 1000, "kaede");
    await h.handle.owner.update(clients).set({ isActive: false }).where(eq(clients.siteId, "kaede"));
    h.services.siteCache.invalidate("kaede");
    try {
      const refused = await h.call("/stores", { key });
      expect(refused.status).toBe(404);
      expect((await problemOf(refused)).type).toMatch(/\/problems\/unknown-site$/);
    } finally {
      await h.handle.owner.update(clients).set({ isActive: true }).where(eq(clients.siteId, "kaede"));
      h.services.siteCache.invalidate("kaede");
    }
  });
});

describe("scopes", () => {
  it("a missing scope is named; the older bookings scope grants both reservation scopes", async () => {
    const catalog = await h.makeKey(["catalog:read"]);
    const refused = await h.call("/reservations", { key: catalog });
    expect(refused.status).toBe(403);
    expect(await problemOf(refused)).toMatchObject({ scope: "reservations:read", title: "Scope missing" });
    const reader = await h.makeKey(["reservations:read"]);
    expect((await h.call("/reservations", { key: reader })).status).toBe(200);
    const write = await h.call("/reservations/261128-AAAA/cancel", { key: reader, method: "POST" });
    expect((await problemOf(write)).scope).toBe("reservations:write");
    expect((await h.call("/stores", { key: reader })).status).toBe(403);
    const legacy = await h.makeKey(["bookings"]);
    expect((await h.call("/reservations", { key: legacy })).status).toBe(200);
    const none = await h.call("/reservations/261128-AAAA", { key: legacy });
    expect((await problemOf(none)).type).toMatch(/\/problems\/reservation-not-found$/);
  });
});

describe("rate limit", () => {
  it("answers RateLimit headers, then 429 with the rate-limit reason and Retry-After", async () => {
    const key = await h.makeKey(["catalog:read"], 2);
    const first = await h.call("/stores", { key });
    expect(first.headers.get("ratelimit-limit")).toBe("2");
    expect(first.headers.get("ratelimit-remaining")).toBe("1");
    expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    await h.call("/stores", { key });
    const third = await h.call("/stores", { key });
    expect(third.status).toBe(429);
    expect(third.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = await problemOf(third);
    expect(body.type).toMatch(/\/problems\/rate-limited$/);
    expect(body.detail).not.toMatch(/attempt|log ?in/i);
  });
});

describe("problems", () => {
  it("an unknown path is a not-found problem; each problem type's URL describes it", async () => {
    const key = await h.makeKey(["catalog:read"]);
    const missing = await h.call("/nothing-here", { key });
    expect(missing.status).toBe(404);
    expect((await problemOf(missing)).type).toMatch(/\/problems\/not-found$/);
    for (const reason of Object.keys(PROBLEM_KINDS)) {
      const described = await h.call(`/problems/${reason}`);
      expect(described.status).toBe(200);
      expect(await described.json()).toMatchObject({ type: `${ORIGIN}/api/partner/v1/problems/${reason}` });
    }
  });

  it("serves its OpenAPI 3.1 document with this origin's server, the scopes and every event's webhook", async () => {
    const doc = await (await h.call("/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0].url).toBe(`${ORIGIN}/api/partner/v1`);
    expect(Object.keys(doc.components.securitySchemes.apiKey["x-scopes"])).toEqual([
      "catalog:read",
      "reservations:read",
      "reservations:write",
    ]);
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      [
        "payment.refunded",
        "payment.succeeded",
        "reservation.cancelled",
        "reservation.changed",
        "reservation.created",
      ].sort(),
    );
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    expect(ids.sort()).toEqual(
      [
        "listStores",
        "getStore",
        "listCarTypes",
        "searchAvailability",
        "createQuote",
        "createReservation",
        "getReservation",
        "listReservations",
        "updateReservation",
        "cancelReservation",
      ].sort(),
    );
  });
});

describe("reference", () => {
  it("renders the document's operations, parameters and webhooks in English and Japanese, from this origin", async () => {
    const index = await h.call("/docs");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toMatch(/^text\/html/);
    expect(index.headers.get("content-security-policy")).toContain("default-src");
    const html = await index.text();
    expect(html).toContain("createReservation");
    expect(html).toContain(`${ORIGIN}/api/partner/v1`);
    expect(html).toContain("reservations:write");
    const ja = await (await h.call("/docs?lang=ja")).text();
    expect(ja).toContain("オペレーション");
    const webhooks = await h.call("/docs/webhooks");
    expect(webhooks.status).toBe(200);
    expect(await webhooks.text()).toContain("reservation.cancelled");
    expect((await h.call("/docs/no-such-section")).status).toBe(404);
  });
});
