import { and, asc, eq, inArray } from "drizzle-orm";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { carClasses, carOptions, stores } from "#server/db/schema";
import { AppError, type FieldReasons, notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { mlColumns } from "#server/staff/admin-fields.schema";
import { type Actor, authorize } from "#server/staff/permissions";
import type { CarOptionInput } from "./car-option.schema";

/**
 * Options in the back office (issue 23): child seats, snow tyres… offered with a booking, by store
 * and class. Changing them needs `prices.edit`; anyone on the staff may read them.
 */
export type CarOptionRecord = typeof carOptions.$inferSelect;

/** The site's options in display order (the order the booking's options step shows them). */
export async function listCarOptions(db: Db, siteId: string, actor: Actor): Promise<CarOptionRecord[]> {
  authorize(actor, "view");
  return db
    .select()
    .from(carOptions)
    .where(eq(carOptions.siteId, siteId))
    .orderBy(asc(carOptions.displayOrder), asc(carOptions.id));
}

async function readCarOption(db: DbOrTx, siteId: string, optionId: number): Promise<CarOptionRecord | null> {
  const [row] = await db
    .select()
    .from(carOptions)
    .where(and(eq(carOptions.siteId, siteId), eq(carOptions.id, optionId)));
  return row ?? null;
}

/** One option; 404 for another site's. */
export async function getCarOption(db: Db, siteId: string, actor: Actor, optionId: number): Promise<CarOptionRecord> {
  authorize(actor, "view");
  const option = await readCarOption(db, siteId, optionId);
  if (!option) throw notFoundError();
  return option;
}

/**
 * The stores and classes ticked must be this site's. The lists have no foreign key (an empty list
 * means all), so this check is the only wall: another site's id is a wrong choice.
 */
async function refuseForeignIds(db: DbOrTx, siteId: string, input: CarOptionInput): Promise<void> {
  const [storeRows, classRows] = await Promise.all([
    input.store_ids.length
      ? db
          .select({ id: stores.id })
          .from(stores)
          .where(and(eq(stores.siteId, siteId), inArray(stores.id, input.store_ids)))
      : [],
    input.class_ids.length
      ? db
          .select({ id: carClasses.id })
          .from(carClasses)
          .where(and(eq(carClasses.siteId, siteId), inArray(carClasses.id, input.class_ids)))
      : [],
  ]);
  const errors: FieldReasons = {};
  if (storeRows.length !== input.store_ids.length) errors.store_ids = { code: "invalid_choice" };
  if (classRows.length !== input.class_ids.length) errors.class_ids = { code: "invalid_choice" };
  if (Object.keys(errors).length) throw new AppError("invalid_input", { fieldErrors: errors });
}

function optionColumns(input: CarOptionInput) {
  return {
    ...mlColumns("optionName", input as unknown as Record<string, string>, "option_name"),
    price: input.price,
    priceUnit: Number(input.price_unit),
    maxQuantity: input.max_quantity,
    storeIds: input.store_ids,
    classIds: input.class_ids,
    displayOrder: input.display_order,
    mayBeUnavailable: input.may_be_unavailable,
    coversNoc: input.covers_noc,
  };
}

export async function createCarOption(
  db: Db,
  siteId: string,
  actor: Actor,
  input: CarOptionInput,
): Promise<{ optionId: number }> {
  authorize(actor, "prices.edit");
  await refuseForeignIds(db, siteId, input);
  const columns = optionColumns(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(carOptions)
      .values({ ...columns, siteId })
      .returning({ id: carOptions.id });
    if (!row) throw new Error("option insert returned no row");
    await recordAudit(tx, siteId, actor, {
      action: "option.create",
      entity: "option",
      entityId: row.id,
      after: columns,
    });
    return { optionId: row.id };
  });
}

export async function updateCarOption(
  db: Db,
  siteId: string,
  actor: Actor,
  optionId: number,
  input: CarOptionInput,
): Promise<void> {
  authorize(actor, "prices.edit");
  const current = await readCarOption(db, siteId, optionId);
  if (!current) throw notFoundError();
  await refuseForeignIds(db, siteId, input);
  const columns = optionColumns(input);
  await db.transaction(async (tx) => {
    await tx
      .update(carOptions)
      .set(columns)
      .where(and(eq(carOptions.siteId, siteId), eq(carOptions.id, optionId)));
    const { id: _id, siteId: _site, ...before } = current;
    const { before: b, after: a } = changedFields(before, columns);
    if (Object.keys(a).length) {
      await recordAudit(tx, siteId, actor, {
        action: "option.update",
        entity: "option",
        entityId: optionId,
        before: b,
        after: a,
      });
    }
  });
}

/** Deletes an option; bookings keep the name and fee they were made with (a snapshot of their own). */
export async function deleteCarOption(db: Db, siteId: string, actor: Actor, optionId: number): Promise<void> {
  authorize(actor, "prices.edit");
  const current = await readCarOption(db, siteId, optionId);
  if (!current) throw notFoundError();
  await db.transaction(async (tx) => {
    await tx.delete(carOptions).where(and(eq(carOptions.siteId, siteId), eq(carOptions.id, optionId)));
    const { id: _id, siteId: _site, ...before } = current;
    await recordAudit(tx, siteId, actor, { action: "option.delete", entity: "option", entityId: optionId, before });
  });
}
