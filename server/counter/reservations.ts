import { and, asc, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { addDays, zonedInstant } from "#common/calendar-date";
import type { RentalStage } from "#common/counter";
import type { AuditRow } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import {
  auditLog,
  carClasses,
  carTypes,
  mailOutbox,
  members,
  reservationPayments,
  reservations,
  staff,
  stores,
  vehicles,
} from "#server/db/schema";
import { notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { matchesSearchText } from "#server/search/search-sql";
import { type Actor, authorize, inVisibleStores } from "#server/staff/permissions";
import { RESERVATION_PAGE_SIZE, type ReservationFilter } from "./counter.schema";
import { onTheBooks, rentalStage, stageCondition } from "./stage";

/**
 * The reservations of the back office (issue 24): found by number, name, phone, e-mail, dates, store
 * and stage; each one whole, with its payments, mails and audit trail. Store staff see their stores' only.
 */
export type ReservationRecord = typeof reservations.$inferSelect;

export interface ReservationListRow {
  id: number;
  reserveNo: string;
  stage: RentalStage;
  storeId: number;
  storeName: string;
  storeNameEn?: string | null;
  timeZone: string;
  carTypeName: string;
  carTypeNameEn?: string | null;
  vehicle: string | null;
  borrowerName: string;
  borrowerTel: string;
  startAt: Date;
  endAt: Date;
  totalFee: number;
  payMethod: number;
  paymentStatus: string | null;
}

/** Only the stores the actor may see (store staff: theirs). */
export function visibleReservations(actor: Actor): SQL | undefined {
  return inVisibleStores(actor, reservations.storeId);
}

/** A number, a name or its reading however spelled, an e-mail, or a phone number however written (decision 051). */
const matchesQuery = (q: string): SQL | undefined => matchesSearchText(reservations.searchText, q);

/** What a list row reads, and the boards' bars (their car type, car and blocked time) too. */
const listColumns = {
  id: reservations.id,
  reserveNo: reservations.reserveNo,
  status: reservations.status,
  departedAt: reservations.departedAt,
  returnedAt: reservations.returnedAt,
  storeId: reservations.storeId,
  storeName: stores.storeName,
  storeNameEn: stores.storeNameEn,
  timeZone: stores.timeZone,
  carTypeName: carTypes.typeName,
  carTypeNameEn: carTypes.typeNameEn,
  carTypeId: reservations.carTypeId,
  vehicleId: reservations.vehicleId,
  vehicle: vehicles.registrationNumber,
  borrower: reservations.borrower,
  startAt: reservations.startAt,
  endAt: reservations.endAt,
  blockedUntil: reservations.blockedUntil,
  totalFee: reservations.totalFee,
  payMethod: reservations.payMethod,
  paymentStatus: reservations.paymentStatus,
};

export function listRow(r: Awaited<ReturnType<typeof fromReservations>>[number]): ReservationListRow {
  return {
    id: r.id,
    reserveNo: r.reserveNo,
    stage: rentalStage(r),
    storeId: r.storeId,
    storeName: r.storeName,
    storeNameEn: r.storeNameEn,
    timeZone: r.timeZone,
    carTypeName: r.carTypeName,
    carTypeNameEn: r.carTypeNameEn,
    vehicle: r.vehicle,
    borrowerName: r.borrower?.company ? `${r.borrower.company} ${r.borrower.name}` : (r.borrower?.name ?? ""),
    borrowerTel: r.borrower?.tel ?? "",
    startAt: r.startAt,
    endAt: r.endAt,
    totalFee: r.totalFee,
    payMethod: r.payMethod,
    paymentStatus: r.paymentStatus,
  };
}

/** The joins every list of reservations needs: the store, the car type and the car given, if any. */
/** Reservations with their store, car type and car (if any). */
export function fromReservations(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(reservations)
    .innerJoin(stores, and(eq(stores.siteId, reservations.siteId), eq(stores.id, reservations.storeId)))
    .innerJoin(carTypes, and(eq(carTypes.siteId, reservations.siteId), eq(carTypes.id, reservations.carTypeId)))
    .leftJoin(vehicles, and(eq(vehicles.siteId, reservations.siteId), eq(vehicles.id, reservations.vehicleId)))
    .where(where);
}

/** Departures between two store dates (inclusive), read in the site's main time zone. */
function departing(from: string | null, to: string | null, timeZone: string): SQL | undefined {
  return and(
    from ? gte(reservations.startAt, zonedInstant(from, "00:00", timeZone)) : undefined,
    to ? lt(reservations.startAt, zonedInstant(addDays(to, 1), "00:00", timeZone)) : undefined,
  );
}

export function reservationListWhere(siteId: string, actor: Actor, filter: ReservationFilter, timeZone: string) {
  return and(
    eq(reservations.siteId, siteId),
    onTheBooks,
    visibleReservations(actor),
    filter.storeId === null ? undefined : eq(reservations.storeId, filter.storeId),
    filter.stage === null ? undefined : stageCondition(filter.stage),
    departing(filter.from, filter.to, timeZone),
    matchesQuery(filter.q),
  );
}

/** A page of the reservations the filter finds, the next departures first when the dates are open. */
export async function searchReservations(
  db: Db,
  siteId: string,
  actor: Actor,
  filter: ReservationFilter,
  timeZone: string,
): Promise<{ rows: ReservationListRow[]; total: number; page: number; pages: number }> {
  authorize(actor, "view");
  const where = reservationListWhere(siteId, actor, filter, timeZone);
  const [counted] = await db.select({ n: count() }).from(reservations).where(where);
  const total = counted?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / RESERVATION_PAGE_SIZE));
  const page = Math.min(Math.max(1, filter.page), pages);
  const rows = await fromReservations(db, where)
    .orderBy(desc(reservations.startAt), desc(reservations.id))
    .limit(RESERVATION_PAGE_SIZE)
    .offset((page - 1) * RESERVATION_PAGE_SIZE);
  return { rows: rows.map(listRow), total, page, pages };
}

/** Every reservation the filter finds, for the CSV export (departure order). */
export async function exportReservations(
  db: Db,
  siteId: string,
  actor: Actor,
  filter: ReservationFilter,
  timeZone: string,
): Promise<ReservationListRow[]> {
  authorize(actor, "view");
  const rows = await fromReservations(db, reservationListWhere(siteId, actor, filter, timeZone)).orderBy(
    asc(reservations.startAt),
    asc(reservations.id),
  );
  return rows.map(listRow);
}

export interface ReservationDetail {
  reservation: ReservationRecord;
  stage: RentalStage;
  store: { id: number; name: string; timeZone: string; tel: string; turnaroundMinutes: number };
  carType: { id: number; name: string; className: string; classId: number };
  vehicle: { id: number; registrationNumber: string; mileageKm: number } | null;
  member: { id: number; name: string; email: string | null } | null;
  /** The staff member who took a counter booking (their name, else their e-mail). */
  takenBy: { id: number; name: string } | null;
  payments: (typeof reservationPayments.$inferSelect)[];
  mails: { id: number; kind: string; toAddress: string; subject: string; status: string; createdAt: Date }[];
  audit: AuditRow[];
}

/** The booking the actor may see by its number, or a 404 (another site's, or another store's for store staff). */
export async function findReservation(
  db: DbOrTx,
  siteId: string,
  actor: Actor,
  reserveNo: string,
): Promise<ReservationRecord> {
  authorize(actor, "view");
  const [row] = await db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.siteId, siteId),
        eq(reservations.reserveNo, reserveNo),
        onTheBooks,
        visibleReservations(actor),
      ),
    );
  if (!row) throw notFoundError();
  return row;
}

/** Everything about one booking: what the customer entered, its car, payments, mails and audit trail. */
export async function getReservationDetail(
  db: Db,
  siteId: string,
  actor: Actor,
  reserveNo: string,
): Promise<ReservationDetail> {
  const reservation = await findReservation(db, siteId, actor, reserveNo);
  const [[store], [carType], vehicle, member, taker, payments, mails, audit] = await Promise.all([
    db
      .select({
        id: stores.id,
        name: stores.storeName,
        timeZone: stores.timeZone,
        tel: stores.tel,
        turnaroundMinutes: stores.turnaroundMinutes,
      })
      .from(stores)
      .where(and(eq(stores.siteId, siteId), eq(stores.id, reservation.storeId))),
    db
      .select({ id: carTypes.id, name: carTypes.typeName, className: carClasses.className, classId: carTypes.classId })
      .from(carTypes)
      .innerJoin(carClasses, and(eq(carClasses.siteId, carTypes.siteId), eq(carClasses.id, carTypes.classId)))
      .where(and(eq(carTypes.siteId, siteId), eq(carTypes.id, reservation.carTypeId))),
    reservation.vehicleId === null
      ? Promise.resolve([])
      : db
          .select({ id: vehicles.id, registrationNumber: vehicles.registrationNumber, mileageKm: vehicles.mileageKm })
          .from(vehicles)
          .where(and(eq(vehicles.siteId, siteId), eq(vehicles.id, reservation.vehicleId))),
    reservation.memberId === null
      ? Promise.resolve([])
      : db
          .select({ id: members.id, name: members.name, email: members.email })
          .from(members)
          .where(and(eq(members.siteId, siteId), eq(members.id, reservation.memberId))),
    reservation.takenByStaffId === null
      ? Promise.resolve([])
      : db
          .select({ id: staff.id, name: staff.name, email: staff.email })
          .from(staff)
          .where(and(eq(staff.siteId, siteId), eq(staff.id, reservation.takenByStaffId))),
    db
      .select()
      .from(reservationPayments)
      .where(and(eq(reservationPayments.siteId, siteId), eq(reservationPayments.reservationId, reservation.id)))
      .orderBy(asc(reservationPayments.id)),
    db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        toAddress: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.siteId, siteId), eq(mailOutbox.reservationId, reservation.id)))
      .orderBy(asc(mailOutbox.id)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, siteId), eq(auditLog.entity, "reservation"), eq(auditLog.entityId, reserveNo)))
      .orderBy(asc(auditLog.id)),
  ]);
  if (!store || !carType) throw notFoundError();
  return {
    reservation,
    stage: rentalStage(reservation),
    store,
    carType,
    vehicle: vehicle[0] ?? null,
    member: member[0] ?? null,
    takenBy: taker[0] ? { id: taker[0].id, name: taker[0].name || taker[0].email } : null,
    payments,
    mails,
    audit,
  };
}
