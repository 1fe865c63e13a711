import { and, asc, count, eq } from "drizzle-orm";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { carClasses, carTypes, feePlans, immunityFees } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import { mlColumns } from "#server/staff/admin-fields.schema";
import { type Actor, authorize } from "#server/staff/permissions";
import type { CarClassInput } from "./car-class.schema";
import { isStillReferenced } from "./sql-errors";

/**
 * Car classes in the back office (issue 23): the groups fee plans, immunity fees and options are set
 * for. Anyone on the staff reads them; changing them needs `catalog.edit` (owners and managers).
 */
export type CarClassRecord = typeof carClasses.$inferSelect;

export interface CarClassListRow {
  id: number;
  className: string;
  classNameEn: string | null;
  displayOrder: number;
  carTypes: number;
}

export async function listCarClasses(db: Db, siteId: string, actor: Actor): Promise<CarClassListRow[]> {
  authorize(actor, "view");
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(carClasses)
      .where(eq(carClasses.siteId, siteId))
      .orderBy(asc(carClasses.displayOrder), asc(carClasses.id)),
    db
      .select({ classId: carTypes.classId, n: count() })
      .from(carTypes)
      .where(eq(carTypes.siteId, siteId))
      .groupBy(carTypes.classId),
  ]);
  const byClass = new Map(counts.map((c) => [c.classId, c.n]));
  return rows.map((c) => ({
    id: c.id,
    className: c.className,
    classNameEn: c.classNameEn,
    displayOrder: c.displayOrder,
    carTypes: byClass.get(c.id) ?? 0,
  }));
}

/** Every class's id and Japanese name, in display order (the pickers of other forms). */
export async function carClassChoices(
  db: Db,
  siteId: string,
  actor: Actor,
): Promise<{ id: number; name: string; nameEn: string | null }[]> {
  authorize(actor, "view");
  const rows = await db
    .select({ id: carClasses.id, name: carClasses.className, nameEn: carClasses.classNameEn })
    .from(carClasses)
    .where(eq(carClasses.siteId, siteId))
    .orderBy(asc(carClasses.displayOrder), asc(carClasses.id));
  return rows.map((c) => ({ ...c, name: c.name || `#${c.id}` }));
}

async function readCarClass(db: Db, siteId: string, classId: number): Promise<CarClassRecord | null> {
  const [row] = await db
    .select()
    .from(carClasses)
    .where(and(eq(carClasses.siteId, siteId), eq(carClasses.id, classId)));
  return row ?? null;
}

/** One class; 404 for another site's. */
export async function getCarClass(db: Db, siteId: string, actor: Actor, classId: number): Promise<CarClassRecord> {
  authorize(actor, "view");
  const row = await readCarClass(db, siteId, classId);
  if (!row) throw notFoundError();
  return row;
}

function classColumns(input: CarClassInput) {
  return {
    ...mlColumns("className", input as unknown as Record<string, string>, "class_name"),
    displayOrder: input.display_order,
  };
}

export async function createCarClass(
  db: Db,
  siteId: string,
  actor: Actor,
  input: CarClassInput,
): Promise<{ classId: number }> {
  authorize(actor, "catalog.edit");
  const columns = classColumns(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(carClasses)
      .values({ ...columns, siteId })
      .returning({ id: carClasses.id });
    if (!row) throw new Error("car class insert returned no row");
    await recordAudit(tx, siteId, actor, {
      action: "car_class.create",
      entity: "car_class",
      entityId: row.id,
      after: columns,
    });
    return { classId: row.id };
  });
}

export async function updateCarClass(
  db: Db,
  siteId: string,
  actor: Actor,
  classId: number,
  input: CarClassInput,
): Promise<void> {
  authorize(actor, "catalog.edit");
  const current = await readCarClass(db, siteId, classId);
  if (!current) throw notFoundError();
  const columns = classColumns(input);
  const { id: _id, siteId: _site, ...before } = current;
  const diff = changedFields(before, columns);
  if (!Object.keys(diff.after).length) return;
  await db.transaction(async (tx) => {
    await tx
      .update(carClasses)
      .set(columns)
      .where(and(eq(carClasses.siteId, siteId), eq(carClasses.id, classId)));
    await recordAudit(tx, siteId, actor, {
      action: "car_class.update",
      entity: "car_class",
      entityId: classId,
      ...diff,
    });
  });
}

/**
 * Deletes a class nothing uses. Car types keep it by a foreign key; fee plans and immunity fees
 * would go with it (cascade), so a class that has them is refused too: prices are removed on purpose.
 */
export async function deleteCarClass(db: Db, siteId: string, actor: Actor, classId: number): Promise<void> {
  authorize(actor, "catalog.edit");
  const current = await readCarClass(db, siteId, classId);
  if (!current) throw notFoundError();
  const uses = await Promise.all(
    [carTypes, feePlans, immunityFees].map(async (table) => {
      const [row] = await db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.siteId, siteId), eq(table.classId, classId)));
      return row?.n ?? 0;
    }),
  );
  if (uses.some((n) => n > 0)) throw new AppError("rejected", { reason: { code: "in_use" } });
  // A car type added since the count above is still caught by the foreign key.
  await db
    .transaction(async (tx) => {
      await tx.delete(carClasses).where(and(eq(carClasses.siteId, siteId), eq(carClasses.id, classId)));
      const { id: _id, siteId: _site, ...before } = current;
      await recordAudit(tx, siteId, actor, {
        action: "car_class.delete",
        entity: "car_class",
        entityId: classId,
        before,
      });
    })
    .catch((error: unknown) => {
      if (isStillReferenced(error)) throw new AppError("rejected", { reason: { code: "in_use" } });
      throw error;
    });
}
