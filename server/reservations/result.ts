import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { reservations } from "#server/db/schema";

/**
 * What the completion page shows of a booking (spec §3 reservation result: reserve number, the
 * address the confirmation went to, the store): only a confirmed reservation of this site.
 */
export async function reservationResult(db: Db, siteId: string, reservationId: number) {
  const [row] = await db
    .select({
      id: reservations.id,
      reserveNo: reservations.reserveNo,
      storeId: reservations.storeId,
      returnStoreId: reservations.returnStoreId,
      startAt: reservations.startAt,
      endAt: reservations.endAt,
      totalFee: reservations.totalFee,
      payMethod: reservations.payMethod,
      borrower: reservations.borrower,
      // The booking's facts (issue 40): passengers, damage waiver, the driver's licence types.
      carTypeId: reservations.carTypeId,
      passengers: reservations.passengers,
      immunityFee: reservations.immunityFee,
      driver: reservations.driver,
      options: reservations.options,
      memberId: reservations.memberId,
      createdAt: reservations.createdAt,
      // Signs the guest's cancellation link the completion page offers, as the mail does; never sent to the browser.
      linkSecret: reservations.linkSecret,
    })
    .from(reservations)
    .where(
      and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId), eq(reservations.status, "confirmed")),
    );
  return row ?? null;
}
