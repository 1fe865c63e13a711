import { eq } from "drizzle-orm";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { siteSettings } from "#server/db/schema";
import { notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { type Actor, authorize } from "#server/staff/permissions";
import type { ReturnSettings } from "./return-settings.schema";

/**
 * The site's return charges in the back office (issue 37): anyone on the staff may read them;
 * changing them needs `site.edit`, like the other site settings. A return reads them when it
 * proposes its charges (server/counter/return-charges.ts).
 */

async function readReturnSettings(db: DbOrTx, siteId: string): Promise<ReturnSettings> {
  const [row] = await db
    .select({
      lateGraceMinutes: siteSettings.lateGraceMinutes,
      fuelPricePerLitre: siteSettings.fuelPricePerLitre,
      nocDrivable: siteSettings.nocDrivable,
      nocNotDrivable: siteSettings.nocNotDrivable,
      mileageJumpKm: siteSettings.mileageJumpKm,
    })
    .from(siteSettings)
    .where(eq(siteSettings.siteId, siteId));
  if (!row) throw notFoundError();
  return row;
}

export async function getReturnSettings(db: Db, siteId: string, actor: Actor): Promise<ReturnSettings> {
  authorize(actor, "view");
  return readReturnSettings(db, siteId);
}

/** Saves the settings in one audited transaction; the entry holds only what changed. */
export async function updateReturnSettings(db: Db, siteId: string, actor: Actor, input: ReturnSettings): Promise<void> {
  authorize(actor, "site.edit");
  await db.transaction(async (tx) => {
    const current = await readReturnSettings(tx, siteId);
    await tx.update(siteSettings).set(input).where(eq(siteSettings.siteId, siteId));
    const { before, after } = changedFields({ ...current }, { ...input });
    if (Object.keys(after).length) {
      await recordAudit(tx, siteId, actor, {
        action: "site.returns.update",
        entity: "site_settings",
        entityId: siteId,
        before,
        after,
      });
    }
  });
}
