import { eq } from "drizzle-orm";
import { changedFields, recordAudit } from "../audit/audit-log";
import type { Db } from "../db/client";
import { siteSettings } from "../db/schema";
import { AppError, notFoundError } from "../errors";
import { type Actor, can } from "../staff/permissions";
import type { SettlementInput } from "./settlement.schema";

/**
 * Settlement methods in the back office (issue 23): how customers may pay decides how the company
 * is paid, so only the owner sees and changes them (permission `site.billing`); anyone else gets
 * a 403 that says so.
 */
export function authorizeSettlement(actor: Actor) {
  if (!can(actor, "site.billing")) throw new AppError("forbidden", { reason: { code: "owner_only" } });
}

async function readMethods(db: Db, siteId: string): Promise<number[]> {
  const [row] = await db
    .select({ methods: siteSettings.settlementMethods })
    .from(siteSettings)
    .where(eq(siteSettings.siteId, siteId));
  if (!row) throw notFoundError();
  return row.methods;
}

export async function getSettlementMethods(db: Db, siteId: string, actor: Actor): Promise<number[]> {
  authorizeSettlement(actor);
  return readMethods(db, siteId);
}

export async function updateSettlementMethods(db: Db, siteId: string, actor: Actor, input: SettlementInput) {
  authorizeSettlement(actor);
  if (!input.settlement_methods.length) {
    // The schema says so too; this holds for any caller that skips it.
    throw new AppError("invalid_input", { fieldErrors: { settlement_methods: { code: "settlement_required" } } });
  }
  const current = await readMethods(db, siteId);
  const settlementMethods = [...input.settlement_methods].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    await tx.update(siteSettings).set({ settlementMethods }).where(eq(siteSettings.siteId, siteId));
    const changed = changedFields({ settlementMethods: current }, { settlementMethods });
    if (Object.keys(changed.after).length) {
      await recordAudit(tx, siteId, actor, { action: "settlement.update", entity: "site_settings", ...changed });
    }
  });
}
