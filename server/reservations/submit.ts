import { createHash, randomInt, randomUUID } from "node:crypto";
import { and, eq, getTableColumns, is, SQL, sql } from "drizzle-orm";
import { addDays, localDate } from "../../common/calendar-date";
import type { Locale } from "../../common/locales";
import { longRentalRefusal } from "../../common/long-rental";
import type { Reason } from "../availability/reasons";
import type { Db } from "../db/client";
import { driverImages, drivers, idempotencyKeys, type ReservationPerson, reservations } from "../db/schema";
import { writeTogether } from "../db/write-together";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import type { MailAttachment } from "../mail/message";
import type { DbOrTx } from "../mail/outbox";
import type { CardSource, PaymentGateway } from "../payments/types";
import { reservationSearchText } from "../search/search-text";
import type { SiteBundle } from "../sites/site-bundle";
import { paymentEvent, reservationEvent } from "../webhooks/events";
import { bookingPaymentKey, firstPaymentAttempt, returnFirstPayment, settleFirstPayment } from "./first-payment";
import { feesDiffer, type Quote, quoteReservation } from "./quote";
import type { ReserveSession } from "./reserve-session";

/** Spec §5, §9: advance card payment is refused for a departure this many days ahead or more. */
export const ADVANCE_CARD_LIMIT_DAYS = 50;
/** How long a held car waits for its card payment (3-D Secure included) before it is released. */
export const HOLD_MINUTES = 15;
/** How long a submitted idempotency key answers with its first result. */
export const IDEMPOTENCY_HOURS = 24;

export const PAY_METHOD = { advanceCard: 1, cash: 2, cardAtStore: 3, other: 4 } as const;

/** Where a booking comes from (the `channel` column). */
export type BookingChannel = "web" | "counter" | "api";

/** What a submit answers; a retry with the same idempotency key gets the same answer back. */
export type SubmitAnswer =
  | { outcome: "completed"; reservationId: number; reserveNo: string }
  | { outcome: "requires_action"; reservationId: number; reserveNo: string; actionUrl: string }
  | { outcome: "refused"; reason: Reason };

export type Reservation = typeof reservations.$inferSelect;

export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with it: the booking's `.ics` in the customer's mails (issue 25). */
  attachments?: MailAttachment[];
}

/** Renders a booking's mails in the booking's language (the delivery side knows the words). */
export type BookingMailComposer = (reservation: Reservation) => {
  borrower: RenderedMail | null;
  store: RenderedMail | null;
};

export interface BookingDeps {
  mailer: Mailer;
  payments: PaymentGateway;
  /** The site's mail composer; loaded per site so webhooks can use it without a page. */
  mails: (siteId: string) => Promise<BookingMailComposer>;
  logger?: Logger;
}

export interface SubmitInput {
  bundle: SiteBundle;
  /** The reservation session as stored, read again for this request. */
  session: ReserveSession;
  idempotencyKey: string;
  memberId: number | null;
  locale: Locale;
  now: Date;
  /** For an advance card payment: a saved card of the member's customer, or a card typed now. */
  card?: { customerId?: string; cardId?: string; source?: CardSource };
  /** Where the 3-D Secure challenge sends the browser back to (a path of this site). */
  returnUrl?: string;
  /**
   * Where the booking comes from: the public site (default), or staff at the counter taking a phone
   * call or a walk-in (issue 24), to whom web suspension and the web's lead time do not apply and who
   * take payment at the store; or a program with an API key (issue 42), which pays at the store or by
   * the card link mailed to the customer, as the counter does.
   */
  channel?: BookingChannel;
  /** A counter booking: taken on the phone (the default) or from a customer at the desk. */
  counterContact?: "phone" | "in_person";
  /** A counter booking: the staff member who took it. */
  takenByStaffId?: number | null;
}

/**
 * How the counter is paid: cash or card at the store, another way staff write down, or by card in
 * advance through a link mailed to the customer (the booking is confirmed, its payment pending).
 */
export const COUNTER_PAY_METHODS: readonly number[] = [
  PAY_METHOD.cash,
  PAY_METHOD.cardAtStore,
  PAY_METHOD.other,
  PAY_METHOD.advanceCard,
];

/**
 * How a program with a key pays (issue 42): at the store as the site takes it (cash, card), or by
 * the card link mailed to the customer, which keeps the car while the payment is pending.
 */
export function apiPayMethods(bundle: SiteBundle): readonly number[] {
  const atStore = bundle.settings.settlementMethods.filter(
    (m) => m === PAY_METHOD.cash || m === PAY_METHOD.cardAtStore,
  );
  return [PAY_METHOD.advanceCard, ...atStore];
}

/** The site as the counter books it: suspended web bookings do not close the phone, and no lead time applies. */
export function counterBundle(bundle: SiteBundle): SiteBundle {
  return { ...bundle, settings: { ...bundle.settings, webReserveAccepting: true, minLeadMinutes: 0 } };
}

/** Keys in one order, so an answer read back from jsonb is byte-for-byte the first one sent. */
function canonical<T>(value: T): T {
  if (Array.isArray(value)) return value.map(canonical) as T;
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)])) as T;
}

const refused = (code: Reason["code"], params?: Reason["params"]): SubmitAnswer => ({
  outcome: "refused",
  reason: params ? { code, params } : { code },
});

/** The parts of a request that make it "the same booking" (the card number never enters it). */
function requestHash(input: SubmitInput): string {
  const s = input.session;
  const card = input.card ? (input.card.cardId ?? (input.card.source ? "typed" : "none")) : null;
  const subject = {
    storeId: s.storeId,
    carTypeId: s.carTypeId,
    startAt: s.startAt,
    endAt: s.endAt,
    options: s.options,
    withImmunity: s.withImmunity,
    optionNotPossibleType: s.optionNotPossibleType,
    payMethod: s.payMethod,
    payMethodOther: s.payMethodOther,
    remarks: s.remarks,
    borrower: s.borrower,
    driver: s.driver,
    memberId: input.memberId,
    card,
  };
  return createHash("sha256").update(JSON.stringify(subject)).digest("hex");
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

function sqlError(error: unknown): { code?: string; constraint?: string } {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code) return e;
    e = e.cause as typeof e;
  }
  return {};
}
/** The capacity trigger's refusal (drizzle/0009_booking_guard.sql). */
export const isFullyBooked = (error: unknown) => sqlError(error).code === "RB001";

/** Why this session cannot be booked as it stands, before anything is written. */
function preflight(input: SubmitInput, quote: Quote | null): Reason | null {
  const { bundle, session, now } = input;
  const counter = input.channel === "counter";
  if (!counter && !bundle.settings.webReserveAccepting) return { code: "web_reserve_suspended" };
  if (!quote) return { code: "no_cars_in_period" };
  if (quote.blocked) return quote.blocked;
  const firstError = Object.values(quote.errors)[0];
  if (firstError) return firstError;
  if (!quote.period || !quote.fees) return { code: "no_cars_in_period" };
  if (!session.borrower || !session.driver) return { code: "borrower_required" };
  const method = session.payMethod;
  const offered = counter
    ? COUNTER_PAY_METHODS
    : input.channel === "api"
      ? apiPayMethods(bundle)
      : bundle.settings.settlementMethods;
  if (!method || !offered.includes(method)) return { code: "pay_method_required" };
  if (method === PAY_METHOD.advanceCard) {
    const limit = addDays(localDate(now, quote.store.timeZone), ADVANCE_CARD_LIMIT_DAYS);
    if (quote.period.startDate >= limit)
      return { code: "advance_card_too_early", params: { days: ADVANCE_CARD_LIMIT_DAYS } };
  }
  if (feesDiffer(session.fees, quote.fees)) return { code: "details_updated" };
  // Checked again here: the options step is not the only way in (the JSON API's session call).
  if (!counter) return longRentalRefusal(bundle.settings.longRentalDays, quote.rentalDays, session.longRentalConfirmed);
  return null;
}

/**
 * The booking's driver, decided before its transaction: the borrower, the member's saved driver, or
 * one entered now, whose row (and images) `write` adds in the booking's transaction under an id
 * taken now.
 */
type BookingDriver = {
  driverId: number | null;
  snapshot: ReservationPerson;
  write?: (tx: DbOrTx) => Promise<unknown>;
};

async function bookingDriver(
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
  const write = (tx: DbOrTx) => {
    const row = tx
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
      .execute();
    if (!choice.images.length) return row;
    const images = tx
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
      .execute();
    return Promise.all([row, images]);
  };
  // The snapshot keeps the licence types: the mails and the completion page say what to bring by them.
  return { driverId, snapshot: { ...person, licenseTypes: choice.licenseTypes }, write };
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

/** Queues a booking's mails, composed before its transaction, in that transaction. */
async function sendBookingMails(
  tx: DbOrTx,
  siteId: string,
  reservation: Reservation,
  mails: ReturnType<BookingMailComposer>,
  deps: BookingDeps,
) {
  const locale = reservation.locale as Locale;
  await deps.mailer.sendAll(tx, siteId, [
    ...(mails.borrower
      ? [{ ...mails.borrower, locale, kind: "reservation_confirmed" as const, reservationId: reservation.id }]
      : []),
    ...(mails.store
      ? [{ ...mails.store, locale: "ja" as const, kind: "store_notification" as const, reservationId: reservation.id }]
      : []),
  ]);
}

type Priced = { period: NonNullable<Quote["period"]>; fees: NonNullable<Quote["fees"]> };

type Booked = { kind: "answered"; answer: SubmitAnswer } | { kind: "awaiting_payment"; reservation: Reservation };

/** The key was taken by another request with it, whose transaction committed first. */
class KeyTaken extends Error {}

/**
 * Books the reservation session (spec §7 submit-reserve), once per idempotency key: the booking is
 * written and the key claimed in one transaction, the key last, so that of two requests with one
 * key the second rolls its booking back and reads the first's answer (a duplicate with another
 * payload is refused). Claimed last, the key costs one statement, where claiming it first cost three
 * with the savepoint a refusal needed (decision 041). The price is computed again
 * and must match what was confirmed; the capacity trigger refuses an overbooking. A card payment
 * holds the car first and is charged once, under a gateway key derived from the reservation.
 */
export async function submitReservation(
  db: Db,
  siteId: string,
  input: SubmitInput,
  deps: BookingDeps,
): Promise<SubmitAnswer> {
  const { session, now } = input;
  const key = {
    siteId,
    key: input.idempotencyKey,
    requestHash: requestHash(input),
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_HOURS * 3_600_000),
  };
  // Computed before the transaction: the embedded database has one connection, and the
  // guard that matters (capacity) runs inside the insert anyway.
  const quote = await quoteReservation(db, siteId, {
    bundle: input.channel === "counter" ? counterBundle(input.bundle) : input.bundle,
    storeId: session.storeId,
    carTypeId: session.carTypeId,
    search: session.search,
    options: session.options,
    withImmunity: session.withImmunity,
    now,
  });
  const reason = preflight(input, quote);
  if (reason || !quote?.period || !quote.fees)
    return settle(db, key, { outcome: "refused", reason: reason ?? { code: "no_cars_in_period" } });
  // Loaded before the transaction too: the composer may query the site cache, which on the
  // embedded database (one connection) would wait for the open transaction forever.
  const compose = await deps.mails(siteId);
  // Everything the booking writes is decided before its transaction opens: the driver, the ids and
  // the mails. The transaction then sends its statements together and holds the embedded
  // database, which serves no one else meanwhile, for as long as they take (decision 042).
  const driver = await bookingDriver(db, siteId, session, input.memberId);
  if (!driver) return settle(db, key, refused("driver_selection_required"));
  // On the web the card pays now, holding the car meanwhile; at the counter it pays later by the mailed link.
  const byCard = session.payMethod === PAY_METHOD.advanceCard && (input.channel ?? "web") === "web";
  const values = {
    ...reservationValues(siteId, input, quote, { period: quote.period, fees: quote.fees }, driver, byCard),
    id: await nextId(db, "reservations_id_seq"),
    createdAt: now,
    linkSecret: randomUUID(),
  };
  let booked: Booked | null = null;
  try {
    // A reservation number already taken on this site rolls the attempt back; the next tries another.
    for (let attempt = 0; attempt < 5 && !booked; attempt++) {
      const reserveNo = newReserveNo(now, quote.store.timeZone);
      // The number is part of what staff search by: the search column is written with it (decision 051).
      const searchText = reservationSearchText(reserveNo, values.borrower, values.driver);
      const numbered = { ...values, reserveNo, searchText };
      booked = await book(db, siteId, numbered, byCard ? null : compose, driver, key, deps);
    }
  } catch (error) {
    if (error instanceof KeyTaken) return canonical(await replay(db, key));
    // Refused by the capacity trigger: nothing was written, a driver entered now included.
    if (isFullyBooked(error)) return settle(db, key, refused("type_fully_booked"));
    throw error;
  }
  if (!booked) throw new Error("no free reservation number after 5 attempts");
  if (booked.kind === "answered") return canonical(booked.answer);
  return canonical(await payForHold(db, siteId, booked.reservation, input, deps));
}

type Key = Pick<typeof idempotencyKeys.$inferInsert, "siteId" | "key" | "requestHash" | "expiresAt">;

/** Stores `answer` (null while a card payment is under way) under the key; false when another request holds it. */
async function claim(tx: DbOrTx, key: Key, answer: SubmitAnswer | null, reservationId: number | null) {
  const [mine] = await tx
    .insert(idempotencyKeys)
    .values({ ...key, response: answer, reservationId })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return !!mine;
}

/** A refusal, stored under the key unless a request with it got there first, whose answer counts. */
async function settle(db: Db, key: Key, answer: SubmitAnswer): Promise<SubmitAnswer> {
  if (await claim(db, key, answer, null)) return canonical(answer);
  return canonical(await replay(db, key));
}

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
 * Writes the booking in one transaction sent at once (`writeTogether`): the driver entered now, the
 * reservation, (unless a card pays first) its mails composed beforehand and its event, and the key
 * with the answer. Null when the reservation number is taken; nothing is then written.
 */
async function book(
  db: Db,
  siteId: string,
  values: ReservationInsert,
  compose: BookingMailComposer | null,
  driver: BookingDriver,
  key: Key,
  deps: BookingDeps,
): Promise<Booked | null> {
  const expected = asInserted(values);
  const mails = compose?.(expected) ?? null;
  const answer: SubmitAnswer | null = mails
    ? { outcome: "completed", reservationId: values.id, reserveNo: values.reserveNo }
    : null;
  try {
    await writeTogether(
      db,
      (tx) =>
        [
          driver.write?.(tx) ?? Promise.resolve(),
          // Its row is `expected`: nothing needs to come back.
          tx.insert(reservations).values(values).execute(),
          mails ? sendBookingMails(tx, siteId, expected, mails, deps) : Promise.resolve(),
          // In the key's transaction: a retry with the same key replays the answer and records nothing (decision 034).
          mails ? reservationEvent(tx, siteId, "reservation.created", expected) : Promise.resolve(null),
          tx
            .insert(idempotencyKeys)
            .values({ ...key, response: answer, reservationId: values.id })
            .execute(),
        ] as const,
    );
    return answer ? { kind: "answered", answer } : { kind: "awaiting_payment", reservation: expected };
  } catch (error) {
    const { code, constraint } = sqlError(error);
    if (code === "23505" && constraint === NUMBER_TAKEN) return null;
    if (code === "23505" && constraint === KEY_TAKEN) throw new KeyTaken();
    throw error;
  }
}

/** The options a quote chose, as a booking keeps them: names in every language, quantity and fee. */
export function bookedOptions(quote: Quote) {
  return quote.options
    .filter((o) => o.quantity > 0)
    .map((o) => ({
      optionId: o.option.id,
      name: {
        ja: o.option.optionName,
        en: o.option.optionNameEn ?? "",
        "zh-TW": o.option.optionNameTw ?? "",
        ko: o.option.optionNameKr ?? "",
      },
      quantity: o.quantity,
      fee: o.fee,
    }));
}

function reservationValues(
  siteId: string,
  input: SubmitInput,
  quote: Quote,
  { period, fees }: Priced,
  driver: { driverId: number | null; snapshot: ReservationPerson },
  byCard: boolean,
) {
  const { session, now } = input;
  return {
    siteId,
    storeId: quote.store.id,
    returnStoreId: quote.store.id,
    carTypeId: quote.carType.id,
    startAt: period.start,
    endAt: period.end,
    status: byCard ? ("held" as const) : ("confirmed" as const),
    holdExpiresAt: byCard ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null,
    paymentStatus: session.payMethod === PAY_METHOD.advanceCard ? ("pending" as const) : null,
    memberId: input.memberId,
    driverId: driver.driverId,
    rentalFee: fees.rentCarFee,
    optionFee: fees.optionFee,
    immunityFee: fees.immunityFee,
    totalFee: fees.total,
    payMethod: session.payMethod ?? PAY_METHOD.cash,
    payMethodOther: session.payMethod === PAY_METHOD.other ? session.payMethodOther : null,
    optionNotPossibleType: session.optionNotPossibleType,
    destination: session.destination,
    purpose: session.purpose,
    passengers: session.passengers,
    remarks: session.remarks,
    locale: input.locale,
    borrower: session.borrower as ReservationPerson,
    driver: driver.snapshot,
    options: bookedOptions(quote),
    // How the booking was taken: the public site, a program, or staff at the counter (by phone or in person) and who.
    channel: input.channel ?? ("web" as const),
    counterContact: input.channel === "counter" ? (input.counterContact ?? ("phone" as const)) : null,
    takenByStaffId: input.channel === "counter" ? (input.takenByStaffId ?? null) : null,
  };
}

/** The answer stored under a key, waiting while its first request is still at work. */
async function replay(db: Db, key: Key): Promise<SubmitAnswer> {
  for (let waited = 0; ; waited += 100) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.siteId, key.siteId), eq(idempotencyKeys.key, key.key)));
    if (!row) return refused("submit_failed");
    if (row.requestHash !== key.requestHash) return refused("idempotency_key_reused");
    if (row.response) return row.response as SubmitAnswer;
    if (waited >= 20_000) return refused("submit_in_progress");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function storeAnswer(db: DbOrTx, siteId: string, reservationId: number, answer: SubmitAnswer) {
  await db
    .update(idempotencyKeys)
    .set({ response: answer })
    .where(and(eq(idempotencyKeys.siteId, siteId), eq(idempotencyKeys.reservationId, reservationId)));
}

/** Charges a held reservation once (the gateway key is derived from it) and settles it. */
async function payForHold(
  db: Db,
  siteId: string,
  reservation: Reservation,
  input: SubmitInput,
  deps: BookingDeps,
): Promise<SubmitAnswer> {
  // The ledger first (issue 37): an answer lost to a crash is found by this attempt's key.
  const key = bookingPaymentKey(siteId, reservation.id);
  await firstPaymentAttempt(db, siteId, reservation, key, "booking");
  let result: Awaited<ReturnType<PaymentGateway["authorize"]>>;
  try {
    result = await deps.payments.authorize({
      amount: reservation.totalFee,
      idempotencyKey: key,
      customerId: input.card?.customerId,
      cardId: input.card?.cardId,
      source: input.card?.source,
      returnUrl: input.returnUrl,
      metadata: { siteId, reservationId: String(reservation.id), ledgerKey: key },
    });
  } catch (error) {
    // The gateway could not be reached: the hold keeps the car, reconciliation asks the gateway later.
    deps.logger?.warn(
      { siteId, reservationId: reservation.id, error: error instanceof Error ? error.name : "unknown" },
      "payment gateway unreachable at the card step",
    );
    const answer = refused("payment_unconfirmed");
    await storeAnswer(db, siteId, reservation.id, answer);
    return answer;
  }
  let answer: SubmitAnswer;
  if (result.status === "succeeded" || result.status === "requires_capture") {
    answer = await settlePayment(db, siteId, reservation.id, result.paymentId, deps);
  } else if (result.status === "requires_action" && result.actionUrl) {
    await db
      .update(reservations)
      .set({ paymentId: result.paymentId })
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservation.id)));
    answer = {
      outcome: "requires_action",
      reservationId: reservation.id,
      reserveNo: reservation.reserveNo,
      actionUrl: result.actionUrl,
    };
  } else {
    answer = await releaseHold(db, siteId, reservation.id, result.paymentId || null, result.reason);
  }
  await storeAnswer(db, siteId, reservation.id, answer);
  return answer;
}

const paidOutcome = (paymentId: string, amount: number) => ({ status: "succeeded", amount, paymentId }) as const;

/**
 * A payment succeeded: the held reservation is confirmed and its mails are queued, once, however
 * many times this runs (browser return, retry, webhook). If the hold had lapsed and the car was
 * taken meanwhile, the payment is refunded and the booking refused.
 */
export async function settlePayment(
  db: Db,
  siteId: string,
  reservationId: number,
  paymentId: string,
  deps: BookingDeps,
): Promise<SubmitAnswer> {
  const compose = await deps.mails(siteId); // before the transaction (see submitReservation)
  try {
    const row = await db.transaction(async (tx) => {
      const [settled] = await tx
        .update(reservations)
        .set({ status: "confirmed", paymentStatus: "paid", paymentId, holdExpiresAt: null })
        .where(
          and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId), eq(reservations.status, "held")),
        )
        .returning();
      if (settled) {
        await settleFirstPayment(tx, siteId, settled.id, paidOutcome(paymentId, settled.totalFee));
        await sendBookingMails(tx, siteId, settled, compose(settled), deps);
        // A card booking is "created" when its payment confirms it: a hold that lapses was never a booking.
        await reservationEvent(tx, siteId, "reservation.created", settled);
        await paymentEvent(
          tx,
          siteId,
          "payment.succeeded",
          settled,
          settled.totalFee,
          `booking-${siteId}-${settled.id}`,
        );
      }
      return settled;
    });
    if (row) return { outcome: "completed", reservationId: row.id, reserveNo: row.reserveNo };
    // A booking of the counter paid through its mailed link (a webhook of that payment).
    const paidByLink = await markPaid(db, siteId, reservationId, paymentId);
    if (paidByLink) return { outcome: "completed", reservationId, reserveNo: paidByLink };
  } catch (error) {
    if (!isFullyBooked(error)) throw error;
    await returnLatePayment(db, siteId, reservationId, paymentId, deps);
    return releaseHold(db, siteId, reservationId, paymentId, undefined, "refunded", "type_fully_booked");
  }
  const [current] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
  if (current?.status === "confirmed") return { outcome: "completed", reservationId, reserveNo: current.reserveNo };
  // The hold was released (abandoned, or replaced by a new attempt) before the payment went
  // through: nothing is booked, so the money goes back.
  if (
    current &&
    current.paymentStatus !== "refunded" &&
    (await returnLatePayment(db, siteId, reservationId, paymentId, deps))
  ) {
    await db
      .update(reservations)
      .set({ paymentStatus: "refunded", paymentId })
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
  }
  return refused("card_failed");
}

/** A payment that went through after its hold ended: in the ledger as paid, then given back whole. */
async function returnLatePayment(
  db: Db,
  siteId: string,
  reservationId: number,
  paymentId: string,
  deps: BookingDeps,
): Promise<boolean> {
  const [r] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
  if (!r) return false;
  await settleFirstPayment(db, siteId, r.id, paidOutcome(paymentId, r.totalFee));
  return returnFirstPayment(db, siteId, r, paymentId, r.totalFee, deps.payments);
}

/**
 * A confirmed booking awaiting its card payment (the counter's mailed link) is paid: its number, or
 * null when it was not awaiting one. The update is conditional, so the link's page, its 3-D Secure
 * return and the gateway's webhook record `payment.succeeded` once between them.
 */
export async function markPaid(
  db: DbOrTx,
  siteId: string,
  reservationId: number,
  paymentId: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(reservations)
      .set({ paymentStatus: "paid", paymentId })
      .where(
        and(
          eq(reservations.siteId, siteId),
          eq(reservations.id, reservationId),
          eq(reservations.status, "confirmed"),
          eq(reservations.payMethod, PAY_METHOD.advanceCard),
          eq(reservations.paymentStatus, "pending"),
        ),
      )
      .returning();
    if (!paid) return null;
    await settleFirstPayment(tx, siteId, paid.id, paidOutcome(paymentId, paid.totalFee));
    await paymentEvent(tx, siteId, "payment.succeeded", paid, paid.totalFee, `paylink-${siteId}-${paid.id}`);
    return paid.reserveNo;
  });
}

/** A payment failed or was abandoned: the hold is released at once, so the car is free again. */
export async function releaseHold(
  db: DbOrTx,
  siteId: string,
  reservationId: number,
  paymentId: string | null,
  gatewayReason?: string,
  paymentStatus: "failed" | "refunded" = "failed",
  code: "card_failed" | "type_fully_booked" = "card_failed",
): Promise<SubmitAnswer> {
  const [released] = await db
    .update(reservations)
    .set({ status: "expired", paymentStatus, holdExpiresAt: null, ...(paymentId ? { paymentId } : {}) })
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId), eq(reservations.status, "held")))
    .returning({ id: reservations.id });
  if (released && paymentStatus === "failed") {
    await settleFirstPayment(db, siteId, reservationId, {
      status: "failed",
      amount: 0,
      paymentId,
      reason: gatewayReason ?? "card_failed",
    });
  }
  if (code === "card_failed" && gatewayReason === "jcb_not_accepted") return refused("jcb_not_accepted");
  return refused(code);
}

/**
 * The browser came back from the 3-D Secure challenge: the payment's state is read from the
 * gateway (never from the browser), then the booking is settled or released.
 */
export async function completeCardAction(
  db: Db,
  siteId: string,
  reservationId: number,
  deps: BookingDeps,
): Promise<SubmitAnswer | null> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
  if (!row?.paymentId) return null;
  if (row.status === "confirmed") return { outcome: "completed", reservationId, reserveNo: row.reserveNo };
  const result = await deps.payments.completeAction(row.paymentId);
  const answer =
    result.kind === "payment" && (result.status === "succeeded" || result.status === "requires_capture")
      ? await settlePayment(db, siteId, reservationId, row.paymentId, deps)
      : await releaseHold(db, siteId, reservationId, row.paymentId, result.reason);
  await storeAnswer(db, siteId, reservationId, answer);
  return canonical(answer);
}
