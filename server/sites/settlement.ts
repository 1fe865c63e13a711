import { eq } from "drizzle-orm";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { siteSettings } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import { mlColumns, mlValues } from "#server/staff/admin-fields.schema";
import { type Actor, can } from "#server/staff/permissions";
import type { SettlementInput } from "./settlement.schema";

/**
 * Settlement methods in the back office (issue 23): how customers may pay decides how the company
 * is paid, so only the owner sees and changes them (permission `site.billing`); anyone else gets
 * a 403 that says so.
 */
export function authorizeSettlement(actor: Actor) {
  if (!can(actor, "site.billing")) throw new AppError("forbidden", { reason: { code: "owner_only" } });
}

const NOTE_COLUMNS = {
  payOtherNote: siteSettings.payOtherNote,
  payOtherNoteEn: siteSettings.payOtherNoteEn,
  payOtherNoteKr: siteSettings.payOtherNoteKr,
  payOtherNoteTw: siteSettings.payOtherNoteTw,
};

async function readSettlement(db: Db, siteId: string) {
  const [row] = await db
    .select({ settlementMethods: siteSettings.settlementMethods, ...NOTE_COLUMNS })
    .from(siteSettings)
    .where(eq(siteSettings.siteId, siteId));
  if (!row) throw notFoundError();
  return row;
}

export async function getSettlementMethods(db: Db, siteId: string, actor: Actor): Promise<number[]> {
  authorizeSettlement(actor);
  return (await readSettlement(db, siteId)).settlementMethods;
}

/** The settlement page's form: the methods and the "other" note in four languages. */
export async function getSettlement(db: Db, siteId: string, actor: Actor) {
  authorizeSettlement(actor);
  const row = await readSettlement(db, siteId);
  return { methods: row.settlementMethods, values: mlValues("payOtherNote", row, "pay_other_note") };
}

export async function updateSettlementMethods(db: Db, siteId: string, actor: Actor, input: SettlementInput) {
  authorizeSettlement(actor);
  if (!input.settlement_methods.length) {
    // The schema says so too; this holds for any caller that skips it.
    throw new AppError("invalid_input", { fieldErrors: { settlement_methods: { code: "settlement_required" } } });
  }
  const { settlementMethods: currentMethods, ...currentNote } = await readSettlement(db, siteId);
  const settlementMethods = [...input.settlement_methods].sort((a, b) => a - b);
  const note = mlColumns("payOtherNote", input as unknown as Record<string, string>, "pay_other_note");
  await db.transaction(async (tx) => {
    await tx
      .update(siteSettings)
      .set({ settlementMethods, ...note })
      .where(eq(siteSettings.siteId, siteId));
    const changed = changedFields(
      { settlementMethods: currentMethods, ...currentNote },
      { settlementMethods, ...note },
    );
    if (Object.keys(changed.after).length) {
      await recordAudit(tx, siteId, actor, { action: "settlement.update", entity: "site_settings", ...changed });
    }
  });
}
