import { eq } from "drizzle-orm";
import { driverInputSettings } from "#server/db/schema";
import type { DbOrTx } from "#server/mail/outbox";
import type { DriverInputSettingsLike } from "./driver.schema";

/** The defaults of a site that has no row (the table's own defaults). */
export const DEFAULT_DRIVER_INPUT_SETTINGS: DriverInputSettingsLike = {
  fields: {},
  licensePicturesDisplayNum: 2,
  shouldHideAllInputs: false,
};

/**
 * A site's driver input settings (spec §3), read from the database on each request: they are not
 * part of the cached site bundle, so a change in the back office applies to the next form.
 */
export async function readDriverInputSettings(db: DbOrTx, siteId: string): Promise<DriverInputSettingsLike> {
  const [row] = await db
    .select({
      fields: driverInputSettings.fields,
      licensePicturesDisplayNum: driverInputSettings.licensePicturesDisplayNum,
      shouldHideAllInputs: driverInputSettings.shouldHideAllInputs,
    })
    .from(driverInputSettings)
    .where(eq(driverInputSettings.siteId, siteId));
  return row ?? DEFAULT_DRIVER_INPUT_SETTINGS;
}
