import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CarTypeSchema } from "#server/catalog/car-type.schema";
import { auditLog } from "#server/db/schema";
import { AppError } from "#server/errors";
import { makeSite } from "#tests/fixtures/sites";
import { OWNER, parsed, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { getReturnSettings, updateReturnSettings } from "./return-settings";
import { ReturnSettingsSchema, returnSettingsFormValues } from "./return-settings.schema";

let handle: TestDb;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const FORM = {
  late_grace_minutes: "15",
  fuel_price_per_litre: "185",
  noc_drivable: "30000",
  noc_not_drivable: "60000",
  mileage_jump_km: "800",
};

function refused(fields: Record<string, string>): string[] {
  const result = ReturnSettingsSchema.safeParse(fields);
  return result.success ? [] : result.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
}

describe("the return charges' settings", () => {
  it("refuses what the database would: negative, too large, empty, and a meter check of 0 km", () => {
    expect(refused(FORM)).toEqual([]);
    expect(
      refused({
        ...FORM,
        late_grace_minutes: "1441",
        fuel_price_per_litre: "-1",
        noc_drivable: "",
        mileage_jump_km: "0",
      }),
    ).toEqual([
      "late_grace_minutes:number_range",
      "fuel_price_per_litre:number_range",
      "noc_drivable:required",
      "mileage_jump_km:number_range",
    ]);
  });

  it("starts at the defaults, saves as the app role with an audit entry of what changed, and is the owner's to change", async () => {
    const site = await makeSite(handle.owner);
    const db = handle.forSite(site.siteId);
    expect(returnSettingsFormValues(await getReturnSettings(db, site.siteId, OWNER))).toEqual({
      late_grace_minutes: "30",
      fuel_price_per_litre: "200",
      noc_drivable: "20000",
      noc_not_drivable: "50000",
      mileage_jump_km: "1000",
    });
    await updateReturnSettings(db, site.siteId, OWNER, parsed(ReturnSettingsSchema, FORM));
    expect(returnSettingsFormValues(await getReturnSettings(db, site.siteId, READ_ONLY))).toEqual(FORM);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, site.siteId), eq(auditLog.action, "site.returns.update")));
    expect(entry?.before).toEqual({
      lateGraceMinutes: 30,
      fuelPricePerLitre: 200,
      nocDrivable: 20_000,
      nocNotDrivable: 50_000,
      mileageJumpKm: 1000,
    });
    await expect(
      updateReturnSettings(db, site.siteId, READ_ONLY, parsed(ReturnSettingsSchema, FORM)),
    ).rejects.toBeInstanceOf(AppError);
  });

  it("a car type's tank is 1 to 500 litres, 40 when left empty", () => {
    const tank = (value: string | undefined) => {
      const result = CarTypeSchema.safeParse({
        class_id: "1",
        type_name: "アクア",
        capacity: "5",
        fuel: "1",
        transmission: "1",
        smoking: "1",
        display_order: "0",
        ...(value === undefined ? {} : { tank_litres: value }),
      });
      return result.success
        ? result.data.tank_litres
        : result.error.issues.filter((i) => i.path[0] === "tank_litres").map((i) => i.message);
    };
    expect(tank("36")).toBe(36);
    expect(tank("")).toBe(40);
    expect(tank(undefined)).toBe(40);
    expect(tank("0")).toEqual(["number_range"]);
    expect(tank("501")).toEqual(["number_range"]);
    expect(tank("abc")).toEqual(["number_invalid"]);
  });
});
