import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client";
import { carClasses, carTypes, reservations, stores } from "#server/db/schema";
import { shownToMember } from "#server/reservations/status";

/** Where a reservation stands for its member (spec §4: cancelled reservations show as such). */
export type ReservationStatus = "upcoming" | "in_progress" | "returned" | "cancelled";

/**
 * What the counter recorded decides (issue 24): in use from the departure, returned from the return.
 * Before the store records anything (a store that does not use the counter), the booked times do.
 */
export function reservationStatus(
  r: { status: string; startAt: Date; endAt: Date; departedAt?: Date | null; returnedAt?: Date | null },
  now: Date,
): ReservationStatus {
  if (r.status === "cancelled") return "cancelled";
  if (r.returnedAt) return "returned";
  if (r.departedAt) return "in_progress";
  if (now < r.startAt) return "upcoming";
  if (now < r.endAt) return "in_progress";
  return "returned";
}

const returnStores = alias(stores, "return_stores");

/** What My Page shows of a reservation; names in every language, the presenter picks one. */
function memberReservationQuery(db: Db, siteId: string, memberId: number) {
  return db
    .select({
      reservation: reservations,
      store: {
        storeName: stores.storeName,
        storeNameEn: stores.storeNameEn,
        storeNameTw: stores.storeNameTw,
        storeNameKr: stores.storeNameKr,
        tel: stores.tel,
        timeZone: stores.timeZone,
      },
      returnStore: {
        storeName: returnStores.storeName,
        storeNameEn: returnStores.storeNameEn,
        storeNameTw: returnStores.storeNameTw,
        storeNameKr: returnStores.storeNameKr,
      },
      carType: {
        typeName: carTypes.typeName,
        typeNameEn: carTypes.typeNameEn,
        typeNameTw: carTypes.typeNameTw,
        typeNameKr: carTypes.typeNameKr,
      },
      carClass: {
        className: carClasses.className,
        classNameEn: carClasses.classNameEn,
        classNameTw: carClasses.classNameTw,
        classNameKr: carClasses.classNameKr,
      },
    })
    .from(reservations)
    .innerJoin(stores, and(eq(stores.siteId, reservations.siteId), eq(stores.id, reservations.storeId)))
    .leftJoin(
      returnStores,
      and(eq(returnStores.siteId, reservations.siteId), eq(returnStores.id, reservations.returnStoreId)),
    )
    .innerJoin(carTypes, and(eq(carTypes.siteId, reservations.siteId), eq(carTypes.id, reservations.carTypeId)))
    .innerJoin(carClasses, and(eq(carClasses.siteId, carTypes.siteId), eq(carClasses.id, carTypes.classId)))
    .where(and(eq(reservations.siteId, siteId), eq(reservations.memberId, memberId), shownToMember))
    .$dynamic();
}

export type MemberReservation = Awaited<ReturnType<typeof listMemberReservations>>[number];

/**
 * A member's reservations: the coming ones first (soonest first), then the rest (latest first).
 * Only this member's, on this site.
 */
export async function listMemberReservations(db: Db, siteId: string, memberId: number, now = new Date()) {
  return memberReservationQuery(db, siteId, memberId).orderBy(
    sql`case when ${reservations.endAt} > ${now} and ${reservations.status} <> 'cancelled' then 0 else 1 end`,
    sql`case when ${reservations.endAt} > ${now} and ${reservations.status} <> 'cancelled' then ${reservations.startAt} end asc`,
    desc(reservations.startAt),
    asc(reservations.id),
  );
}

/** One of the member's reservations, or null when it is not theirs (another member's, another site's). */
export async function getMemberReservation(db: Db, siteId: string, memberId: number, reservationId: number) {
  const [row] = await memberReservationQuery(db, siteId, memberId).where(
    and(eq(reservations.siteId, siteId), eq(reservations.memberId, memberId), eq(reservations.id, reservationId)),
  );
  return row ?? null;
}
