import { and, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { reservations } from "#server/db/schema";
import { notFoundError } from "#server/errors";
import type { Actor } from "#server/staff/permissions";

/**
 * The reservations a program with an API key reads, changes and cancels (issue 42). A key acts for
 * the rental company, on all its stores: the counter's functions (change, cancellation) take it as
 * an actor with a manager's rights on bookings and no staff account, named after the key in the
 * audit log. Held card payments and lapsed holds are not bookings and are never shown.
 */

export type ApiReservation = typeof reservations.$inferSelect;

/** The counter's actor for a key: a manager's rights, no staff account, the key's name in the log. */
export const apiKeyActor = (key: { keyId: number; name: string }): Actor => ({
  id: 0,
  email: "",
  role: "manager",
  storeIds: [],
  staffId: null,
  name: `API key ${key.keyId} (${key.name})`,
});

const onTheBooks = inArray(reservations.status, ["confirmed", "cancelled"]);

/** A booking by its number, or 404. */
export async function apiReservation(db: Db, siteId: string, reserveNo: string): Promise<ApiReservation> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.reserveNo, reserveNo), onTheBooks));
  if (!row) throw notFoundError();
  return row;
}

export interface ApiReservationFilter {
  status?: "confirmed" | "cancelled";
  storeId?: number;
  /** Departures at or after this instant. */
  from?: Date;
  /** Departures before this instant. */
  to?: Date;
  channel?: "web" | "counter" | "api";
  /** The last id of the previous page: the next page has smaller ids (newest first). */
  afterId?: number;
  limit: number;
}

/** One page of bookings, newest first, and whether another follows (keyset on the id: stable while bookings come in). */
export async function listApiReservations(
  db: Db,
  siteId: string,
  filter: ApiReservationFilter,
): Promise<{ rows: ApiReservation[]; more: boolean }> {
  const conditions: (SQL | undefined)[] = [
    eq(reservations.siteId, siteId),
    filter.status ? eq(reservations.status, filter.status) : onTheBooks,
    filter.storeId !== undefined ? eq(reservations.storeId, filter.storeId) : undefined,
    filter.from ? gte(reservations.startAt, filter.from) : undefined,
    filter.to ? lt(reservations.startAt, filter.to) : undefined,
    filter.channel ? eq(reservations.channel, filter.channel) : undefined,
    filter.afterId !== undefined ? lt(reservations.id, filter.afterId) : undefined,
  ];
  const rows = await db
    .select()
    .from(reservations)
    .where(and(...conditions))
    .orderBy(desc(reservations.id))
    .limit(filter.limit + 1);
  return { rows: rows.slice(0, filter.limit), more: rows.length > filter.limit };
}
