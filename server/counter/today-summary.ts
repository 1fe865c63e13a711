import { and, count, eq, inArray, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import { zonedInstant } from "#common/calendar-date";
import type { Db } from "#server/db/client";
import { reservations, vehicles } from "#server/db/schema";
import type { Actor } from "#server/staff/permissions";
import { type DayAtStore, dayAtStores, type StoreChoice } from "./boards";

/**
 * The back office's home (issue 41): the day's work at each store the staff member works at, as
 * numbers, each one the size of the list it links to.
 */
export interface StoreToday {
  store: StoreChoice;
  /** Bookings leaving this day (handed over or not). */
  departures: number;
  /** Bookings due back this day (returned or not). */
  returns: number;
  /** Out although their return time has passed (this day's and any day's before). */
  overdue: number;
  /** This day's departures not handed over and with no car given yet. */
  noCar: number;
  /** Cars handed over and not back yet. */
  out: number;
  /** Cars in service at the store that are not out. */
  available: number;
}

const inUse = and(
  eq(reservations.status, "confirmed"),
  isNotNull(reservations.departedAt),
  isNull(reservations.returnedAt),
);

function dayCounts(day: DayAtStore, from: Date) {
  return {
    departures: day.departures.length,
    returns: day.returns.filter((b) => b.endAt >= from).length,
    overdue: day.returns.filter((b) => b.overdue).length,
    noCar: day.departures.filter((b) => b.vehicleId === null && b.stage === "booked").length,
  };
}

/** Today's numbers at each store the actor works at, `date` being today in the site's time zone. */
export async function todayAtStores(
  db: Db,
  siteId: string,
  actor: Actor,
  date: string,
  now: Date,
): Promise<StoreToday[]> {
  const days = await dayAtStores(db, siteId, actor, { date, storeId: null }, now);
  const storeIds = days.map((d) => d.store.id);
  if (!storeIds.length) return [];
  const carOut = db
    .select({ one: sql`1` })
    .from(reservations)
    .where(and(eq(reservations.siteId, vehicles.siteId), eq(reservations.vehicleId, vehicles.id), inUse));
  const [out, available] = await Promise.all([
    db
      .select({ storeId: reservations.storeId, n: count() })
      .from(reservations)
      .where(and(eq(reservations.siteId, siteId), inArray(reservations.storeId, storeIds), inUse))
      .groupBy(reservations.storeId),
    db
      .select({ storeId: vehicles.storeId, n: count() })
      .from(vehicles)
      .where(
        and(
          eq(vehicles.siteId, siteId),
          inArray(vehicles.storeId, storeIds),
          eq(vehicles.inService, true),
          notExists(carOut),
        ),
      )
      .groupBy(vehicles.storeId),
  ]);
  const byStore = (rows: { storeId: number | null; n: number }[], id: number) =>
    rows.find((r) => r.storeId === id)?.n ?? 0;
  return days.map((day) => ({
    store: day.store,
    ...dayCounts(day, zonedInstant(date, "00:00", day.store.timeZone)),
    out: byStore(out, day.store.id),
    available: byStore(available, day.store.id),
  }));
}
