import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { driverInputSettings } from "#server/db/schema";
import type { DriverFieldMode } from "#server/db/schema/members";
import { type Actor, authorize } from "#server/staff/permissions";
import type { DriverInputSettingsLike } from "./driver.schema";
import { DRIVER_SETTING_KEYS, type DriverInputSettingsInput, effectiveMode } from "./input-settings.schema";
import { readDriverInputSettings } from "./settings";

/**
 * Which driver fields a site asks for, in the back office (issue 23). The public customer step
 * and My Page's driver form read them on each request (settings.ts), so a change applies to the
 * next form shown.
 */
export async function getDriverInputSettings(db: Db, siteId: string, actor: Actor): Promise<DriverInputSettingsLike> {
  authorize(actor, "view");
  return readDriverInputSettings(db, siteId);
}

export async function updateDriverInputSettings(
  db: Db,
  siteId: string,
  actor: Actor,
  input: DriverInputSettingsInput,
): Promise<void> {
  authorize(actor, "content.edit");
  const columns = { ...input, fields: input.fields as Record<string, DriverFieldMode> };
  await db.transaction(async (tx) => {
    const current = await readDriverInputSettings(tx, siteId);
    await tx
      .insert(driverInputSettings)
      .values({ siteId, ...columns })
      .onConflictDoUpdate({ target: driverInputSettings.siteId, set: columns });
    // Field by field as the form applied them (a site without settings: the defaults), so the log
    // says which field changed rather than the whole map.
    const flat = (s: DriverInputSettingsLike) => ({
      ...Object.fromEntries(DRIVER_SETTING_KEYS.map((key) => [`fields.${key}`, effectiveMode(s, key)])),
      licensePicturesDisplayNum: s.licensePicturesDisplayNum,
      shouldHideAllInputs: s.shouldHideAllInputs,
    });
    const changed = changedFields(flat(current), flat(columns));
    if (Object.keys(changed.after).length) {
      await recordAudit(tx, siteId, actor, {
        action: "driver_settings.update",
        entity: "driver_input_settings",
        ...changed,
      });
    }
  });
}
