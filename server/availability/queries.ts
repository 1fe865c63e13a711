import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { HOLDS_A_CAR_SQL } from "#server/reservations/status";
import type { Hold } from "./occupancy";

/**
 * Active reservations of a store whose hold on a car overlaps [from, to). A booking holds its car
 * until `blocked_until`: its return plus the store's turnaround (drizzle/0014_counter.sql). The
 * predicate matches the partial GiST index `reservations_active_period` (store, period, car type;
 * drizzle/0027), so the cost follows the overlapping rows, not the history.
 */
export async function loadHolds(
  db: Db,
  siteId: string,
  storeId: number,
  from: Date,
  to: Date,
  carTypeId?: number,
  /** A booking being changed: it does not stand in its own way. */
  excludeReservationId?: number,
): Promise<Hold[]> {
  const typeFilter = carTypeId === undefined ? sql`` : sql` and car_type_id = ${carTypeId}`;
  const selfFilter = excludeReservationId === undefined ? sql`` : sql` and id <> ${excludeReservationId}`;
  const result = await db.execute(sql`
    select car_type_id,
           floor(extract(epoch from start_at) * 1000)::float8 as start_ms,
           floor(extract(epoch from blocked_until) * 1000)::float8 as end_ms
      from reservations
     where site_id = ${siteId}
       and store_id = ${storeId}${typeFilter}${selfFilter}
       and ${sql.raw(HOLDS_A_CAR_SQL)}
       and tstzrange(start_at, blocked_until, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`);
  // Both drivers answer { rows } and read float8 as a number: instants come as epoch milliseconds,
  // which a busy store's hundreds of rows read far more cheaply than timestamptz text into Dates.
  const { rows } = result as unknown as { rows: { car_type_id: number; start_ms: number; end_ms: number }[] };
  return rows.map((r) => ({ carTypeId: Number(r.car_type_id), start: Number(r.start_ms), end: Number(r.end_ms) }));
}
