import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { CheckSheet, ExtraCharge } from "../../../common/counter";
import { carTypes, vehicles } from "./catalogue";
import { drivers, members } from "./members";
import { siteRef } from "./sites";
import { stores } from "./stores";

/** The borrower (renter) or driver as they were when booked: the store keeps it after a withdrawal. */
export interface ReservationPerson {
  userType?: 1 | 2;
  company?: string;
  companyKana?: string;
  name: string;
  kana?: string;
  email?: string;
  tel?: string;
  zip?: string;
  prefCode?: number | null;
  /** ISO 3166-1 alpha-2 for an address abroad (prefecture 48); older snapshots may hold free text or nothing. */
  country?: string;
  addressA?: string;
  addressB?: string;
  birthdate?: string | null;
  licenseNumber?: string;
}

/** An option as booked: its name in each language at the time, quantity and fee. */
export interface ReservationOption {
  optionId: number | null;
  name: Record<string, string>;
  quantity: number;
  fee: number;
}

/**
 * Where a reservation stands (docs/decisions/021-booking.md): `held` keeps a car while a card
 * payment is under way and lapses at `hold_expires_at`; `confirmed` is booked; `cancelled` was
 * cancelled by the store; `expired` is a hold that was released (payment failed or abandoned).
 * Held (until expiry) and confirmed reservations count against the store's vehicles.
 */
export const RESERVATION_STATUSES = ["held", "confirmed", "cancelled", "expired"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/**
 * A reservation of a car type at a store (a vehicle is assigned later). Fees are integer yen,
 * tax included, as computed at submit. `payMethod`: 1 card in advance, 2 cash, 3 card at the
 * store, 4 other (spec §3 settlement options).
 */
export const reservations = pgTable(
  "reservations",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    reserveNo: text().notNull(),
    storeId: integer().notNull(),
    returnStoreId: integer(),
    carTypeId: integer().notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    status: text().$type<ReservationStatus>().notNull().default("confirmed"),
    holdExpiresAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** The gateway's payment for an advance card payment, and where it stands. */
    paymentId: text(),
    paymentStatus: text().$type<"pending" | "paid" | "failed" | "refunded">(),
    /** 1: reserve anyway if an option cannot be provided; 2: cancel the reservation then. */
    optionNotPossibleType: smallint(),
    memberId: integer(),
    driverId: integer(),
    rentalFee: integer().notNull().default(0),
    optionFee: integer().notNull().default(0),
    immunityFee: integer().notNull().default(0),
    totalFee: integer().notNull().default(0),
    payMethod: smallint().notNull().default(2),
    payMethodOther: text(),
    destination: text().notNull().default(""),
    purpose: text().notNull().default(""),
    passengers: smallint(),
    remarks: text().notNull().default(""),
    locale: text().notNull().default("ja"),
    borrower: jsonb().$type<ReservationPerson>(),
    driver: jsonb().$type<ReservationPerson>(),
    options: jsonb().$type<ReservationOption[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The car given to the booking at the counter or on the dispatch board (issue 24). Two bookings
     * of one car never overlap: the exclusion constraint `reservations_vehicle_overlap` (0014).
     */
    vehicleId: integer(),
    /**
     * Until when the booking keeps its car: its return (an early one when recorded) plus the store's
     * turnaround minutes. Kept by the trigger `reservations_blocked_until` (0014); never written by code.
     */
    blockedUntil: timestamp({ withTimezone: true }),
    /** Departure at the counter: the car handed over, with its meter (km), fuel (eighths) and check sheet. */
    departedAt: timestamp({ withTimezone: true }),
    departureMileage: integer(),
    departureFuel: smallint(),
    departureCheck: jsonb().$type<CheckSheet>(),
    departureNotes: text().notNull().default(""),
    /** Return at the counter: meter, fuel, check sheet and the damage found. */
    returnedAt: timestamp({ withTimezone: true }),
    returnMileage: integer(),
    returnFuel: smallint(),
    returnCheck: jsonb().$type<CheckSheet>(),
    returnNotes: text().notNull().default(""),
    /** What the return added to the bill (late hours, fuel, options at the counter), settled at the store. */
    extras: jsonb().$type<ExtraCharge[]>().notNull().default([]),
    extraFee: integer().notNull().default(0),
    /** The fee kept when the booking was cancelled (the site's schedule). */
    cancellationFee: integer().notNull().default(0),
    /** Counts the changes made to the booking: each one's payment is keyed by it, so a retry pays nothing twice. */
    revision: integer().notNull().default(0),
    /** Signs the guest's cancellation link (0015); never leaves the server. */
    linkSecret: uuid().notNull().defaultRandom(),
  },
  (t) => [
    foreignKey({
      name: "reservations_store_fk",
      columns: [t.siteId, t.storeId],
      foreignColumns: [stores.siteId, stores.id],
    }).onDelete("restrict"),
    foreignKey({
      name: "reservations_return_store_fk",
      columns: [t.siteId, t.returnStoreId],
      foreignColumns: [stores.siteId, stores.id],
    }).onDelete("restrict"),
    foreignKey({
      name: "reservations_car_type_fk",
      columns: [t.siteId, t.carTypeId],
      foreignColumns: [carTypes.siteId, carTypes.id],
    }).onDelete("restrict"),
    foreignKey({
      name: "reservations_member_fk",
      columns: [t.siteId, t.memberId],
      foreignColumns: [members.siteId, members.id],
    }),
    foreignKey({
      name: "reservations_driver_fk",
      columns: [t.siteId, t.driverId],
      foreignColumns: [drivers.siteId, drivers.id],
    }),
    foreignKey({
      name: "reservations_vehicle_fk",
      columns: [t.siteId, t.vehicleId],
      foreignColumns: [vehicles.siteId, vehicles.id],
    }).onDelete("restrict"),
    unique("reservations_site_id_id").on(t.siteId, t.id),
    index("reservations_site_vehicle").on(t.siteId, t.vehicleId),
    index("reservations_site_start").on(t.siteId, t.startAt),
    index("reservations_site_member").on(t.siteId, t.memberId, t.startAt),
    index("reservations_site_driver").on(t.siteId, t.driverId),
    check("reservations_pay_method", sql`${t.payMethod} between 1 and 4`),
    check(
      "reservations_fees",
      sql`${t.rentalFee} >= 0 and ${t.optionFee} >= 0 and ${t.immunityFee} >= 0 and ${t.totalFee} >= 0`,
    ),
    unique("reservations_site_reserve_no").on(t.siteId, t.reserveNo),
    check("reservations_period", sql`${t.endAt} > ${t.startAt}`),
    check("reservations_status", sql`${t.status} in ('held', 'confirmed', 'cancelled', 'expired')`),
    check("reservations_hold_expiry", sql`${t.status} <> 'held' or ${t.holdExpiresAt} is not null`),
    index("reservations_site_payment").on(t.siteId, t.paymentId),
    check(
      "reservations_counter",
      sql`(${t.departureFuel} is null or ${t.departureFuel} between 0 and 8) and (${t.returnFuel} is null or ${t.returnFuel} between 0 and 8) and (${t.departureMileage} is null or ${t.departureMileage} >= 0) and (${t.returnMileage} is null or ${t.returnMileage} >= 0) and (${t.returnedAt} is null or ${t.departedAt} is not null) and ${t.extraFee} >= 0 and ${t.cancellationFee} >= 0`,
    ),
  ],
);

/**
 * Every gateway operation on a booking after its first payment (issue 24): the difference charged
 * or refunded by a change, the refund of a cancellation. Each carries the idempotency key it was sent
 * with, derived from the booking and its revision, so a retried request finds its entry and pays
 * nothing twice.
 */
export const reservationPayments = pgTable(
  "reservation_payments",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    reservationId: integer().notNull(),
    kind: text().$type<"charge" | "refund">().notNull(),
    /** Integer yen, tax included. */
    amount: integer().notNull(),
    status: text().$type<"succeeded" | "failed">().notNull(),
    /** Why the gateway refused (a PaymentReason). */
    reason: text(),
    paymentId: text(),
    refundId: text(),
    idempotencyKey: text().notNull(),
    /** Who made the change that caused it; null for the customer's own cancellation. */
    staffId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "reservation_payments_reservation_fk",
      columns: [t.siteId, t.reservationId],
      foreignColumns: [reservations.siteId, reservations.id],
    }).onDelete("cascade"),
    unique("reservation_payments_site_key").on(t.siteId, t.idempotencyKey),
    index("reservation_payments_site_reservation").on(t.siteId, t.reservationId),
    check("reservation_payments_kind", sql`${t.kind} in ('charge', 'refund')`),
    check("reservation_payments_status", sql`${t.status} in ('succeeded', 'failed')`),
    check("reservation_payments_amount", sql`${t.amount} > 0`),
  ],
);

/**
 * One row per submitted idempotency key (docs/decisions/021-booking.md): the first request
 * stores its answer, every later one with the same key gets it back; a different payload under
 * the same key is refused. Rows lapse at `expires_at`.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    siteId: siteRef(),
    key: text().notNull(),
    requestHash: text().notNull(),
    /** The stored answer; null while the first request is still at work. */
    response: jsonb().$type<Record<string, unknown>>(),
    reservationId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.key] }), index("idempotency_keys_expires").on(t.expiresAt)],
);

/** Payment webhook events already applied: a redelivered event id is skipped (at-least-once delivery). */
export const paymentEvents = pgTable("payment_events", {
  eventId: text().primaryKey(),
  type: text().notNull(),
  objectId: text(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
