import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, carClasses, feePlans, immunityFees } from "#server/db/schema";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { type CarClassInput, CarClassSchema } from "./car-class.schema";
import { createCarClass, deleteCarClass, getCarClass, listCarClasses, updateCarClass } from "./car-classes";

let handle: TestDb;
let siteId: string;
let storeId: number;
const owner = actorAs("owner");
const manager = actorAs("manager");

beforeAll(async () => {
  handle = await createTestDb();
  const site = await makeSite(handle.owner);
  siteId = site.siteId;
  storeId = site.storeIds[0] as number;
});
afterAll(() => handle.close());

function input(values: Record<string, string>): CarClassInput {
  const parsed = CarClassSchema.safeParse({ display_order: "0", ...values });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const lastAudit = async (site = siteId) =>
  (
    await handle
      .forSite(site)
      .select()
      .from(auditLog)
      .where(eq(auditLog.siteId, site))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe("CarClassSchema", () => {
  it("needs the Japanese name and a display order in range", () => {
    const result = CarClassSchema.safeParse({
      class_name: " ",
      class_name_en: "x".repeat(51),
      display_order: "１０,０００",
    });
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.error.issues.map((i) => [i.path[0], i.message]);
    expect(paths).toEqual([
      ["class_name", "required"],
      ["class_name_en", "text_too_long"],
      ["display_order", "number_range"],
    ]);
  });
});

describe("car classes", () => {
  it("creates, lists in display order, updates with only the changes audited, and deletes", async () => {
    const { classId } = await createCarClass(
      handle.forSite(siteId),
      siteId,
      owner,
      input({ class_name: "ワゴン", class_name_en: "Wagon", display_order: "20" }),
    );
    expect(await lastAudit()).toMatchObject({
      action: "car_class.create",
      entity: "car_class",
      entityId: String(classId),
      after: { className: "ワゴン", classNameEn: "Wagon", classNameKr: null, displayOrder: 20 },
    });
    await createCarClass(
      handle.forSite(siteId),
      siteId,
      manager,
      input({ class_name: "軽自動車", display_order: "10" }),
    );
    expect(
      (await listCarClasses(handle.forSite(siteId), siteId, actorAs("read_only"))).map((c) => c.className),
    ).toEqual(["軽自動車", "ワゴン"]);
    await updateCarClass(
      handle.forSite(siteId),
      siteId,
      manager,
      classId,
      input({ class_name: "ワゴン", class_name_en: "Wagon", class_name_tw: "旅行車", display_order: "20" }),
    );
    expect(await lastAudit()).toMatchObject({
      action: "car_class.update",
      staffId: manager.staffId,
      before: { classNameTw: null },
      after: { classNameTw: "旅行車" },
    });
    expect((await getCarClass(handle.forSite(siteId), siteId, owner, classId)).classNameTw).toBe("旅行車");
    await deleteCarClass(handle.forSite(siteId), siteId, owner, classId);
    expect(await lastAudit()).toMatchObject({ action: "car_class.delete", before: { className: "ワゴン" } });
    expect((await refusal(getCarClass(handle.forSite(siteId), siteId, owner, classId))).status).toBe(404);
  });

  it("refuses changes by store staff and read-only staff, who may still read", async () => {
    const { classId } = await createCarClass(handle.forSite(siteId), siteId, owner, input({ class_name: "SUV" }));
    for (const actor of [actorAs("store_staff", [storeId]), actorAs("read_only")]) {
      expect((await getCarClass(handle.forSite(siteId), siteId, actor, classId)).className).toBe("SUV");
      for (const change of [
        () => createCarClass(handle.forSite(siteId), siteId, actor, input({ class_name: "x" })),
        () => updateCarClass(handle.forSite(siteId), siteId, actor, classId, input({ class_name: "x" })),
        () => deleteCarClass(handle.forSite(siteId), siteId, actor, classId),
      ]) {
        expect((await refusal(change())).status).toBe(403);
      }
    }
  });

  it("answers 404 for another site's class", async () => {
    const other = await makeSite(handle.owner);
    const { classId } = await createCarClass(handle.forSite(siteId), siteId, owner, input({ class_name: "ミニバン" }));
    expect((await refusal(getCarClass(handle.forSite(other.siteId), other.siteId, owner, classId))).status).toBe(404);
    expect(
      (
        await refusal(
          updateCarClass(handle.forSite(other.siteId), other.siteId, owner, classId, input({ class_name: "x" })),
        )
      ).status,
    ).toBe(404);
    expect((await refusal(deleteCarClass(handle.forSite(other.siteId), other.siteId, owner, classId))).status).toBe(
      404,
    );
    expect(await listCarClasses(handle.forSite(other.siteId), other.siteId, owner)).toEqual([]);
    const [row] = await handle.forSite(siteId).select().from(carClasses).where(eq(carClasses.id, classId));
    expect(row?.className).toBe("ミニバン");
  });

  it("refuses to delete a class that car types, fee plans or immunity fees use", async () => {
    const site = await makeSite(handle.owner, {
      catalogue: {
        classes: [
          { key: "typed", className: "A" },
          { key: "priced", className: "B" },
          { key: "covered", className: "C" },
        ],
        carTypes: [{ key: "t", classKey: "typed", typeName: "アクア", capacity: 5 }],
        vehicles: [],
        immunityFees: [{ classKey: "covered", pricePerDay: 1100 }],
      },
    });
    const ids = site.catalogue?.classIds ?? {};
    await handle.owner.insert(feePlans).values({
      siteId: site.siteId,
      storeId: site.storeIds[0] as number,
      classId: ids.priced as number,
      mode: 2,
      effectiveFrom: "2026-01-01",
      sameDay: 5000,
    });
    for (const key of ["typed", "priced", "covered"]) {
      const error = await refusal(deleteCarClass(handle.forSite(site.siteId), site.siteId, owner, ids[key] as number));
      expect(error.details.reason, key).toEqual({ code: "in_use" });
    }
    expect(
      await handle.forSite(site.siteId).select().from(immunityFees).where(eq(immunityFees.siteId, site.siteId)),
    ).toHaveLength(1);
  });
});
