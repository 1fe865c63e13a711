import { eq } from "drizzle-orm";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { siteSettings } from "#server/db/schema";
import { notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { type Actor, authorize } from "#server/staff/permissions";
import type { CancellationSettings, CancellationSettingsInput } from "./cancellation-settings.schema";

/**
 * The site's cancellation settings in the back office (issue 24): anyone on the staff may read
 * them; changing them needs `site.edit`, like the other site settings. The counter's cancellation
 * and the customers' own read them from site_settings when they cancel.
 */

async function readCancellationSettings(db: DbOrTx, siteId: string): Promise<CancellationSettings> {
  const [row] = await db
    .select({
      customerCancel: siteSettings.customerCancel,
      customerCancelDeadlineHours: siteSettings.customerCancelDeadlineHours,
      cancellationFees: siteSettings.cancellationFees,
    })
    .from(siteSettings)
    .where(eq(siteSettings.siteId, siteId));
  if (!row) throw notFoundError();
  // jsonb keeps its own key order: rebuilt so a schedule saved again compares equal for the audit log.
  const cancellationFees = row.cancellationFees.map((s) => ({ daysBefore: s.daysBefore, percent: s.percent }));
  return { ...row, cancellationFees };
}

export async function getCancellationSettings(db: Db, siteId: string, actor: Actor): Promise<CancellationSettings> {
  authorize(actor, "view");
  return readCancellationSettings(db, siteId);
}

/** Saves the settings in one audited transaction; the entry holds only what changed. */
export async function updateCancellationSettings(
  db: Db,
  siteId: string,
  actor: Actor,
  input: CancellationSettingsInput,
): Promise<void> {
  authorize(actor, "site.edit");
  await db.transaction(async (tx) => {
    const current = await readCancellationSettings(tx, siteId);
    await tx.update(siteSettings).set(input).where(eq(siteSettings.siteId, siteId));
    const { before, after } = changedFields({ ...current }, { ...input });
    if (Object.keys(after).length) {
      await recordAudit(tx, siteId, actor, {
        action: "site.cancellation.update",
        entity: "site_settings",
        entityId: siteId,
        before,
        after,
      });
    }
  });
}
