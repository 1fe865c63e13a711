import { and, asc, count, eq, sql } from "drizzle-orm";
import { formatDateTime } from "#common/format";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { carClasses, carTypes, stores, vehicles } from "#server/db/schema";
import { AppError, type FieldReasons, notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { type Actor, authorize, can, inVisibleStores, seesStore } from "#server/staff/permissions";
import { sqlRefusal } from "./sql-errors";
import type { VehicleInput } from "./vehicle.schema";

/**
 * Vehicles in the back office (issue 23): the cars of a store, by car type, that bookings count on.
 * Changing them needs `store.vehicles` on the store (store staff: their own stores; moving a car,
 * on both). The database refuses a change that would leave a store with fewer cars in service than
 * its bookings still to come need (drizzle/0013_vehicle_guard.sql): it is shown as `capacity_conflict`.
 */
export type VehicleRecord = typeof vehicles.$inferSelect;

export interface VehicleListRow {
  id: number;
  registrationNumber: string;
  color: string;
  mileageKm: number;
  inService: boolean;
  storeId: number;
  storeName: string;
  storeNameEn: string | null;
  carTypeId: number;
  carTypeName: string;
  carTypeNameEn: string | null;
  className: string;
  classNameEn: string | null;
}

export const VEHICLE_PAGE_SIZE = 100;

export interface VehicleFilter {
  storeId: number | null;
  carTypeId: number | null;
  page: number;
}

const visibleOnly = (actor: Actor) => inVisibleStores(actor, vehicles.storeId);

/** The vehicles the actor may see, by store and car type, a page at a time. */
export async function listVehicles(
  db: Db,
  siteId: string,
  actor: Actor,
  filter: VehicleFilter,
): Promise<{ rows: VehicleListRow[]; total: number; page: number; pages: number }> {
  authorize(actor, "view");
  const where = and(
    eq(vehicles.siteId, siteId),
    visibleOnly(actor),
    filter.storeId === null ? undefined : eq(vehicles.storeId, filter.storeId),
    filter.carTypeId === null ? undefined : eq(vehicles.carTypeId, filter.carTypeId),
  );
  const [counted] = await db.select({ n: count() }).from(vehicles).where(where);
  const total = counted?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / VEHICLE_PAGE_SIZE));
  const page = Math.min(Math.max(1, filter.page), pages);
  const rows = await db
    .select({
      id: vehicles.id,
      registrationNumber: vehicles.registrationNumber,
      color: vehicles.color,
      mileageKm: vehicles.mileageKm,
      inService: vehicles.inService,
      storeId: vehicles.storeId,
      storeName: stores.storeName,
      storeNameEn: stores.storeNameEn,
      carTypeId: vehicles.carTypeId,
      carTypeName: carTypes.typeName,
      carTypeNameEn: carTypes.typeNameEn,
      className: carClasses.className,
      classNameEn: carClasses.classNameEn,
    })
    .from(vehicles)
    .innerJoin(stores, and(eq(stores.siteId, vehicles.siteId), eq(stores.id, vehicles.storeId)))
    .innerJoin(carTypes, and(eq(carTypes.siteId, vehicles.siteId), eq(carTypes.id, vehicles.carTypeId)))
    .innerJoin(carClasses, and(eq(carClasses.siteId, carTypes.siteId), eq(carClasses.id, carTypes.classId)))
    .where(where)
    .orderBy(asc(stores.displayOrder), asc(stores.id), asc(carTypes.displayOrder), asc(vehicles.registrationNumber))
    .limit(VEHICLE_PAGE_SIZE)
    .offset((page - 1) * VEHICLE_PAGE_SIZE);
  return { rows, total, page, pages };
}

async function readVehicle(db: DbOrTx, siteId: string, vehicleId: number): Promise<VehicleRecord | null> {
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.siteId, siteId), eq(vehicles.id, vehicleId)));
  return row ?? null;
}

/** One vehicle; 404 for another site's or one at a store the actor may not see. */
export async function getVehicle(db: Db, siteId: string, actor: Actor, vehicleId: number): Promise<VehicleRecord> {
  authorize(actor, "view");
  const row = await readVehicle(db, siteId, vehicleId);
  if (!row || !seesStore(actor, row.storeId)) throw notFoundError();
  return row;
}

/**
 * The store a vehicle of this site belongs to (404 for none), for an action's early check: a change to
 * a vehicle of another store is refused as such (403), whether or not the actor may see it.
 */
export async function storeOfVehicle(db: Db, siteId: string, vehicleId: number): Promise<number> {
  const row = await readVehicle(db, siteId, vehicleId);
  if (!row) throw notFoundError();
  return row.storeId;
}

/** Whether the actor may change vehicles of some store (the pages' early check, before a store is chosen). */
export function authorizeSomeVehicles(actor: Actor): void {
  if (can(actor, "store.vehicles") || actor.storeIds.some((id) => can(actor, "store.vehicles", id))) return;
  authorize(actor, "store.vehicles");
}

/** The store and car type must be this site's: another's id is a wrong choice, not a 404. */
async function requireChoices(db: Db, siteId: string, input: VehicleInput) {
  const [[store], [type]] = await Promise.all([
    db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.siteId, siteId), eq(stores.id, input.store_id))),
    db
      .select({ id: carTypes.id })
      .from(carTypes)
      .where(and(eq(carTypes.siteId, siteId), eq(carTypes.id, input.car_type_id))),
  ]);
  const fieldErrors: FieldReasons = {};
  if (!store) fieldErrors.store_id = { code: "invalid_choice" };
  if (!type) fieldErrors.car_type_id = { code: "invalid_choice" };
  if (Object.keys(fieldErrors).length) throw new AppError("invalid_input", { fieldErrors });
}

export function vehicleColumns(input: VehicleInput) {
  return {
    storeId: input.store_id,
    carTypeId: input.car_type_id,
    registrationNumber: input.registration_number,
    color: input.color,
    mileageKm: input.mileage_km,
    inService: input.in_service === "1",
  };
}

const registrationTaken = () =>
  new AppError("invalid_input", { fieldErrors: { registration_number: { code: "registration_taken" } } });

/**
 * The capacity guard's refusal as the page shows it: from when, until when and how many cars are
 * booked, and how many would be left, in the store's time zone. `detail` says it in one line.
 */
async function capacityConflict(db: Db, siteId: string, detail: string | undefined): Promise<AppError> {
  const part = (name: string) => new RegExp(`${name}=(\\S+)`).exec(detail ?? "")?.[1] ?? "";
  const storeId = Number(part("store"));
  const [store] = Number.isInteger(storeId)
    ? await db
        .select({ timeZone: stores.timeZone })
        .from(stores)
        .where(and(eq(stores.siteId, siteId), eq(stores.id, storeId)))
    : [];
  const when = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? "" : formatDateTime(date, store?.timeZone);
  };
  const params = {
    from: when(part("from")),
    until: when(part("until")),
    booked: Number(part("peak")) || 0,
    left: Number(part("cars")) || 0,
  };
  return new AppError("rejected", {
    reason: {
      code: "capacity_conflict",
      params: { ...params, detail: `${params.from}–${params.until}: ${params.booked} booked, ${params.left} left` },
    },
  });
}

/** Maps what the database refused to the form's messages; anything else is thrown as it came. */
async function refusalOf(db: Db, siteId: string, error: unknown): Promise<unknown> {
  const refusal = sqlRefusal(error);
  // The unique constraint is the judge of a registration number taken (two saves at once included).
  if (
    refusal.code === "23505" &&
    (refusal.constraint ?? "vehicles_site_registration") === "vehicles_site_registration"
  ) {
    return registrationTaken();
  }
  if (refusal.code === "RB002") return capacityConflict(db, siteId, refusal.detail);
  // A car with rentals on record keeps its history: it can be taken out of service instead.
  if (refusal.code === "23503" && refusal.constraint === "reservations_vehicle_fk") {
    return new AppError("rejected", { reason: { code: "vehicle_has_rentals" } });
  }
  return error;
}

/**
 * Takes the lock the capacity guards take (migration 0017, `fleet_lock`) before the UPDATE locks the
 * car's row, so that this change and a booking of the same fleet queue, the second seeing the first,
 * and two changes to one fleet never hold each other's car.
 */
async function lockFleet(tx: DbOrTx, siteId: string, storeId: number, carTypeId: number) {
  await tx.execute(sql`select fleet_lock(${siteId}, ${storeId}::int, ${carTypeId}::int)`);
}

export async function createVehicle(
  db: Db,
  siteId: string,
  actor: Actor,
  input: VehicleInput,
): Promise<{ vehicleId: number }> {
  authorize(actor, "store.vehicles", input.store_id);
  await requireChoices(db, siteId, input);
  const columns = vehicleColumns(input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(vehicles)
        .values({ ...columns, siteId })
        .returning({ id: vehicles.id });
      if (!row) throw new Error("vehicle insert returned no row");
      await recordAudit(tx, siteId, actor, {
        action: "vehicle.create",
        entity: "vehicle",
        entityId: row.id,
        after: columns,
      });
      return { vehicleId: row.id };
    });
  } catch (error) {
    throw await refusalOf(db, siteId, error);
  }
}

export async function updateVehicle(
  db: Db,
  siteId: string,
  actor: Actor,
  vehicleId: number,
  input: VehicleInput,
): Promise<void> {
  const current = await getVehicle(db, siteId, actor, vehicleId);
  // Moving a car takes it from one store and gives it to another: both must be the actor's.
  authorize(actor, "store.vehicles", current.storeId);
  authorize(actor, "store.vehicles", input.store_id);
  await requireChoices(db, siteId, input);
  const columns = vehicleColumns(input);
  const { id: _id, siteId: _site, ...before } = current;
  const diff = changedFields(before, columns);
  if (!Object.keys(diff.after).length) return;
  try {
    await db.transaction(async (tx) => {
      await lockFleet(tx, siteId, current.storeId, current.carTypeId);
      await tx
        .update(vehicles)
        .set(columns)
        .where(and(eq(vehicles.siteId, siteId), eq(vehicles.id, vehicleId)));
      await recordAudit(tx, siteId, actor, {
        action: "vehicle.update",
        entity: "vehicle",
        entityId: vehicleId,
        ...diff,
      });
    });
  } catch (error) {
    throw await refusalOf(db, siteId, error);
  }
}

/** Deletes a vehicle; refused (capacity_conflict) while the bookings still to come need it. */
export async function deleteVehicle(db: Db, siteId: string, actor: Actor, vehicleId: number): Promise<void> {
  const current = await getVehicle(db, siteId, actor, vehicleId);
  authorize(actor, "store.vehicles", current.storeId);
  try {
    await db.transaction(async (tx) => {
      await lockFleet(tx, siteId, current.storeId, current.carTypeId);
      await tx.delete(vehicles).where(and(eq(vehicles.siteId, siteId), eq(vehicles.id, vehicleId)));
      const { id: _id, siteId: _site, ...before } = current;
      await recordAudit(tx, siteId, actor, {
        action: "vehicle.delete",
        entity: "vehicle",
        entityId: vehicleId,
        before,
      });
    });
  } catch (error) {
    throw await refusalOf(db, siteId, error);
  }
}
