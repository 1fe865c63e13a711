import { and, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { RentalStage } from "#common/counter";
import { reservations } from "#server/db/schema";

/**
 * Where a booking stands at the counter (issue 24): cancelled, returned once its return is recorded,
 * in use once its departure is, booked before that. Held card payments and lapsed holds are not
 * bookings (the counter never shows them).
 */
export function rentalStage(r: { status: string; departedAt: Date | null; returnedAt: Date | null }): RentalStage {
  if (r.status === "cancelled") return "cancelled";
  if (r.returnedAt) return "returned";
  if (r.departedAt) return "in_use";
  return "booked";
}

/** The bookings the counter lists: confirmed ones and those cancelled, never a hold. */
export const onTheBooks = inArray(reservations.status, ["confirmed", "cancelled"]);

/** The SQL condition of a stage, for filters. */
export function stageCondition(stage: RentalStage): SQL | undefined {
  switch (stage) {
    case "cancelled":
      return eq(reservations.status, "cancelled");
    case "returned":
      return and(eq(reservations.status, "confirmed"), isNotNull(reservations.returnedAt));
    case "in_use":
      return and(
        eq(reservations.status, "confirmed"),
        isNotNull(reservations.departedAt),
        isNull(reservations.returnedAt),
      );
    default:
      return and(eq(reservations.status, "confirmed"), isNull(reservations.departedAt));
  }
}
