import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, customPages, siteSettings, stores } from "#server/db/schema";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { isMultiStore } from "./site-bundle";
import { createSiteCache } from "./site-cache";

let handle: TestDb;
let queries = 0;

beforeAll(async () => {
  handle = await createTestDb(() => {
    queries += 1;
  });
});
afterAll(() => handle.close());

describe("site cache", () => {
  it("loads a site once, then serves it warm with no query", async () => {
    const { siteId } = await makeSite(handle.owner);
    let clock = 0;
    const cache = createSiteCache({ freshMs: 1000, now: () => clock });
    const cold = await cache.get(handle.forSite(siteId), siteId);
    expect(cold?.client.siteId).toBe(siteId);
    queries = 0;
    for (let i = 0; i < 5; i++) expect(await cache.get(handle.forSite(siteId), siteId)).toBe(cold);
    expect(queries).toBe(0);
    clock = 1500;
    expect(await cache.get(handle.forSite(siteId), siteId)).toBe(cold);
    expect(queries).toBe(1);
  });

  it("notices a change made directly in the database at the next version check", async () => {
    const { siteId } = await makeSite(handle.owner);
    let clock = 0;
    const cache = createSiteCache({ freshMs: 1000, now: () => clock });
    const before = await cache.get(handle.forSite(siteId), siteId);
    await handle.owner.update(siteSettings).set({ siteTitleEn: "Renamed" }).where(eq(siteSettings.siteId, siteId));
    expect((await cache.get(handle.forSite(siteId), siteId))?.settings.siteTitleEn).toBe(before?.settings.siteTitleEn);
    clock = 2000;
    const after = await cache.get(handle.forSite(siteId), siteId);
    expect(after?.settings.siteTitleEn).toBe("Renamed");
    expect(after?.version).toBeGreaterThan(before?.version ?? 0);
  });

  it.each([
    [
      "custom pages",
      (siteId: string) => ({ table: customPages, values: { siteId, pageUrl: "new-page", pageTitle: "新" } }),
    ],
    ["stores", (siteId: string) => ({ table: stores, values: { siteId, storeName: "新店舗" } })],
  ])("bumps the version when %s change", async (_name, make) => {
    const { siteId } = await makeSite(handle.owner);
    const cache = createSiteCache({ freshMs: 0 });
    const before = await cache.get(handle.forSite(siteId), siteId);
    const { table, values } = make(siteId);
    // biome-ignore lint/suspicious/noExplicitAny: two tables, one insert
    await handle.owner.insert(table as any).values(values);
    const after = await cache.get(handle.forSite(siteId), siteId);
    expect(after?.version).toBeGreaterThan(before?.version ?? 0);
  });

  it("invalidates at once on request", async () => {
    const { siteId } = await makeSite(handle.owner);
    const cache = createSiteCache({ freshMs: 60_000 });
    await cache.get(handle.forSite(siteId), siteId);
    await handle.owner.update(clients).set({ usagePlanType: 1 }).where(eq(clients.siteId, siteId));
    cache.invalidate(siteId);
    expect((await cache.get(handle.forSite(siteId), siteId))?.client.usagePlanType).toBe(1);
  });

  it("answers null for an unknown site and caches the answer", async () => {
    const cache = createSiteCache({ freshMs: 60_000 });
    expect(await cache.get(handle.forSite("no-such-site"), "no-such-site")).toBeNull();
    queries = 0;
    expect(await cache.get(handle.forSite("no-such-site"), "no-such-site")).toBeNull();
    expect(queries).toBe(0);
  });

  it("keeps only active stores in display order and sets the multi-store flag", async () => {
    const { siteId } = await makeSite(handle.owner, {
      stores: [
        { storeName: "B", displayOrder: 2 },
        { storeName: "A", displayOrder: 1 },
        { storeName: "closed", displayOrder: 0, managementStatus: 2 },
      ],
    });
    const bundle = await createSiteCache().get(handle.forSite(siteId), siteId);
    expect(bundle?.stores.map((s) => s.storeName)).toEqual(["A", "B"]);
    expect(bundle && isMultiStore(bundle)).toBe(true);
  });
});
