import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "#common/calendar-date";
import { searchCarTypes } from "#server/availability/search";
import { SearchQuerySchema } from "#server/availability/search-schema";
import { auditLog, feePlans } from "#server/db/schema";
import { AppError } from "#server/errors";
import { quoteReservation } from "#server/reservations/quote";
import { createSiteCache } from "#server/sites/site-cache";
import type { Actor } from "#server/staff/permissions";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { priceChoices } from "./choices";
import { type FeePlanInput, FeePlanPreviewSchema, FeePlanSchema } from "./fee-plan.schema";
import {
  createFeePlan,
  deleteFeePlan,
  getFeePlan,
  listFeePlans,
  PREVIEW_PERIODS,
  previewDeparture,
  previewFeePlan,
  updateFeePlan,
} from "./fee-plans";

const TZ = "Asia/Tokyo";
const NOW = zonedInstant("2026-12-01", "09:00", TZ); // a Tuesday

let handle: TestDb;
let siteId: string;
let otherSiteId: string;
let storeIds: number[];
let classIds: Record<string, number>;
let typeIds: Record<string, number>;
let otherStoreId: number;
let otherClassId: number;

const actor = (role: Actor["role"], storeIds: number[] = []): Actor => ({
  id: 1,
  staffId: 1,
  email: `${role}@example.com`,
  name: `${role}@example.com`,
  role,
  storeIds,
});
const owner = actor("owner");
const manager = actor("manager");
const readOnly = actor("read_only");

beforeAll(async () => {
  handle = await createTestDb();
  const site = await makeSite(handle.owner, {
    settings: { siteTitle: "料金テスト", supportedLanguages: "jp", defaultDispEmptyCarType: 1 },
    stores: [
      { storeName: "本店", businessStartTime: "08:00", businessEndTime: "20:00", displayOrder: 1 },
      { storeName: "空港店", displayOrder: 2 },
    ],
    catalogue: {
      classes: [
        { key: "compact", className: "コンパクト", displayOrder: 1 },
        { key: "wagon", className: "ワゴン", displayOrder: 2 },
        { key: "van", className: "バン", displayOrder: 3 },
      ],
      carTypes: [
        { key: "compact", classKey: "compact", typeName: "小型", capacity: 5 },
        { key: "wagon", classKey: "wagon", typeName: "ワゴン", capacity: 7 },
        { key: "van", classKey: "van", typeName: "バン", capacity: 8 },
      ],
      vehicles: [
        { store: 0, typeKey: "compact", count: 1 },
        { store: 0, typeKey: "wagon", count: 1 },
        { store: 0, typeKey: "van", count: 1 },
      ],
      immunityFees: [{ classKey: "compact", pricePerDay: 1100, isDefault: true }],
    },
  });
  siteId = site.siteId;
  storeIds = site.storeIds;
  classIds = site.catalogue?.classIds ?? {};
  typeIds = site.catalogue?.typeIds ?? {};
  const other = await makeSite(handle.owner, {
    catalogue: { classes: [{ key: "c", className: "他社クラス" }], carTypes: [], vehicles: [] },
  });
  otherSiteId = other.siteId;
  otherStoreId = other.storeIds[0] as number;
  otherClassId = other.catalogue?.classIds.c as number;
});
afterAll(() => handle.close());

const HOURS_FORM = {
  mode: "1",
  up_to_3h: "3,000",
  up_to_6h: "４０００",
  up_to_12h: "5500",
  up_to_24h: "7000",
  extra_hour: "1000",
  extra_day: "6000",
};
const NIGHTS_FORM = {
  mode: "2",
  same_day: "6000",
  nights_1: "10000",
  nights_2: "15000",
  nights_3: "20000",
  nights_4: "25000",
  nights_5: "29000",
  nights_6: "33000",
  nights_7: "36000",
  nights_14: "60000",
  month: "100000",
  extra_day: "4500",
};
const MONTHLY_FORM = { mode: "3", month: "90000", extra_day: "4000" };

function input(form: Record<string, string>): FeePlanInput {
  const parsed = FeePlanSchema.safeParse({
    store_id: String(storeIds[0]),
    class_id: String(classIds.compact),
    effective_from: "2026-12-01",
    ...form,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const auditOf = async (action: string, entityId: number) =>
  handle
    .forSite(siteId)
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.siteId, siteId), eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id));

describe("the fee plan form", () => {
  it("reads only the chosen mode's tiers, full-width digits and commas included", () => {
    const parsed = input({ ...HOURS_FORM, same_day: "not a number", month: "12345" });
    expect(parsed.tiers).toMatchObject({ upTo3h: 3000, upTo6h: 4000, extraDay: 6000, sameDay: null, month: null });
    const refused = FeePlanSchema.safeParse({ store_id: "", class_id: "x", mode: "4", effective_from: "2026-02-30" });
    expect(refused.success).toBe(false);
    const fields = refused.error?.issues.map((i) => i.path[0]);
    expect(fields).toEqual(["store_id", "class_id", "mode", "effective_from"]);
    const badTier = FeePlanSchema.safeParse({
      ...HOURS_FORM,
      store_id: "1",
      class_id: "1",
      effective_from: "",
      up_to_6h: "6千",
    });
    expect(badTier.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["effective_from", "required"],
      ["up_to_6h", "number_invalid"],
    ]);
  });
});

describe("createFeePlan", () => {
  it("saves an hours plan with the other modes' tiers cleared, and audits what was saved", async () => {
    const { feePlanId } = await createFeePlan(
      handle.forSite(siteId),
      siteId,
      owner,
      input({ ...HOURS_FORM, nights_1: "9999" }),
    );
    const plan = await getFeePlan(handle.forSite(siteId), siteId, owner, feePlanId);
    expect(plan).toMatchObject({
      mode: 1,
      upTo3h: 3000,
      upTo24h: 7000,
      nights1: null,
      month: null,
      isHighSeason: false,
    });
    const [entry] = await auditOf("fee_plan.create", feePlanId);
    expect(entry).toMatchObject({ actor: "owner@example.com", staffId: 1, entity: "fee_plan", before: null });
    expect(entry?.after).toMatchObject({ storeId: storeIds[0], mode: 1, effectiveFrom: "2026-12-01", upTo3h: 3000 });
  });

  it("refuses a gap and a decreasing tier beside the tier concerned, and a missing last tier as required", async () => {
    const error = await refusal(
      createFeePlan(
        handle.forSite(siteId),
        siteId,
        owner,
        input({ ...HOURS_FORM, effective_from: "2027-01-01", up_to_6h: "", up_to_12h: "2500", extra_day: "" }),
      ),
    );
    expect(error.status).toBe(422);
    expect(error.details.fieldErrors).toEqual({
      up_to_6h: { code: "fee_tier_gap" },
      up_to_12h: { code: "fee_tier_decreasing", params: { amount: 3000 } },
      extra_day: { code: "required" },
    });
    const nights = await refusal(
      createFeePlan(
        handle.forSite(siteId),
        siteId,
        owner,
        input({ ...NIGHTS_FORM, effective_from: "2027-01-02", nights_3: "14000" }),
      ),
    );
    expect(nights.details.fieldErrors).toEqual({
      nights_3: { code: "fee_tier_decreasing", params: { amount: 15000 } },
    });
  });

  it("refuses a second plan for the same store, class, date and season; the high-season variant is another plan", async () => {
    const plan = input({ ...MONTHLY_FORM, class_id: String(classIds.van), effective_from: "2027-03-01" });
    await createFeePlan(handle.forSite(siteId), siteId, manager, plan);
    const error = await refusal(createFeePlan(handle.forSite(siteId), siteId, manager, plan));
    expect(error.details.fieldErrors).toEqual({ effective_from: { code: "fee_plan_duplicate" } });
    await createFeePlan(handle.forSite(siteId), siteId, manager, { ...plan, isHighSeason: true });
  });

  it("lets one of two simultaneous saves of the same plan through and refuses the other as a duplicate", async () => {
    const plan = input({ ...MONTHLY_FORM, class_id: String(classIds.van), effective_from: "2027-08-01" });
    const results = await Promise.allSettled([
      createFeePlan(handle.forSite(siteId), siteId, owner, plan),
      createFeePlan(handle.forSite(siteId), siteId, manager, plan),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected")?.reason;
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).details.fieldErrors).toEqual({
      effective_from: { code: "fee_plan_duplicate" },
    });
  });

  it("refuses another site's store or class as a wrong choice, not a server error", async () => {
    const error = await refusal(
      createFeePlan(
        handle.forSite(siteId),
        siteId,
        owner,
        input({ ...HOURS_FORM, store_id: String(otherStoreId), class_id: String(otherClassId) }),
      ),
    );
    expect(error.status).toBe(422);
    expect(error.details.fieldErrors).toEqual({
      store_id: { code: "invalid_choice" },
      class_id: { code: "invalid_choice" },
    });
    const rows = await handle.forSite(otherSiteId).select().from(feePlans).where(eq(feePlans.siteId, otherSiteId));
    expect(rows).toEqual([]);
  });

  it("is refused to store staff and read-only staff", async () => {
    for (const who of [actor("store_staff", [storeIds[0] as number]), readOnly]) {
      const error = await refusal(
        createFeePlan(handle.forSite(siteId), siteId, who, input({ ...HOURS_FORM, effective_from: "2028-01-01" })),
      );
      expect(error.status).toBe(403);
    }
  });
});

describe("updateFeePlan and deleteFeePlan", () => {
  it("changes the mode (clearing the old tiers) and audits only what changed", async () => {
    const base = input({ ...HOURS_FORM, class_id: String(classIds.wagon), effective_from: "2027-04-01" });
    const { feePlanId } = await createFeePlan(handle.forSite(siteId), siteId, owner, base);
    await updateFeePlan(handle.forSite(siteId), siteId, manager, feePlanId, {
      ...base,
      tiers: { ...base.tiers, upTo3h: 3300 },
    });
    const [first] = await auditOf("fee_plan.update", feePlanId);
    expect(first?.before).toEqual({ upTo3h: 3000 });
    expect(first?.after).toEqual({ upTo3h: 3300 });

    await updateFeePlan(
      handle.forSite(siteId),
      siteId,
      manager,
      feePlanId,
      input({ ...MONTHLY_FORM, class_id: String(classIds.wagon), effective_from: "2027-04-01" }),
    );
    const plan = await getFeePlan(handle.forSite(siteId), siteId, owner, feePlanId);
    expect(plan).toMatchObject({ mode: 3, month: 90000, extraDay: 4000, upTo3h: null, extraHour: null });
    const [second] = await auditOf("fee_plan.update", feePlanId);
    expect(second?.before).toMatchObject({ mode: 1, upTo3h: 3300, month: null, extraDay: 6000 });
    expect(second?.after).toMatchObject({ mode: 3, upTo3h: null, month: 90000, extraDay: 4000 });

    // Saving it unchanged records nothing.
    const before = (await auditOf("fee_plan.update", feePlanId)).length;
    await updateFeePlan(
      handle.forSite(siteId),
      siteId,
      manager,
      feePlanId,
      input({ ...MONTHLY_FORM, class_id: String(classIds.wagon), effective_from: "2027-04-01" }),
    );
    expect(await auditOf("fee_plan.update", feePlanId)).toHaveLength(before);
  });

  it("refuses moving a plan onto another's date, and another site's plan is not found", async () => {
    const a = input({ ...NIGHTS_FORM, class_id: String(classIds.wagon), effective_from: "2027-05-01" });
    const b = { ...a, effectiveFrom: "2027-06-01" };
    await createFeePlan(handle.forSite(siteId), siteId, owner, a);
    const { feePlanId } = await createFeePlan(handle.forSite(siteId), siteId, owner, b);
    const error = await refusal(updateFeePlan(handle.forSite(siteId), siteId, owner, feePlanId, a));
    expect(error.details.fieldErrors).toEqual({ effective_from: { code: "fee_plan_duplicate" } });
    expect((await refusal(updateFeePlan(handle.forSite(otherSiteId), otherSiteId, owner, feePlanId, b))).status).toBe(
      404,
    );
    expect((await refusal(getFeePlan(handle.forSite(otherSiteId), otherSiteId, owner, feePlanId))).status).toBe(404);
    expect((await refusal(deleteFeePlan(handle.forSite(otherSiteId), otherSiteId, owner, feePlanId))).status).toBe(404);
    expect((await refusal(updateFeePlan(handle.forSite(siteId), siteId, readOnly, feePlanId, b))).status).toBe(403);
  });

  it("deletes a plan and keeps its tiers in the audit log", async () => {
    const plan = input({ ...MONTHLY_FORM, class_id: String(classIds.wagon), effective_from: "2027-07-01" });
    const { feePlanId } = await createFeePlan(handle.forSite(siteId), siteId, owner, plan);
    expect((await refusal(deleteFeePlan(handle.forSite(siteId), siteId, readOnly, feePlanId))).status).toBe(403);
    await deleteFeePlan(handle.forSite(siteId), siteId, manager, feePlanId);
    expect((await refusal(getFeePlan(handle.forSite(siteId), siteId, owner, feePlanId))).status).toBe(404);
    const [entry] = await auditOf("fee_plan.delete", feePlanId);
    expect(entry?.before).toMatchObject({ mode: 3, month: 90000, effectiveFrom: "2027-07-01" });
    expect(entry?.after).toBeNull();
  });
});

describe("listFeePlans", () => {
  it("lists newest first with what is in force today, by store and class, and only the store staff's stores", async () => {
    const airport = storeIds[1] as number;
    await createFeePlan(
      handle.forSite(siteId),
      siteId,
      owner,
      input({
        ...MONTHLY_FORM,
        store_id: String(airport),
        class_id: String(classIds.van),
        effective_from: "2026-06-01",
      }),
    );
    await createFeePlan(
      handle.forSite(siteId),
      siteId,
      owner,
      input({
        ...MONTHLY_FORM,
        store_id: String(airport),
        class_id: String(classIds.van),
        effective_from: "2026-01-01",
      }),
    );
    const rows = await listFeePlans(handle.forSite(siteId), siteId, readOnly, { storeId: airport }, NOW);
    expect(rows.map((r) => [r.effectiveFrom, r.status, r.storeName, r.className])).toEqual([
      ["2026-06-01", "current", "空港店", "バン"],
      ["2026-01-01", "past", "空港店", "バン"],
    ]);
    const all = await listFeePlans(handle.forSite(siteId), siteId, owner, {}, NOW);
    const dates = all.map((r) => r.effectiveFrom);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.find((r) => r.effectiveFrom === "2027-03-01")?.status).toBe("scheduled");
    const vans = await listFeePlans(handle.forSite(siteId), siteId, owner, { classId: classIds.van }, NOW);
    expect(new Set(vans.map((r) => r.classId))).toEqual(new Set([classIds.van]));

    const staffAtMain = actor("store_staff", [storeIds[0] as number]);
    const seen = await listFeePlans(handle.forSite(siteId), siteId, staffAtMain, {}, NOW);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.storeId === storeIds[0])).toBe(true);
    const airportPlan = rows[0]?.id as number;
    expect((await refusal(getFeePlan(handle.forSite(siteId), siteId, staffAtMain, airportPlan))).status).toBe(404);
    expect(await listFeePlans(handle.forSite(otherSiteId), otherSiteId, owner, {}, NOW)).toEqual([]);
  });
});

describe("priceChoices", () => {
  it("offers this site's stores and classes in display order; store staff pick among their stores for a plan", async () => {
    const all = await priceChoices(handle.forSite(siteId), siteId, readOnly);
    expect(all.stores.map((s) => s.name)).toEqual(["本店", "空港店"]);
    expect(all.classes.map((c) => c.name)).toEqual(["コンパクト", "ワゴン", "バン"]);
    const staffAtAirport = actor("store_staff", [storeIds[1] as number]);
    expect((await priceChoices(handle.forSite(siteId), siteId, staffAtAirport)).stores.map((s) => s.id)).toEqual([
      storeIds[1],
    ]);
    const everyStore = await priceChoices(handle.forSite(siteId), siteId, staffAtAirport, { everyStore: true });
    expect(everyStore.stores).toHaveLength(2);
  });
});

describe("previewFeePlan", () => {
  it("departs on a weekday three weeks ahead, or on the plan's first day when later", () => {
    expect(previewDeparture("2026-12-01", null)).toBe("2026-12-22"); // a Tuesday
    expect(previewDeparture("2026-12-05", null)).toBe("2026-12-28"); // Saturday + 21 → Monday
    expect(previewDeparture("2026-12-01", "2027-02-06")).toBe("2027-02-08");
  });

  it("refuses tiers that make no plan, beside their fields, and another site's store", async () => {
    const parsed = FeePlanPreviewSchema.parse({ ...HOURS_FORM, store_id: String(otherStoreId), up_to_12h: "100" });
    const error = await refusal(previewFeePlan(handle.forSite(siteId), siteId, readOnly, parsed, NOW));
    expect(error.details.fieldErrors).toEqual({
      store_id: { code: "invalid_choice" },
      up_to_12h: { code: "fee_tier_decreasing", params: { amount: 4000 } },
    });
    // Store staff preview at their own stores only.
    const airport = FeePlanPreviewSchema.parse({ ...MONTHLY_FORM, store_id: String(storeIds[1]) });
    const staffAtMain = actor("store_staff", [storeIds[0] as number]);
    const refused = await refusal(previewFeePlan(handle.forSite(siteId), siteId, staffAtMain, airport, NOW));
    expect(refused.details.fieldErrors).toEqual({ store_id: { code: "invalid_choice" } });
    const main = FeePlanPreviewSchema.parse({ ...MONTHLY_FORM, store_id: String(storeIds[0]) });
    expect((await previewFeePlan(handle.forSite(siteId), siteId, staffAtMain, main, NOW)).rows).toHaveLength(8);
  });

  it("shows for each period exactly what the public search and the booking quote charge once the plan is saved", async () => {
    const cache = createSiteCache({ freshMs: 0 });
    const store = storeIds[0] as number;
    const cases = [
      { type: "compact", form: HOURS_FORM },
      { type: "wagon", form: NIGHTS_FORM },
      { type: "van", form: MONTHLY_FORM },
    ] as const;
    for (const { type, form } of cases) {
      const values = {
        ...form,
        store_id: String(store),
        class_id: String(classIds[type]),
        effective_from: "2026-12-10",
      };
      const preview = await previewFeePlan(
        handle.forSite(siteId),
        siteId,
        owner,
        FeePlanPreviewSchema.parse(values),
        NOW,
      );
      expect(preview.rows.map((r) => r.key)).toEqual(PREVIEW_PERIODS.map((p) => p.key));
      expect(preview.rows[0]).toMatchObject({ sd: "2026-12-22", st: "08:00", ed: "2026-12-22", et: "11:00" });
      expect(preview.rows[2]).toMatchObject({ ed: "2026-12-22", et: "20:00" });
      expect(preview.rows.at(-1)).toMatchObject({ ed: "2027-01-20", et: "08:00" });
      await createFeePlan(handle.forSite(siteId), siteId, owner, FeePlanSchema.parse(values));
      const bundle = await cache.get(handle.forSite(siteId), siteId);
      if (!bundle) throw new Error("site missing");
      for (const row of preview.rows) {
        const search = { sd: row.sd, st: row.st, ed: row.ed, et: row.et };
        const outcome = await searchCarTypes(handle.forSite(siteId), siteId, {
          bundle,
          query: SearchQuerySchema.parse({ si: String(store), ...search }),
          now: NOW,
        });
        expect(outcome.errors, `${type} ${row.key}`).toEqual({});
        const offer = outcome.offers.find((o) => o.carType.id === typeIds[type]);
        expect(offer?.price?.rentCarFee, `${type} ${row.key}`).toBe(row.fee);
        const quote = await quoteReservation(handle.forSite(siteId), siteId, {
          bundle,
          storeId: store,
          carTypeId: typeIds[type] as number,
          search,
          options: [],
          withImmunity: false,
          now: NOW,
        });
        expect(quote?.fees?.rentCarFee, `${type} ${row.key}`).toBe(row.fee);
      }
    }
    // The worked examples of docs/pricing.md, seen through the preview.
    const hours = await previewFeePlan(
      handle.forSite(siteId),
      siteId,
      owner,
      FeePlanPreviewSchema.parse({ ...HOURS_FORM, store_id: String(store) }),
      NOW,
    );
    expect(Object.fromEntries(hours.rows.map((r) => [r.key, r.fee]))).toEqual({
      hours3: 3000,
      hours6: 4000,
      sameDay: 5500,
      nights1: 7000,
      nights3: 19000,
      nights7: 43000,
      nights14: 85000,
      nights29: 175000,
    });
  });
});
