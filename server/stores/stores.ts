import { and, asc, count, eq, gt, inArray, isNull } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, localDate } from "#common/calendar-date";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import { sqlRefusal } from "#server/catalog/sql-errors";
import type { Db } from "#server/db/client";
import { reservations, storeHolidays, stores, vehicles } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { mlColumns } from "#server/staff/admin-fields.schema";
import { type Actor, authorize, inVisibleStores, seesStore } from "#server/staff/permissions";
import type { StoreInput } from "./store.schema";

/**
 * Stores in the back office (issue 23). Every function authorizes its actor first: store staff see
 * and edit only their own stores; creating and deleting stores is for owners and managers.
 */
export type StoreRecord = typeof stores.$inferSelect & { holidayDates: string[] };

export interface StoreListRow {
  id: number;
  storeName: string;
  storeNameEn: string | null;
  tel: string;
  managementStatus: number;
  isOpen24h: boolean;
  businessStartTime: string;
  businessEndTime: string;
  displayOrder: number;
  vehicles: number;
}

const visibleOnly = (actor: Actor) => inVisibleStores(actor, stores.id);

/** The stores the actor may see, in display order, with how many vehicles each has. */
export async function listStores(db: Db, siteId: string, actor: Actor): Promise<StoreListRow[]> {
  authorize(actor, "view");
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(stores)
      .where(and(eq(stores.siteId, siteId), visibleOnly(actor)))
      .orderBy(asc(stores.displayOrder), asc(stores.id)),
    db
      .select({ storeId: vehicles.storeId, n: count() })
      .from(vehicles)
      .where(eq(vehicles.siteId, siteId))
      .groupBy(vehicles.storeId),
  ]);
  const byStore = new Map(counts.map((c) => [c.storeId, c.n]));
  return rows.map((s) => ({
    id: s.id,
    storeName: s.storeName,
    storeNameEn: s.storeNameEn,
    tel: s.tel,
    managementStatus: s.managementStatus,
    isOpen24h: s.isOpen24h,
    businessStartTime: s.businessStartTime,
    businessEndTime: s.businessEndTime,
    displayOrder: s.displayOrder,
    vehicles: byStore.get(s.id) ?? 0,
  }));
}

/** Every store's id and Japanese name (the pickers of other forms), as the actor may see them. */
export async function storeChoices(
  db: Db,
  siteId: string,
  actor: Actor,
): Promise<{ id: number; name: string; nameEn: string | null }[]> {
  authorize(actor, "view");
  return (
    await db
      .select({ id: stores.id, name: stores.storeName, nameEn: stores.storeNameEn })
      .from(stores)
      .where(and(eq(stores.siteId, siteId), visibleOnly(actor)))
      .orderBy(asc(stores.displayOrder), asc(stores.id))
  ).map((s) => ({ id: s.id, name: s.name || `#${s.id}`, nameEn: s.nameEn }));
}

async function readStore(db: DbOrTx, siteId: string, storeId: number): Promise<StoreRecord | null> {
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.siteId, siteId), eq(stores.id, storeId)));
  if (!row) return null;
  const holidays = await db
    .select({ date: storeHolidays.holidayDate })
    .from(storeHolidays)
    .where(and(eq(storeHolidays.siteId, siteId), eq(storeHolidays.storeId, storeId)))
    .orderBy(asc(storeHolidays.holidayDate));
  return { ...row, holidayDates: holidays.map((h) => h.date) };
}

/** One store with its holiday dates; 404 for another site's store or one the actor may not see. */
export async function getStore(db: Db, siteId: string, actor: Actor, storeId: number): Promise<StoreRecord> {
  authorize(actor, "view");
  if (!seesStore(actor, storeId)) throw notFoundError();
  const store = await readStore(db, siteId, storeId);
  if (!store) throw notFoundError();
  return store;
}

/** The table's columns from the form. */
export function storeColumns(input: StoreInput) {
  const v = input as unknown as Record<string, string>;
  return {
    ...mlColumns("storeName", v, "store_name"),
    zip: input.zip,
    prefCode: input.pref_code || null,
    ...mlColumns("addressA", v, "address_a"),
    ...mlColumns("addressB", v, "address_b"),
    tel: input.tel,
    email: input.email || null,
    ...mlColumns("access", v, "access"),
    ...mlColumns("remarks", v, "remarks"),
    businessHoursType: Number(input.business_hours_type),
    businessStartTime: input.business_start_time,
    businessEndTime: input.business_end_time,
    isOpen24h: input.is_open_24h,
    regularHolidayWeek: input.regular_holiday_week,
    regularHolidayDates: input.regular_holiday_dates,
    highSeasonWeek: input.high_season_week,
    highSeasonDates: input.high_season_dates,
    reserveMaxDate: input.reserve_max_date,
    closedDate: input.closed_date,
    displayOrder: input.display_order,
    turnaroundMinutes: input.turnaround_minutes,
    managementStatus: Number(input.management_status),
  };
}

/** A holiday newly added in the past is a mistake; one saved earlier may stay in the list. */
function refusePastHolidays(input: StoreInput, saved: readonly string[], timeZone: string, now: Date) {
  const today = localDate(now, timeZone);
  const known = new Set(saved);
  if (input.holiday_dates.some((d) => !known.has(d) && d < today)) {
    throw new AppError("invalid_input", { fieldErrors: { holiday_dates: { code: "date_past" } } });
  }
}

async function writeHolidays(tx: DbOrTx, siteId: string, storeId: number, dates: readonly string[]) {
  await tx.delete(storeHolidays).where(and(eq(storeHolidays.siteId, siteId), eq(storeHolidays.storeId, storeId)));
  if (dates.length) {
    await tx.insert(storeHolidays).values(dates.map((holidayDate) => ({ siteId, storeId, holidayDate })));
  }
}

export async function createStore(
  db: Db,
  siteId: string,
  actor: Actor,
  input: StoreInput,
  now = new Date(),
): Promise<{ storeId: number }> {
  authorize(actor, "store.create");
  refusePastHolidays(input, [], DEFAULT_TIME_ZONE, now);
  return db.transaction(async (tx) => {
    const storeId = await insertStore(tx, siteId, input);
    await recordAudit(tx, siteId, actor, {
      action: "store.create",
      entity: "store",
      entityId: storeId,
      after: { ...storeColumns(input), holidayDates: input.holiday_dates },
    });
    return { storeId };
  });
}

/** Writes a new store and its holidays in the caller's transaction (the form, and the CSV import). */
export async function insertStore(tx: DbOrTx, siteId: string, input: StoreInput): Promise<number> {
  const [row] = await tx
    .insert(stores)
    .values({ ...storeColumns(input), siteId })
    .returning({ id: stores.id });
  if (!row) throw new Error("store insert returned no row");
  await writeHolidays(tx, siteId, row.id, input.holiday_dates);
  return row.id;
}

export async function updateStore(
  db: Db,
  siteId: string,
  actor: Actor,
  storeId: number,
  input: StoreInput,
  now = new Date(),
): Promise<void> {
  authorize(actor, "store.edit", storeId);
  const current = await readStore(db, siteId, storeId);
  if (!current) throw notFoundError();
  refusePastHolidays(input, current.holidayDates, current.timeZone, now);
  const columns = storeColumns(input);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(stores)
        .set(columns)
        .where(and(eq(stores.siteId, siteId), eq(stores.id, storeId)));
      if (columns.turnaroundMinutes !== current.turnaroundMinutes) {
        await refreshBlockedUntil(
          tx,
          siteId,
          storeId,
          Math.max(columns.turnaroundMinutes, current.turnaroundMinutes),
          now,
        );
      }
      await writeHolidays(tx, siteId, storeId, input.holiday_dates);
      const { id: _id, siteId: _site, timeZone: _zone, ...before } = current;
      const { before: b, after: a } = changedFields(before, { ...columns, holidayDates: input.holiday_dates });
      if (Object.keys(a).length) {
        await recordAudit(tx, siteId, actor, {
          action: "store.update",
          entity: "store",
          entityId: storeId,
          before: b,
          after: a,
        });
      }
    });
  } catch (error) {
    // A longer turnaround that makes two bookings of one car overlap (the exclusion constraint) or
    // needs more cars than the store has (the capacity trigger): the whole save is rolled back.
    const { code } = sqlRefusal(error);
    if (code === "23P01" || code === "RB001") {
      const reason = { code: "turnaround_conflict" } as const;
      throw new AppError("rejected", { fieldErrors: { turnaround_minutes: reason } });
    }
    throw error;
  }
}

/**
 * Has the trigger `reservations_blocked_until` (0014) compute again, with the store's new turnaround,
 * when each of the store's bookings still to be returned frees its car; the capacity trigger and the
 * exclusion constraint judge the new claims. A booking whose return (with the longer of the two
 * turnarounds) is already past is left as it is: it blocks nothing to come, so a return never
 * recorded cannot refuse the change.
 */
async function refreshBlockedUntil(tx: DbOrTx, siteId: string, storeId: number, longest: number, now: Date) {
  await tx
    .update(reservations)
    // Any UPDATE fires the BEFORE trigger, which overwrites this value.
    .set({ blockedUntil: null })
    .where(
      and(
        eq(reservations.siteId, siteId),
        eq(reservations.storeId, storeId),
        inArray(reservations.status, ["held", "confirmed"]),
        isNull(reservations.returnedAt),
        gt(reservations.endAt, new Date(now.getTime() - longest * 60_000)),
      ),
    );
}

/**
 * Deletes a store that nothing refers to. One with bookings still to come is refused (close it for
 * new bookings instead); one with vehicles, fee plans' history or past bookings is in use.
 */
export async function deleteStore(db: Db, siteId: string, actor: Actor, storeId: number, now = new Date()) {
  authorize(actor, "store.create");
  const current = await readStore(db, siteId, storeId);
  if (!current) throw notFoundError();
  const [[future], [any], [cars]] = await Promise.all([
    db
      .select({ n: count() })
      .from(reservations)
      .where(
        and(
          eq(reservations.siteId, siteId),
          eq(reservations.storeId, storeId),
          inArray(reservations.status, ["held", "confirmed"]),
          gt(reservations.endAt, now),
        ),
      ),
    db
      .select({ n: count() })
      .from(reservations)
      .where(and(eq(reservations.siteId, siteId), eq(reservations.storeId, storeId))),
    db
      .select({ n: count() })
      .from(vehicles)
      .where(and(eq(vehicles.siteId, siteId), eq(vehicles.storeId, storeId))),
  ]);
  if ((future?.n ?? 0) > 0) throw new AppError("rejected", { reason: { code: "has_future_bookings" } });
  if ((any?.n ?? 0) > 0 || (cars?.n ?? 0) > 0) throw new AppError("rejected", { reason: { code: "in_use" } });
  await db.transaction(async (tx) => {
    await tx.delete(stores).where(and(eq(stores.siteId, siteId), eq(stores.id, storeId)));
    const { id: _id, siteId: _site, ...before } = current;
    await recordAudit(tx, siteId, actor, { action: "store.delete", entity: "store", entityId: storeId, before });
  });
}
