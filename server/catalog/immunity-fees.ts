import { and, asc, eq, inArray } from "drizzle-orm";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { carClasses, immunityFees } from "#server/db/schema";
import { type Actor, authorize } from "#server/staff/permissions";
import type { ImmunityFeeInput } from "./immunity-fee.schema";

/**
 * The collision damage waiver per class (issue 23): its price per day and whether searches include
 * it by default. A class without a row offers none. Reading is `view`; changing, `prices.edit`.
 */
export interface ImmunityFeeRow {
  classId: number;
  className: string;
  /** Null: the class offers no waiver. */
  pricePerDay: number | null;
  isDefault: boolean;
}

export async function listImmunityFees(db: Db, siteId: string, actor: Actor): Promise<ImmunityFeeRow[]> {
  authorize(actor, "view");
  const rows = await db
    .select({
      classId: carClasses.id,
      className: carClasses.className,
      pricePerDay: immunityFees.pricePerDay,
      isDefault: immunityFees.isDefault,
    })
    .from(carClasses)
    .leftJoin(immunityFees, and(eq(immunityFees.siteId, carClasses.siteId), eq(immunityFees.classId, carClasses.id)))
    .where(eq(carClasses.siteId, siteId))
    .orderBy(asc(carClasses.displayOrder), asc(carClasses.id));
  return rows.map((r) => ({ ...r, isDefault: r.isDefault ?? true }));
}

/**
 * Saves the waiver of every class in the form: a price sets it, an empty price removes it. Classes
 * not in the form (added meanwhile) are left as they are; one deleted meanwhile is skipped.
 * The audit entry holds the classes that changed, by id.
 */
export async function saveImmunityFees(
  db: Db,
  siteId: string,
  actor: Actor,
  input: readonly ImmunityFeeInput[],
): Promise<void> {
  authorize(actor, "prices.edit");
  await db.transaction(async (tx) => {
    const classIds = input.map((f) => f.classId);
    const existing = classIds.length
      ? await tx
          .select({ id: carClasses.id })
          .from(carClasses)
          .where(and(eq(carClasses.siteId, siteId), inArray(carClasses.id, classIds)))
      : [];
    const live = new Set(existing.map((c) => c.id));
    const saved = classIds.length
      ? await tx
          .select()
          .from(immunityFees)
          .where(and(eq(immunityFees.siteId, siteId), inArray(immunityFees.classId, classIds)))
      : [];
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const s of saved) before[s.classId] = { pricePerDay: s.pricePerDay, isDefault: s.isDefault };
    for (const f of input) {
      if (!live.has(f.classId)) continue;
      if (f.pricePerDay === null) {
        await tx.delete(immunityFees).where(and(eq(immunityFees.siteId, siteId), eq(immunityFees.classId, f.classId)));
        after[f.classId] = null;
        continue;
      }
      const values = { pricePerDay: f.pricePerDay, isDefault: f.isDefault };
      await tx
        .insert(immunityFees)
        .values({ siteId, classId: f.classId, ...values })
        .onConflictDoUpdate({ target: [immunityFees.siteId, immunityFees.classId], set: values });
      after[f.classId] = values;
    }
    for (const id of live) before[id] ??= null;
    const diff = changedFields(before, after);
    if (Object.keys(diff.after).length) {
      await recordAudit(tx, siteId, actor, { action: "immunity.update", entity: "immunity_fee", ...diff });
    }
  });
}
