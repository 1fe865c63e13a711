import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, driverInputSettings } from "#server/db/schema";
import { AppError } from "#server/errors";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, MANAGER, OWNER, parsed, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { driverFormConfig } from "./driver.schema";
import { getDriverInputSettings, updateDriverInputSettings } from "./input-settings";
import {
  DRIVER_SETTING_KEYS,
  DriverInputSettingsSchema,
  driverInputSettingsFormValues,
  modeFieldName,
} from "./input-settings.schema";
import { DEFAULT_DRIVER_INPUT_SETTINGS, readDriverInputSettings } from "./settings";

let handle: TestDb;
let siteId: string;
let otherSiteId: string;
let storeId: number;

beforeAll(async () => {
  handle = await createTestDb();
  const site = await makeSite(handle.owner);
  siteId = site.siteId;
  storeId = site.storeIds[0] ?? 0;
  otherSiteId = (await makeSite(handle.owner)).siteId;
});
afterAll(() => handle.close());

/** The form as sent: the stored settings' values with some changed. */
const form = (changes: Record<string, string>) => ({
  ...driverInputSettingsFormValues(DEFAULT_DRIVER_INPUT_SETTINGS),
  ...changes,
});

describe("driver input settings", () => {
  it("shows the defaults of a site without settings: the spec's required fields required, the rest optional, two images", async () => {
    const values = driverInputSettingsFormValues(
      await getDriverInputSettings(handle.forSite(siteId), siteId, READ_ONLY),
    );
    expect(values).toMatchObject({
      mode_name: "2",
      mode_kana: "1",
      mode_tel: "1",
      mode_license_number: "2",
      mode_driver_image1: "1",
      license_pictures_display_num: "2",
      should_hide_all_inputs: "",
    });
    expect(Object.keys(values)).toHaveLength(DRIVER_SETTING_KEYS.length + 2);
  });

  it("saves every field's mode, which the public driver form applies, and records only the fields that changed", async () => {
    const input = parsed(
      DriverInputSettingsSchema,
      form({ mode_tel: "2", mode_kana: "0", license_pictures_display_num: "1" }),
    );
    await updateDriverInputSettings(handle.forSite(siteId), siteId, MANAGER, input);
    const stored = await readDriverInputSettings(handle.forSite(siteId), siteId);
    const config = driverFormConfig(stored, "2026-01-01");
    expect(config.modes).toMatchObject({ tel: 2, kana: 0, name: 2, zip: 1 });
    expect(config.images).toEqual([{ slot: 1, required: false }]);
    const [audit] = await handle
      .forSite(siteId)
      .select()
      .from(auditLog)
      .where(eq(auditLog.siteId, siteId))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      action: "driver_settings.update",
      entity: "driver_input_settings",
      staffId: MANAGER.staffId,
      before: { "fields.tel": 1, "fields.kana": 1, licensePicturesDisplayNum: 2 },
      after: { "fields.tel": 2, "fields.kana": 0, licensePicturesDisplayNum: 1 },
    });

    await updateDriverInputSettings(
      handle.forSite(siteId),
      siteId,
      OWNER,
      parsed(
        DriverInputSettingsSchema,
        form({ mode_tel: "2", mode_kana: "0", license_pictures_display_num: "1", should_hide_all_inputs: "1" }),
      ),
    );
    const [next] = await handle
      .forSite(siteId)
      .select()
      .from(auditLog)
      .where(eq(auditLog.siteId, siteId))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(next?.before).toEqual({ shouldHideAllInputs: false });
    expect(next?.after).toEqual({ shouldHideAllInputs: true });
    expect(
      await handle
        .forSite(otherSiteId)
        .select()
        .from(driverInputSettings)
        .where(eq(driverInputSettings.siteId, otherSiteId)),
    ).toEqual([]);
  });

  it("refuses an always-required field as optional, an unknown mode, and more than four images", () => {
    const result = DriverInputSettingsSchema.safeParse(
      form({ mode_license_number: "1", mode_birthdate: "3", license_pictures_display_num: "5" }),
    );
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      [modeFieldName("birthdate"), "invalid_choice"],
      [modeFieldName("license_number"), "invalid_choice"],
      ["license_pictures_display_num", "number_range"],
    ]);
    const missing = DriverInputSettingsSchema.safeParse({});
    expect(missing.success).toBe(false);
  });

  it("refuses read-only and store staff", async () => {
    const input = parsed(DriverInputSettingsSchema, form({}));
    for (const actor of [READ_ONLY, actorAs("store_staff", [storeId])]) {
      const refusal = await updateDriverInputSettings(handle.forSite(siteId), siteId, actor, input).catch(
        (e: unknown) => e,
      );
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).status).toBe(403);
    }
  });
});
