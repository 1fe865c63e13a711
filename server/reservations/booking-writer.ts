import { randomInt, randomUUID } from "node:crypto";
import { and, eq, getTableColumns, is, SQL, sql } from "drizzle-orm";
import { localDate } from "#common/calendar-date";
import type { Locale } from "#common/locales";
import type { Db } from "#server/db/client";
import { driverImages, drivers, idempotencyKeys, type ReservationPerson, reservations } from "#server/db/schema";
import type { MailMessage } from "#server/mail/message";
import type { DbOrTx } from "#server/mail/outbox";
import { reservationSearchText } from "#server/search/search-text";
import { reservationPayload, webhookEventCtes } from "#server/webhooks/events";
import { type BookingDeps, type BookingMailComposer, type Reservation, type SubmitAnswer, sqlError } from "./booking";
import { type Key, KeyTaken } from "./idempotency";
import type { ReserveSession } from "./reserve-session";

/*
 * How a booking is written (decisions 042, 053, 056): everything it writes is decided before it is
 * written, the ids taken from their sequences and the row known as it will read back, so that the
 * whole booking is one statement, its own transaction: one round trip on PostgreSQL, one call on the
 * embedded database, where a transaction holds everyone else. submit.ts decides what to book; this
 * module writes it, and reads beforehand what the statement needs known: a saved driver's details,
 * a new driver's id.
 */

/**
 * The booking's driver, decided before its transaction: the borrower, the member's saved driver, or
 * one entered now, whose row (and images) the booking's statement adds under an id taken now.
 */
export type BookingDriver = {
  driverId: number | null;
  snapshot: ReservationPerson;
  /** The inserts of a driver entered now (its row, then its images), run by the booking's statement. */
  inserts?: SQL[];
};

export async function bookingDriver(
  db: Db,
  siteId: string,
  session: ReserveSession,
  memberId: number | null,
): Promise<BookingDriver | null> {
  const choice = session.driver;
  const borrower = session.borrower as ReservationPerson;
  if (!choice || choice.mode === "same") return { driverId: null, snapshot: borrower };
  if (choice.mode === "saved") {
    if (memberId === null) return null;
    const [saved] = await db
      .select()
      .from(drivers)
      .where(and(eq(drivers.siteId, siteId), eq(drivers.memberId, memberId), eq(drivers.id, choice.driverId)));
    if (!saved) return null;
    return {
      driverId: saved.id,
      snapshot: {
        name: saved.name,
        kana: saved.kana,
        tel: saved.tel,
        zip: saved.zip,
        prefCode: saved.prefCode,
        country: saved.country,
        addressA: saved.addressA,
        addressB: saved.addressB,
        birthdate: saved.birthdate,
        licenseNumber: saved.licenseNumber,
        licenseTypes: saved.licenseTypes,
      },
    };
  }
  const person = choice.person as ReservationPerson;
  const driverId = await nextId(db, "drivers_id_seq");
  const inserts = [
    db
      .insert(drivers)
      .values({
        id: driverId,
        siteId,
        memberId,
        name: person.name,
        kana: person.kana ?? "",
        birthdate: person.birthdate ?? null,
        tel: person.tel ?? "",
        zip: person.zip ?? "",
        country: typeof choice.person.country === "string" ? choice.person.country : "",
        prefCode: person.prefCode ?? null,
        addressA: person.addressA ?? "",
        addressB: person.addressB ?? "",
        licenseTypes: choice.licenseTypes,
        licenseNumber: person.licenseNumber ?? "",
        licenseAcquisitionDate: choice.licenseAcquisitionDate,
        licenseExpirationDate: choice.licenseExpirationDate,
      })
      .getSQL(),
  ];
  if (choice.images.length) {
    inserts.push(
      db
        .insert(driverImages)
        .values(
          choice.images.map((image, i) => ({
            siteId,
            driverId,
            slot: i + 1,
            blobKey: image.key,
            contentType: image.contentType,
            byteSize: image.size,
          })),
        )
        .getSQL(),
    );
  }
  // The snapshot keeps the licence types: the mails and the completion page say what to bring by them.
  return { driverId, snapshot: { ...person, licenseTypes: choice.licenseTypes }, inserts };
}

/** A new row's id, taken from its table's sequence before the row is written. */
async function nextId(db: Db, sequence: "reservations_id_seq" | "drivers_id_seq"): Promise<number> {
  const result = (await db.execute(sql`select nextval(${sequence}::regclass)::int as id`)) as unknown as {
    rows: { id: number }[];
  };
  const id = result.rows[0]?.id;
  if (typeof id !== "number") throw new Error(`no id from ${sequence}`);
  return id;
}

/** A booking's mails, composed before it is written, as the outbox takes them. */
function bookingMails(reservation: Reservation, mails: ReturnType<BookingMailComposer>): MailMessage[] {
  const locale = reservation.locale as Locale;
  return [
    ...(mails.borrower
      ? [{ ...mails.borrower, locale, kind: "reservation_confirmed" as const, reservationId: reservation.id }]
      : []),
    ...(mails.store
      ? [{ ...mails.store, locale: "ja" as const, kind: "store_notification" as const, reservationId: reservation.id }]
      : []),
  ];
}

/** Queues a booking's mails in the caller's transaction (a card booking's, once paid). */
export async function sendBookingMails(
  tx: DbOrTx,
  siteId: string,
  reservation: Reservation,
  mails: ReturnType<BookingMailComposer>,
  deps: BookingDeps,
) {
  await deps.mailer.sendAll(tx, siteId, bookingMails(reservation, mails));
}

export type Booked =
  | { kind: "answered"; answer: SubmitAnswer }
  | { kind: "awaiting_payment"; reservation: Reservation };

type ReservationInsert = typeof reservations.$inferInsert & { id: number; reserveNo: string };

/**
 * The row an insert of `values` writes, as it will read back, before it is written: a column left
 * out takes its default. A default the database computes must be given instead; `blocked_until`,
 * which a trigger keeps, stays null here (neither the mails nor the event read it).
 */
function asInserted(values: ReservationInsert): Reservation {
  const row: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(getTableColumns(reservations))) {
    const given = (values as Record<string, unknown>)[name];
    if (given !== undefined) row[name] = given;
    else if (is(column.default, SQL)) throw new Error(`reservations.${name}: its default is computed by the database`);
    else row[name] = column.default ?? null;
  }
  return row as Reservation;
}

/** A second insert of one key: another request with it wrote its booking first. */
const KEY_TAKEN = "idempotency_keys_site_id_key_pk";

/** A reservation number another booking of the site has. */
const NUMBER_TAKEN = "reservations_site_reserve_no";

/**
 * Writes the booking in one statement, so in one round trip and its own transaction (decision 056):
 * the driver entered now, the reservation, (unless a card pays first) its mails composed beforehand
 * and its event, and the key with the answer, each a common table expression. The capacity guard's
 * fleet lock is then held from the reservation's row to the commit inside the database, never across
 * a round trip to a busy app process. Null when the reservation number is taken; nothing is then written.
 */
async function writeOnce(
  db: Db,
  siteId: string,
  values: ReservationInsert,
  compose: BookingMailComposer | null,
  driver: BookingDriver,
  key: Key,
  deps: BookingDeps,
): Promise<Booked | null> {
  const expected = asInserted(values);
  const composed = compose?.(expected) ?? null;
  const answer: SubmitAnswer | null = composed
    ? { outcome: "completed", reservationId: values.id, reserveNo: values.reserveNo }
    : null;
  const messages = composed ? bookingMails(expected, composed) : [];
  const mails = messages.length ? deps.mailer.inserting(db, siteId, messages) : null;
  const ctes: SQL[] = [
    ...(driver.inserts ?? []).map((insert, i) => sql`booking_driver_${sql.raw(String(i))} as (${insert})`),
    // Its row is `expected`: nothing needs to come back.
    sql`booking as (${db.insert(reservations).values(values).getSQL()})`,
    ...(mails ? [sql`booking_mails as (${mails.insert})`] : []),
    // With the key: a retry with the same key replays the answer and records nothing (decision 034).
    ...(composed
      ? [webhookEventCtes(siteId, "reservation.created", { reservation: reservationPayload(expected) })]
      : []),
    sql`booking_key as (${db
      .insert(idempotencyKeys)
      .values({ ...key, response: answer, reservationId: values.id })
      .getSQL()})`,
  ];
  const mailIds = mails ? sql`array(select id from booking_mails order by id)` : sql`null`;
  try {
    const result = await db.execute(sql`with ${sql.join(ctes, sql`, `)} select ${mailIds} as mail_ids`);
    // Both drivers answer { rows }.
    const { rows } = result as unknown as { rows: { mail_ids: number[] | null }[] };
    mails?.queued(rows[0]?.mail_ids ?? []);
    return answer ? { kind: "answered", answer } : { kind: "awaiting_payment", reservation: expected };
  } catch (error) {
    const { code, constraint } = sqlError(error);
    if (code === "23505" && constraint === NUMBER_TAKEN) return null;
    if (code === "23505" && constraint === KEY_TAKEN) throw new KeyTaken();
    throw error;
  }
}

/** Human-friendly and unique per site: the booking date and four letters, e.g. 261122-K7QM. */
const NO_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** Where the letters come from: a test forces a number already taken through it. */
export const reserveNoRandom = { int: (max: number) => randomInt(max) };

export function newReserveNo(now: Date, timeZone: string): string {
  const day = localDate(now, timeZone).replaceAll("-", "").slice(2);
  let tail = "";
  for (let i = 0; i < 4; i++) tail += NO_ALPHABET[reserveNoRandom.int(NO_ALPHABET.length)];
  return `${day}-${tail}`;
}

/** The reservation as submit.ts decides it; its id, number, search column, time and link secret are the writer's. */
export type BookingValues = Omit<ReservationInsert, "id" | "reserveNo" | "searchText" | "createdAt" | "linkSecret"> & {
  borrower: ReservationPerson;
  driver: ReservationPerson;
};

export interface BookingToWrite {
  values: BookingValues;
  now: Date;
  /** The store's, for the reservation number's date. */
  timeZone: string;
  /** The mails written with the booking; null while a card payment holds it (they come when it is paid). */
  compose: BookingMailComposer | null;
  driver: BookingDriver;
  key: Key;
}

/**
 * Writes a booking with its key: the booked answer, or the held reservation awaiting its card
 * payment. Throws `KeyTaken` when another request with the key wrote first, and the capacity
 * trigger's refusal (`isFullyBooked`) with nothing written, a driver entered now included.
 */
export async function writeBooking(
  db: Db,
  siteId: string,
  booking: BookingToWrite,
  deps: BookingDeps,
): Promise<Booked> {
  const values = {
    ...booking.values,
    id: await nextId(db, "reservations_id_seq"),
    createdAt: booking.now,
    linkSecret: randomUUID(),
  };
  // A reservation number already taken on this site rolls the attempt back; the next tries another.
  for (let attempt = 0; attempt < 5; attempt++) {
    const reserveNo = newReserveNo(booking.now, booking.timeZone);
    // The number is part of what staff search by: the search column is written with it (decision 051).
    const searchText = reservationSearchText(reserveNo, values.borrower, values.driver);
    const numbered = { ...values, reserveNo, searchText };
    const booked = await writeOnce(db, siteId, numbered, booking.compose, booking.driver, booking.key, deps);
    if (booked) return booked;
  }
  throw new Error("no free reservation number after 5 attempts");
}
