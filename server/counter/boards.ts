import { and, asc, eq, gt, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { addDays, zonedInstant } from "#common/calendar-date";
import type { Db } from "#server/db/client";
import { carTypes, reservations, stores, vehicles } from "#server/db/schema";
import { type Actor, authorize, inVisibleStores } from "#server/staff/permissions";
import { fromReservations, listRow, type ReservationListRow, visibleReservations } from "./reservations";

/**
 * The counter's two boards (issue 24): the day at each store (departures, returns, overdue returns,
 * bookings with no car yet) and the dispatch board (配車表: a store's cars down the side, days
 * across, bookings as bars, the bookings with no car in a lane of their own).
 */

export interface BoardBooking extends ReservationListRow {
  carTypeId: number;
  vehicleId: number | null;
  blockedUntil: Date;
  /** Not returned although its return time has passed. */
  overdue: boolean;
}

export interface StoreChoice {
  id: number;
  name: string;
  /** The English name, for English staff pages (null when none was written). */
  nameEn?: string | null;
  timeZone: string;
}

/** The stores the actor works at, in display order. */
export async function counterStores(db: Db, siteId: string, actor: Actor): Promise<StoreChoice[]> {
  authorize(actor, "view");
  return db
    .select({ id: stores.id, name: stores.storeName, nameEn: stores.storeNameEn, timeZone: stores.timeZone })
    .from(stores)
    .where(and(eq(stores.siteId, siteId), inVisibleStores(actor, stores.id)))
    .orderBy(asc(stores.displayOrder), asc(stores.id));
}

async function bookings(db: Db, siteId: string, actor: Actor, where: ReturnType<typeof and>, now: Date) {
  const rows = await fromReservations(
    db,
    and(eq(reservations.siteId, siteId), eq(reservations.status, "confirmed"), visibleReservations(actor), where),
  ).orderBy(asc(reservations.startAt), asc(reservations.id));
  return rows.map(
    (r): BoardBooking => ({
      ...listRow(r),
      carTypeId: r.carTypeId,
      vehicleId: r.vehicleId,
      blockedUntil: r.blockedUntil ?? r.endAt,
      overdue: r.departedAt !== null && r.returnedAt === null && r.endAt < now,
    }),
  );
}

export interface DayAtStore {
  store: StoreChoice;
  departures: BoardBooking[];
  /** Due back this day (returned or not), and every overdue one from before. */
  returns: BoardBooking[];
}

/** Departures and returns of `date` at each store the actor works at (or one), overdue returns included. */
export async function dayAtStores(
  db: Db,
  siteId: string,
  actor: Actor,
  input: { date: string; storeId: number | null },
  now: Date,
): Promise<DayAtStore[]> {
  const all = await counterStores(db, siteId, actor);
  const chosen = input.storeId === null ? all : all.filter((s) => s.id === input.storeId);
  return Promise.all(
    chosen.map(async (store) => {
      const from = zonedInstant(input.date, "00:00", store.timeZone);
      const until = zonedInstant(addDays(input.date, 1), "00:00", store.timeZone);
      const atStore = eq(reservations.storeId, store.id);
      const [departures, returns] = await Promise.all([
        bookings(
          db,
          siteId,
          actor,
          and(atStore, gte(reservations.startAt, from), lt(reservations.startAt, until)),
          now,
        ),
        bookings(
          db,
          siteId,
          actor,
          and(
            atStore,
            or(
              and(gte(reservations.endAt, from), lt(reservations.endAt, until)),
              and(isNotNull(reservations.departedAt), isNull(reservations.returnedAt), lt(reservations.endAt, from)),
            ),
          ),
          now,
        ),
      ]);
      return { store, departures, returns: returns.sort((a, b) => a.endAt.getTime() - b.endAt.getTime()) };
    }),
  );
}

export interface DispatchVehicle {
  id: number;
  registrationNumber: string;
  carTypeId: number;
  carTypeName: string;
  carTypeNameEn: string | null;
  inService: boolean;
}

export interface DispatchBoard {
  store: StoreChoice;
  from: Date;
  until: Date;
  vehicles: DispatchVehicle[];
  bookings: BoardBooking[];
}

/** A store's cars and the bookings that hold a car between `date` and `days` later. */
export async function dispatchBoard(
  db: Db,
  siteId: string,
  actor: Actor,
  input: { storeId: number; date: string; days: number },
  now: Date,
): Promise<DispatchBoard | null> {
  const store = (await counterStores(db, siteId, actor)).find((s) => s.id === input.storeId);
  if (!store) return null;
  const from = zonedInstant(input.date, "00:00", store.timeZone);
  const until = zonedInstant(addDays(input.date, input.days), "00:00", store.timeZone);
  const [fleet, booked] = await Promise.all([
    db
      .select({
        id: vehicles.id,
        registrationNumber: vehicles.registrationNumber,
        carTypeId: vehicles.carTypeId,
        carTypeName: carTypes.typeName,
        carTypeNameEn: carTypes.typeNameEn,
        inService: vehicles.inService,
      })
      .from(vehicles)
      .innerJoin(carTypes, and(eq(carTypes.siteId, vehicles.siteId), eq(carTypes.id, vehicles.carTypeId)))
      .where(and(eq(vehicles.siteId, siteId), eq(vehicles.storeId, store.id)))
      .orderBy(asc(carTypes.displayOrder), asc(carTypes.id), asc(vehicles.registrationNumber)),
    bookings(
      db,
      siteId,
      actor,
      and(
        eq(reservations.storeId, store.id),
        lt(reservations.startAt, until),
        gt(sql`coalesce(${reservations.blockedUntil}, ${reservations.endAt})`, from),
      ),
      now,
    ),
  ]);
  return { store, from, until, vehicles: fleet, bookings: booked };
}
