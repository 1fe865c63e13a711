import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, zonedInstant } from "#common/calendar-date";
import { feePlans } from "#server/db/schema";
import { createSiteCache } from "#server/sites/site-cache";
import { NIGHTS } from "#tests/fixtures/fee-plans";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { searchCarTypes } from "./search";
import { SearchQuerySchema } from "./search-schema";

const TZ = "Asia/Tokyo";
const TODAY = "2026-12-01"; // a Tuesday
const NOW = zonedInstant(TODAY, "09:00", TZ);
const day = (n: number) => addDays(TODAY, n);

const VAN_TIERS = {
  sameDay: 8000,
  nights1: 14000,
  nights2: 18000,
  nights3: 22000,
  nights4: 26000,
  nights5: 30000,
  nights6: 33000,
  nights7: 36000,
};

/** A pino logger writing JSON lines into an array. */
function bufferLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: "info", base: undefined }, stream), lines };
}
const invalidPlanWarnings = (lines: Record<string, unknown>[]) => lines.filter((l) => l.msg === "invalid fee plan");

let handle: TestDb;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

/** A one-store site with a compact and a van, each class with its own valid plan. */
async function twoClassSite() {
  const site = await makeSite(handle.owner, {
    settings: { siteTitle: "料金表テスト", supportedLanguages: "jp", defaultDispEmptyCarType: 1 },
    stores: [{ storeName: "本店", businessStartTime: "08:00", businessEndTime: "20:00" }],
    catalogue: {
      classes: [
        { key: "compact", className: "コンパクト" },
        { key: "van", className: "ワゴン" },
      ],
      carTypes: [
        { key: "small", classKey: "compact", typeName: "小型", capacity: 5, displayOrder: 1 },
        { key: "van", classKey: "van", typeName: "ワゴン", capacity: 8, displayOrder: 2 },
      ],
      vehicles: [
        { store: 0, typeKey: "small", count: 2 },
        { store: 0, typeKey: "van", count: 1 },
      ],
      feePlans: [
        { store: 0, classKey: "compact", ...NIGHTS },
        { store: 0, classKey: "van", ...NIGHTS, ...VAN_TIERS },
      ],
    },
  });
  const storeId = site.storeIds[0] as number;
  const typeIds = site.catalogue?.typeIds as Record<"small" | "van", number>;
  const classIds = site.catalogue?.classIds as Record<"compact" | "van", number>;
  const [vanPlan] = await handle
    .forSite(site.siteId)
    .select({ id: feePlans.id })
    .from(feePlans)
    .where(sql`${feePlans.siteId} = ${site.siteId} and ${feePlans.classId} = ${classIds.van}`);
  if (!vanPlan) throw new Error("van plan missing");
  return { siteId: site.siteId, storeId, typeIds, vanPlanId: vanPlan.id };
}

async function search(
  cache: ReturnType<typeof createSiteCache>,
  siteId: string,
  storeId: number,
  raw: Record<string, string>,
) {
  const bundle = await cache.get(handle.forSite(siteId), siteId);
  if (!bundle) throw new Error("site missing");
  return searchCarTypes(handle.forSite(siteId), siteId, {
    bundle,
    query: SearchQuerySchema.parse({ si: String(storeId), ...raw }),
    now: NOW,
  });
}

const TWO_NIGHTS = { sd: day(5), st: "10:00", ed: day(7), et: "10:00" };

describe("a site with one broken fee plan", () => {
  it.each([
    ["a required tier is null", (id: number) => sql`update fee_plans set nights3 = null where id = ${id}`],
    ["a longer tier is cheaper", (id: number) => sql`update fee_plans set nights2 = 1000 where id = ${id}`],
  ])("%s: the other type keeps its price, the broken one is listed without one", async (_name, breakPlan) => {
    const { siteId, storeId, typeIds, vanPlanId } = await twoClassSite();
    await handle.owner.execute(breakPlan(vanPlanId));
    const { logger, lines } = bufferLogger();
    const cache = createSiteCache({ freshMs: 0, logger });

    const r = await search(cache, siteId, storeId, TWO_NIGHTS);
    expect(r.errors).toEqual({});
    expect(r.notice).toBeNull();
    const byType = new Map(r.offers.map((o) => [o.carType.id, o]));
    expect([...byType.keys()]).toEqual([typeIds.small, typeIds.van]);

    const small = byType.get(typeIds.small);
    expect(small?.priceUnavailable).toBe(false);
    expect(small?.price?.rentCarFee).toBe(13000);
    expect(small?.price?.total).toBe(13000);
    expect(small?.remaining).toBe(2);

    const van = byType.get(typeIds.van);
    expect(van?.priceUnavailable).toBe(true);
    expect(van?.price).toBeNull();
    expect(van?.plan?.id).toBe(vanPlanId);
    expect(van?.plan?.tiers).toBeNull();
    expect(van?.remaining).toBe(1);

    // Sorted by price, the type without one comes last; undecided dates list it too.
    const cheapest = await search(cache, siteId, storeId, { ...TWO_NIGHTS, sort: "price_asc" });
    expect(cheapest.offers.map((o) => o.carType.id)).toEqual([typeIds.small, typeIds.van]);
    const undecided = await search(cache, siteId, storeId, { date_undecided: "1" });
    expect(undecided.offers.map((o) => [o.carType.id, o.priceUnavailable])).toEqual([
      [typeIds.small, false],
      [typeIds.van, true],
    ]);

    // One warning per load, naming the plan, however many searches read the cached bundle.
    const warnings = invalidPlanWarnings(lines);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, siteId, feePlanId: vanPlanId });
    expect(warnings[0]?.issues).toEqual([expect.stringMatching(/^nights[23]: /)]);
  });

  it("a plan broken after the site was cached is noticed at the next version check", async () => {
    const { siteId, storeId, typeIds, vanPlanId } = await twoClassSite();
    const { logger, lines } = bufferLogger();
    const cache = createSiteCache({ freshMs: 0, logger });
    const before = await search(cache, siteId, storeId, TWO_NIGHTS);
    expect(before.offers.map((o) => [o.carType.id, o.price?.rentCarFee ?? null])).toEqual([
      [typeIds.small, 13000],
      [typeIds.van, 18000],
    ]);
    expect(invalidPlanWarnings(lines)).toEqual([]);

    await handle.owner.execute(sql`update fee_plans set month = null where id = ${vanPlanId}`);
    const after = await search(cache, siteId, storeId, TWO_NIGHTS);
    expect(after.offers.map((o) => [o.carType.id, o.price?.rentCarFee ?? null, o.priceUnavailable])).toEqual([
      [typeIds.small, 13000, false],
      [typeIds.van, null, true],
    ]);
    expect(invalidPlanWarnings(lines).map((l) => l.feePlanId)).toEqual([vanPlanId]);

    // Repaired: priced again, no new warning.
    await handle.owner.update(feePlans).set({ month: 90000 }).where(eq(feePlans.id, vanPlanId));
    const repaired = await search(cache, siteId, storeId, TWO_NIGHTS);
    expect(repaired.offers.every((o) => o.price && !o.priceUnavailable)).toBe(true);
    expect(invalidPlanWarnings(lines)).toHaveLength(1);
  });
});
