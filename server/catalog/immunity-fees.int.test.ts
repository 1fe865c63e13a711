import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, carClasses, immunityFees } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { immunityFeesSchema, immunityFormValues } from "./immunity-fee.schema";
import { listImmunityFees, saveImmunityFees } from "./immunity-fees";

let handle: TestDb;
let site: CreatedSite;
let a: number;
let b: number;
const owner = actorAs("owner");

beforeAll(async () => {
  handle = await createTestDb();
  site = await makeSite(handle.owner, {
    catalogue: {
      classes: [
        { key: "a", className: "軽自動車", displayOrder: 1 },
        { key: "b", className: "ワゴン", displayOrder: 2 },
      ],
      carTypes: [],
      vehicles: [],
      immunityFees: [{ classKey: "a", pricePerDay: 1100 }],
    },
  });
  a = site.catalogue?.classIds.a as number;
  b = site.catalogue?.classIds.b as number;
});
afterAll(() => handle.close());

const parse = (ids: number[], values: Record<string, string>) => {
  const result = immunityFeesSchema(ids).safeParse(values);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
};

describe("immunity fees", () => {
  it("reads every class, with or without a waiver, and fills the form from them", async () => {
    const rows = await listImmunityFees(
      handle.forSite(site.siteId),
      site.siteId,
      actorAs("store_staff", site.storeIds),
    );
    expect(rows).toEqual([
      { classId: a, className: "軽自動車", pricePerDay: 1100, isDefault: true },
      { classId: b, className: "ワゴン", pricePerDay: null, isDefault: true },
    ]);
    expect(immunityFormValues([a, b], [{ classId: a, pricePerDay: 1100, isDefault: false }])).toEqual({
      [`price_${a}`]: "1100",
      [`default_${a}`]: "",
      [`price_${b}`]: "",
      [`default_${b}`]: "1",
    });
  });

  it("refuses a price that is not a whole number of yen in range, by field", () => {
    const result = immunityFeesSchema([a, b]).safeParse({ [`price_${a}`]: "-5", [`price_${b}`]: "1.5" });
    expect(result.success ? [] : result.error.issues.map((i) => `${String(i.path[0])}:${i.message}`)).toEqual([
      `price_${a}:number_range`,
      `price_${b}:number_invalid`,
    ]);
  });

  it("sets, changes and removes waivers, recording only the classes that changed", async () => {
    await saveImmunityFees(
      handle.forSite(site.siteId),
      site.siteId,
      actorAs("manager"),
      parse([a, b], { [`price_${a}`]: "1,650", [`default_${a}`]: "1", [`price_${b}`]: "2200", [`default_${b}`]: "0" }),
    );
    expect(await listImmunityFees(handle.forSite(site.siteId), site.siteId, owner)).toEqual([
      { classId: a, className: "軽自動車", pricePerDay: 1650, isDefault: true },
      { classId: b, className: "ワゴン", pricePerDay: 2200, isDefault: false },
    ]);
    const [entry] = await handle
      .forSite(site.siteId)
      .select()
      .from(auditLog)
      .where(eq(auditLog.siteId, site.siteId))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: "immunity.update",
      entity: "immunity_fee",
      before: { [a]: { pricePerDay: 1100, isDefault: true }, [b]: null },
      after: { [a]: { pricePerDay: 1650, isDefault: true }, [b]: { pricePerDay: 2200, isDefault: false } },
    });
    await saveImmunityFees(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      parse([a, b], { [`price_${a}`]: "1650", [`default_${a}`]: "1", [`price_${b}`]: "" }),
    );
    expect((await listImmunityFees(handle.forSite(site.siteId), site.siteId, owner))[1]?.pricePerDay).toBeNull();
    const [removal] = await handle
      .forSite(site.siteId)
      .select()
      .from(auditLog)
      .where(eq(auditLog.siteId, site.siteId))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(removal).toMatchObject({ before: { [b]: { pricePerDay: 2200 } }, after: { [b]: null } });
    expect(Object.keys(removal?.after as object)).toEqual([String(b)]);
  });

  it("lets only owners and managers change them, and never another site's classes", async () => {
    for (const actor of [actorAs("store_staff", site.storeIds), actorAs("read_only")]) {
      const error = await refusal(
        saveImmunityFees(handle.forSite(site.siteId), site.siteId, actor, parse([a], { [`price_${a}`]: "1" })),
      );
      expect(error.status).toBe(403);
    }
    const other = await makeSite(handle.owner);
    await saveImmunityFees(handle.forSite(other.siteId), other.siteId, owner, parse([a], { [`price_${a}`]: "9999" }));
    expect(
      await handle.forSite(other.siteId).select().from(immunityFees).where(eq(immunityFees.siteId, other.siteId)),
    ).toEqual([]);
    expect((await listImmunityFees(handle.forSite(site.siteId), site.siteId, owner))[0]?.pricePerDay).toBe(1650);
    expect(await listImmunityFees(handle.forSite(other.siteId), other.siteId, owner)).toEqual([]);
    const [row] = await handle.forSite(site.siteId).select().from(carClasses).where(eq(carClasses.id, a));
    expect(row?.siteId).toBe(site.siteId);
  });
});
