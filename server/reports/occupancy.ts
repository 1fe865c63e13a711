import { and, asc, eq, gt, lt } from "drizzle-orm";
import { addDays, zonedInstant } from "#common/calendar-date";
import type { Db } from "#server/db/client";
import { carClasses, carTypes, reservations, stores, vehicles } from "#server/db/schema";
import { type Actor, authorize } from "#server/staff/permissions";
import type { ReportPeriod } from "./report.schema";

/**
 * Occupancy (稼働率) per store and car class: rented vehicle-hours over available vehicle-hours.
 * - Available: each car in service at the store whose type is of the class, for every hour of the
 *   period (the site's days `from` 00:00 to the day after `to` 00:00).
 * - Rented: each confirmed booking picked up at the store for a type of the class, for the hours of
 *   its rental that fall inside the period. Cancelled, lapsed and still-held bookings rent nothing.
 * A rate above 100% means more was booked than the cars in service could carry (a car taken out of
 * service after its bookings were made).
 */
export interface OccupancyRow {
  storeId: number;
  storeName: string;
  storeNameEn: string | null;
  classId: number;
  className: string;
  classNameEn: string | null;
  vehicles: number;
  availableHours: number;
  rentedHours: number;
  /** Rented over available, 0–1 (or above, see above); null when no car was available. */
  rate: number | null;
}

const HOUR = 3_600_000;

/** The period's bounds as instants in the site's time zone. */
export function periodBounds(period: ReportPeriod): { start: Date; end: Date } {
  return {
    start: zonedInstant(period.from, "00:00", period.timeZone),
    end: zonedInstant(addDays(period.to, 1), "00:00", period.timeZone),
  };
}

export async function occupancyReport(
  db: Db,
  siteId: string,
  actor: Actor,
  period: ReportPeriod,
): Promise<OccupancyRow[]> {
  authorize(actor, "reports.read");
  const { start, end } = periodBounds(period);
  const storeFilter = (column: typeof stores.id | typeof vehicles.storeId | typeof reservations.storeId) =>
    period.storeId === null ? undefined : eq(column, period.storeId);
  const [fleet, booked, storeRows, classRows] = await Promise.all([
    db
      .select({ storeId: vehicles.storeId, classId: carTypes.classId })
      .from(vehicles)
      .innerJoin(carTypes, and(eq(carTypes.siteId, vehicles.siteId), eq(carTypes.id, vehicles.carTypeId)))
      .where(and(eq(vehicles.siteId, siteId), eq(vehicles.inService, true), storeFilter(vehicles.storeId))),
    db
      .select({
        storeId: reservations.storeId,
        classId: carTypes.classId,
        startAt: reservations.startAt,
        endAt: reservations.endAt,
      })
      .from(reservations)
      .innerJoin(carTypes, and(eq(carTypes.siteId, reservations.siteId), eq(carTypes.id, reservations.carTypeId)))
      .where(
        and(
          eq(reservations.siteId, siteId),
          eq(reservations.status, "confirmed"),
          lt(reservations.startAt, end),
          gt(reservations.endAt, start),
          storeFilter(reservations.storeId),
        ),
      ),
    db
      .select({ id: stores.id, name: stores.storeName, nameEn: stores.storeNameEn })
      .from(stores)
      .where(and(eq(stores.siteId, siteId), storeFilter(stores.id)))
      .orderBy(asc(stores.displayOrder), asc(stores.id)),
    db
      .select({ id: carClasses.id, name: carClasses.className, nameEn: carClasses.classNameEn })
      .from(carClasses)
      .where(eq(carClasses.siteId, siteId))
      .orderBy(asc(carClasses.displayOrder), asc(carClasses.id)),
  ]);
  const periodHours = (end.getTime() - start.getTime()) / HOUR;
  const key = (storeId: number, classId: number) => `${storeId}:${classId}`;
  const cars = new Map<string, number>();
  for (const v of fleet) cars.set(key(v.storeId, v.classId), (cars.get(key(v.storeId, v.classId)) ?? 0) + 1);
  const rented = new Map<string, number>();
  for (const r of booked) {
    const from = Math.max(r.startAt.getTime(), start.getTime());
    const until = Math.min(r.endAt.getTime(), end.getTime());
    const k = key(r.storeId, r.classId);
    rented.set(k, (rented.get(k) ?? 0) + (until - from) / HOUR);
  }
  const rows: OccupancyRow[] = [];
  for (const s of storeRows) {
    for (const c of classRows) {
      const k = key(s.id, c.id);
      const count = cars.get(k) ?? 0;
      const rentedHours = round2(rented.get(k) ?? 0);
      // A class the store neither has cars of nor rented says nothing: left out.
      if (!count && !rentedHours) continue;
      const availableHours = count * periodHours;
      rows.push({
        storeId: s.id,
        storeName: s.name,
        storeNameEn: s.nameEn,
        classId: c.id,
        className: c.name,
        classNameEn: c.nameEn,
        vehicles: count,
        availableHours,
        rentedHours,
        rate: availableHours ? rentedHours / availableHours : null,
      });
    }
  }
  return rows;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
