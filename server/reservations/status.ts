import { sql } from "drizzle-orm";
import { reservations } from "#server/db/schema";

/**
 * A reservation that holds a car: confirmed, or held and not yet lapsed. The same rule as the
 * capacity trigger (drizzle/0009_booking_guard.sql) and the partial index on active periods.
 */
export const holdsACar = sql`(${reservations.status} in ('held', 'confirmed') and (${reservations.status} = 'confirmed' or ${reservations.holdExpiresAt} > now()))`;

/** The same rule for hand-written SQL over `reservations` (matches the partial index's predicate). */
export const HOLDS_A_CAR_SQL = "status in ('held', 'confirmed') and (status = 'confirmed' or hold_expires_at > now())";

/** What a member sees as their reservations: booked ones and those the store cancelled (not lapsed holds). */
export const shownToMember = sql`${reservations.status} in ('confirmed', 'cancelled')`;
