import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staff } from "#server/db/schema";
import { demoStaffEmail } from "#server/db/seed/demo-staff";
import { type ApiScope, createApiKey } from "#server/integrations/api-keys";
import { actorAs } from "#tests/fixtures/staff-actors";
import { Browser, type Harness, json, PREFIXES, type ProblemBody, SITE, text } from "./account-client";
import { apiHarness } from "./harness";

let h: Harness;
let catalogKey: string;
let bookingsKey: string;

/** A key of the site made by its demo owner. */
async function keyOf(siteId: string, scopes: ApiScope[]): Promise<string> {
  const db = h.handle.forSite(siteId);
  const [owner] = await h.handle
    .forSite(siteId)
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.siteId, siteId), eq(staff.email, demoStaffEmail(siteId, "owner"))));
  const actor = actorAs("owner", [], owner!.id);
  return (await createApiKey(db, siteId, actor, { name: "address test", scopes, rateLimit: 1000 })).secret;
}

beforeAll(async () => {
  h = await apiHarness();
  catalogKey = await keyOf(SITE, ["catalog:read"]);
  bookingsKey = await keyOf(SITE, ["bookings"]);
});
afterAll(() => h.handle.close());

const CHIYODA = {
  zip: "1000001",
  pref_code: 13,
  pref: "東京都",
  city: "千代田区",
  town: "千代田",
  address: "千代田区千代田",
  fullAddress: "東京都千代田区千代田",
};

/** A program's call with its key. */
const withKey = (path: string, key: string, site = SITE) =>
  h.call(path, { headers: { Authorization: `Bearer ${key}`, "X-Site-Id": site } });

describe.each(PREFIXES)("address API at '%s' (%s)", (prefix, locale) => {
  const api = `${prefix}/api/v1`;

  it("finds the address of a postal code, for a browser and for a catalog:read key", async () => {
    const browser = await new Browser(h).get(`${api}/address-search?zip=1000001`);
    expect(browser.status).toBe(200);
    expect(await browser.json()).toEqual({ ...CHIYODA, results: [CHIYODA] });

    const program = await withKey(`${api}/address-search?zip=${encodeURIComponent("１００－０００１")}`, catalogKey);
    expect(program.status).toBe(200);
    expect(await program.json()).toEqual({ ...CHIYODA, results: [CHIYODA] });
  });

  it("lists every place of a code shared by several, the first at the top level", async () => {
    const response = await new Browser(h).get(`${api}/address-search?zip=910-4276`);
    expect(response.status).toBe(200);
    const body = await json<{ town: string; results: { town: string; fullAddress: string }[] }>(response);
    expect(body.results.map((r) => r.fullAddress)).toEqual(["福井県あわら市十三", "福井県あわら市城"]);
    expect(body.town).toBe("十三");
  });

  it.each([
    ["123", "zip_invalid"],
    ["abcdefg", "zip_invalid"],
    ["10000011", "zip_invalid"],
    ["", "zip_required"],
    [null, "zip_required"],
  ])("refuses zip=%s with the field error %s, in the language", async (zip, reason) => {
    const query = zip === null ? "" : `?zip=${encodeURIComponent(zip)}`;
    const response = await new Browser(h).get(`${api}/address-search${query}`);
    expect(response.status).toBe(422);
    const problem = await json<ProblemBody>(response);
    expect(problem.errors).toEqual({ zip: [text(locale, `reason.${reason as "zip_invalid" | "zip_required"}`)] });
    expect(problem.error_codes).toEqual({ zip: reason });
  });

  it("answers 404 in the language for a code that points nowhere", async () => {
    const response = await new Browser(h).get(`${api}/address-search?zip=0000000`);
    expect(response.status).toBe(404);
    expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "error.notFound"));
  });

  it("refuses a key without catalog:read (403) and an unknown key (401)", async () => {
    const forbidden = await withKey(`${api}/address-search?zip=1000001`, bookingsKey);
    expect(forbidden.status).toBe(403);
    expect((await json<ProblemBody>(forbidden)).detail).toBe(text(locale, "error.refused"));
    const unknown = await withKey(`${api}/address-search?zip=1000001`, `rcb_${"x".repeat(43)}`);
    expect(unknown.status).toBe(401);
  });
});

describe("address API across sites", () => {
  it("a key of one site is refused by another (401)", async () => {
    const response = await withKey("/api/v1/address-search?zip=1000001", catalogKey, "kaede");
    expect(response.status).toBe(401);
  });

  it("an unknown site answers 404", async () => {
    const response = await h.call("/api/v1/address-search?zip=1000001", { headers: { "X-Site-Id": "no-such-site" } });
    expect(response.status).toBe(404);
  });

  it("a failing postal service answers 404, never 500", async () => {
    const original = h.services.postal.lookup;
    h.services.postal.lookup = () => Promise.reject(new Error("down"));
    try {
      const response = await new Browser(h).get("/api/v1/address-search?zip=1000001");
      expect(response.status).toBe(404);
    } finally {
      h.services.postal.lookup = original;
    }
  });
});
