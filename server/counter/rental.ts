import { and, eq, ne, sql } from "drizzle-orm";
import { zonedInstant } from "#common/calendar-date";
import type { Locale } from "#common/locales";
import { recordAudit } from "#server/audit/audit-log";
import { retryingDeadlocks, sqlRefusal } from "#server/catalog/sql-errors";
import type { Db } from "#server/db/client";
import { reservations, stores, vehicles } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Mailer } from "#server/mail/mailer";
import type { DbOrTx } from "#server/mail/outbox";
import type { RenderedMail } from "#server/reservations/booking";
import { type Actor, authorize } from "#server/staff/permissions";
import { type AssignInput, checkSheetOf, type DepartureInput } from "./counter.schema";
import { findReservation, type ReservationRecord } from "./reservations";
import { rentalStage } from "./stage";

/**
 * The rental at the counter (issue 24): a car given to a booking (the dispatch board, the detail
 * page) and its departure; the return is `return.ts` (issue 37). Every step needs `store.reservations` on the booking's store
 * and is audited under the reservation number. Two bookings of one car never overlap: the database's
 * exclusion constraint decides (drizzle/0014_counter.sql), so two staff giving the same car at once
 * get one success and one "taken".
 */

const HOUR = 3_600_000;

const stageRefused = (r: ReservationRecord) =>
  new AppError("rejected", { reason: { code: "reservation_stage", params: { stage: rentalStage(r) } } });

async function storeOf(db: DbOrTx, siteId: string, storeId: number) {
  const [store] = await db
    .select({ timeZone: stores.timeZone })
    .from(stores)
    .where(and(eq(stores.siteId, siteId), eq(stores.id, storeId)));
  return { timeZone: store?.timeZone ?? "Asia/Tokyo" };
}

/** The car, which must be one of the booking's store and car type, in service. */
async function requireVehicleFor(db: DbOrTx, siteId: string, r: ReservationRecord, vehicleId: number) {
  const [vehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.siteId, siteId), eq(vehicles.id, vehicleId)));
  if (!vehicle || vehicle.storeId !== r.storeId || vehicle.carTypeId !== r.carTypeId) {
    throw new AppError("invalid_input", { fieldErrors: { vehicle_id: { code: "vehicle_not_for_booking" } } });
  }
  if (!vehicle.inService) {
    throw new AppError("invalid_input", { fieldErrors: { vehicle_id: { code: "vehicle_out_of_service" } } });
  }
  return vehicle;
}

/** The exclusion constraint's refusal, naming the booking that has the car and the car. */
async function vehicleTaken(db: Db, siteId: string, r: ReservationRecord, vehicleId: number): Promise<AppError> {
  const [other] = await db
    .select({ reserveNo: reservations.reserveNo, registration: vehicles.registrationNumber })
    .from(reservations)
    .innerJoin(vehicles, and(eq(vehicles.siteId, reservations.siteId), eq(vehicles.id, reservations.vehicleId)))
    .where(
      and(
        eq(reservations.siteId, siteId),
        eq(reservations.vehicleId, vehicleId),
        eq(reservations.status, "confirmed"),
        ne(reservations.id, r.id),
        sql`tstzrange(${reservations.startAt}, ${reservations.blockedUntil}, '[)') && tstzrange(${r.startAt.toISOString()}::timestamptz, ${(r.blockedUntil ?? r.endAt).toISOString()}::timestamptz, '[)')`,
      ),
    )
    .limit(1);
  const reason = {
    code: "vehicle_taken" as const,
    params: { reserveNo: other?.reserveNo ?? "", vehicle: other?.registration ?? "" },
  };
  return new AppError("rejected", { reason, fieldErrors: { vehicle_id: reason } });
}

async function withVehicleGuard<T>(
  db: Db,
  siteId: string,
  r: ReservationRecord,
  vehicleId: number | null,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await retryingDeadlocks(work);
  } catch (error) {
    const refusal = sqlRefusal(error);
    if (refusal.code === "23P01" && vehicleId !== null) throw await vehicleTaken(db, siteId, r, vehicleId);
    throw error;
  }
}

/** Gives the booking a car of its store and type, another one, or none (`vehicle_id` empty). */
export async function assignVehicle(
  db: Db,
  siteId: string,
  actor: Actor,
  reserveNo: string,
  input: AssignInput,
): Promise<void> {
  const r = await findReservation(db, siteId, actor, reserveNo);
  authorize(actor, "store.reservations", r.storeId);
  if (r.status !== "confirmed" || rentalStage(r) !== "booked") throw stageRefused(r);
  if (input.vehicle_id === r.vehicleId) return;
  if (input.vehicle_id !== null) await requireVehicleFor(db, siteId, r, input.vehicle_id);
  await withVehicleGuard(db, siteId, r, input.vehicle_id, () =>
    db.transaction(async (tx) => {
      const done = await tx
        .update(reservations)
        .set({ vehicleId: input.vehicle_id })
        .where(
          and(
            eq(reservations.siteId, siteId),
            eq(reservations.id, r.id),
            eq(reservations.status, "confirmed"),
            sql`${reservations.departedAt} is null`,
          ),
        )
        .returning({ id: reservations.id });
      // Cancelled or handed over meanwhile: nothing changed, so nothing is logged as done.
      if (!done.length) throw stageRefused(r);
      await recordAudit(tx, siteId, actor, {
        action: "reservation.assign",
        entity: "reservation",
        entityId: reserveNo,
        before: { vehicleId: r.vehicleId },
        after: { vehicleId: input.vehicle_id },
      });
    }),
  );
}

/** A store-local date and time from a form, checked to lie within [from, until]. */
function instantIn(date: string, time: string, timeZone: string, field: string, from: Date, until: Date): Date {
  const instant = zonedInstant(date, time, timeZone);
  if (instant < from || instant > until) {
    throw new AppError("invalid_input", { fieldErrors: { [field]: { code: "time_out_of_range" } } });
  }
  return instant;
}

/**
 * The departure: the car handed over (given to the booking now if it was not yet), at the time staff
 * enter (from a day before the booked start until its end), its meter, which never goes back, fuel,
 * the check sheet and notes. The car's mileage follows the meter.
 */
export async function recordDeparture(
  db: Db,
  siteId: string,
  actor: Actor,
  reserveNo: string,
  input: DepartureInput,
): Promise<void> {
  const r = await findReservation(db, siteId, actor, reserveNo);
  authorize(actor, "store.reservations", r.storeId);
  if (r.status !== "confirmed" || rentalStage(r) !== "booked") throw stageRefused(r);
  const vehicle = await requireVehicleFor(db, siteId, r, input.vehicle_id);
  const { timeZone } = await storeOf(db, siteId, r.storeId);
  const departedAt = instantIn(
    input.departed_date,
    input.departed_time,
    timeZone,
    "departed_date",
    new Date(r.startAt.getTime() - 24 * HOUR),
    r.endAt,
  );
  if (input.mileage_km < vehicle.mileageKm) {
    throw new AppError("invalid_input", {
      fieldErrors: { mileage_km: { code: "mileage_below", params: { km: vehicle.mileageKm } } },
    });
  }
  const departure = {
    vehicleId: vehicle.id,
    departedAt,
    departureMileage: input.mileage_km,
    departureFuel: input.fuel,
    departureCheck: checkSheetOf(input),
    departureNotes: input.notes,
  };
  await withVehicleGuard(db, siteId, r, vehicle.id, () =>
    db.transaction(async (tx) => {
      const done = await tx
        .update(reservations)
        .set(departure)
        .where(
          and(
            eq(reservations.siteId, siteId),
            eq(reservations.id, r.id),
            eq(reservations.status, "confirmed"),
            sql`${reservations.departedAt} is null`,
          ),
        )
        .returning({ id: reservations.id });
      // Recorded meanwhile by someone else: nothing is written twice.
      if (!done.length) return;
      await tx
        .update(vehicles)
        .set({ mileageKm: input.mileage_km })
        .where(and(eq(vehicles.siteId, siteId), eq(vehicles.id, vehicle.id)));
      await recordAudit(tx, siteId, actor, {
        action: "reservation.depart",
        entity: "reservation",
        entityId: reserveNo,
        before: { vehicleId: r.vehicleId },
        after: departure,
      });
    }),
  );
}

/** The cars a booking may be given: its store's of its car type, in service. */
export function carsFor(db: Db, siteId: string, r: ReservationRecord) {
  return db
    .select({ id: vehicles.id, registrationNumber: vehicles.registrationNumber, mileageKm: vehicles.mileageKm })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.siteId, siteId),
        eq(vehicles.storeId, r.storeId),
        eq(vehicles.carTypeId, r.carTypeId),
        eq(vehicles.inService, true),
      ),
    )
    .orderBy(vehicles.registrationNumber);
}

/** Sends the customer's confirmation again, as it was first sent (the booking's language), once per click. */
export async function resendConfirmation(
  db: Db,
  siteId: string,
  actor: Actor,
  reserveNo: string,
  deps: { mailer: Mailer; mail: (r: ReservationRecord) => RenderedMail | null },
): Promise<boolean> {
  const r = await findReservation(db, siteId, actor, reserveNo);
  authorize(actor, "store.reservations", r.storeId);
  const mail = r.status === "confirmed" ? deps.mail(r) : null;
  if (!mail) return false;
  await db.transaction(async (tx) => {
    await deps.mailer.send(tx, siteId, {
      ...mail,
      locale: r.locale as Locale,
      kind: "reservation_confirmed",
      reservationId: r.id,
    });
    await recordAudit(tx, siteId, actor, {
      action: "reservation.resend",
      entity: "reservation",
      entityId: reserveNo,
      after: { to: mail.to },
    });
  });
  return true;
}
