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
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CheckSheet, ExtraCharge } from "#common/counter";
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
  /** A driver's licence types as chosen for the booking (issue 40: the papers to bring). */
  licenseTypes?: string[];
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
export const RESERVATION_CHANNELS = ["web", "counter", "api"] as const;
export type ReservationChannel = (typeof RESERVATION_CHANNELS)[number];

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
    /**
     * What staff search by, folded (server/search/search-text.ts): written with the borrower at
     * insert; null only until the boot after migration 0020 fills it (decision 051).
     */
    searchText: text(),
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
    /** Where the booking was taken: the public site, the counter (by phone or in person), or the API for programs. */
    channel: text().$type<ReservationChannel>().notNull().default("web"),
    /** A counter booking: taken on the phone or from a customer at the desk. */
    counterContact: text().$type<"phone" | "in_person">(),
    /** The staff member who took a counter booking. */
    takenByStaffId: integer(),
    /** Damage found at the return, which adds the site's non-operation charge (NOC). */
    returnDamage: text().$type<"drivable" | "not_drivable">(),
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
    check("reservations_channel", sql`${t.channel} in ('web', 'counter', 'api')`),
    check(
      "reservations_counter_contact",
      sql`${t.counterContact} is null or (${t.channel} = 'counter' and ${t.counterContact} in ('phone', 'in_person'))`,
    ),
    check(
      "reservations_return_damage",
      sql`${t.returnDamage} is null or ${t.returnDamage} in ('drivable', 'not_drivable')`,
    ),
    check("reservations_hold_expiry", sql`${t.status} <> 'held' or ${t.holdExpiresAt} is not null`),
    index("reservations_site_payment").on(t.siteId, t.paymentId),
    // Written by hand in migration 0027 (btree_gist); declared so drizzle-kit's snapshot knows it.
    index("reservations_active_period")
      .using("gist", t.storeId, sql`tstzrange(${t.startAt}, ${t.blockedUntil}, '[)')`, t.carTypeId)
      .where(sql`${t.status} in ('held', 'confirmed')`),
    check(
      "reservations_counter",
      sql`(${t.departureFuel} is null or ${t.departureFuel} between 0 and 8) and (${t.returnFuel} is null or ${t.returnFuel} between 0 and 8) and (${t.departureMileage} is null or ${t.departureMileage} >= 0) and (${t.returnMileage} is null or ${t.returnMileage} >= 0) and (${t.returnedAt} is null or ${t.departedAt} is not null) and ${t.extraFee} >= 0 and ${t.cancellationFee} >= 0`,
    ),
  ],
);

/** Why money moved (issue 37): the booking's first payment, its pay link, a change, a cancellation, a return's charges, or the counter taking what a booking paid at the store owes. */
export const LEDGER_OPERATIONS = ["booking", "pay_link", "change", "cancel", "return", "counter"] as const;
export type LedgerOperation = (typeof LEDGER_OPERATIONS)[number];
/** How: a card through the gateway, cash at the desk, or the store's own card terminal. */
export const LEDGER_METHODS = ["card", "cash", "terminal"] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];

/**
 * The ledger of a booking's money (issue 37, decision 043): append-only. Every charge and refund is
 * written as an `attempt` (its amount and the idempotency key that names the operation, which the
 * gateway sees too) before the gateway is called, and its `outcome` as a new row after: succeeded or
 * failed, with the gateway's ids. The app role may not change or remove a row (0014). An attempt with
 * no outcome was cut short; reconciliation asks the gateway and writes the outcome.
 */
export const reservationPayments = pgTable(
  "reservation_payments",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    reservationId: integer().notNull(),
    /** The booking's store when the money moved: the takings of that store's day. */
    storeId: integer(),
    entry: text().$type<"attempt" | "outcome">().notNull(),
    /** An outcome's attempt. */
    attemptId: integer(),
    kind: text().$type<"charge" | "refund">().notNull(),
    operation: text().$type<LedgerOperation>().notNull(),
    method: text().$type<LedgerMethod>().notNull().default("card"),
    /** Integer yen, tax included: asked for by an attempt, moved by an outcome (0 when it failed). */
    amount: integer().notNull(),
    status: text().$type<"attempted" | "succeeded" | "failed">().notNull(),
    /** Why the gateway refused (a PaymentReason), or why staff set a charge (a return's adjusted line). */
    reason: text(),
    /** A charge's payment; for a refund, the payment it gives back from. */
    paymentId: text(),
    refundId: text(),
    idempotencyKey: text().notNull(),
    /** Who made the change that caused it; null for the customer's own actions. */
    staffId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "reservation_payments_reservation_fk",
      columns: [t.siteId, t.reservationId],
      foreignColumns: [reservations.siteId, reservations.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "reservation_payments_attempt_fk",
      columns: [t.siteId, t.attemptId],
      foreignColumns: [t.siteId, t.id],
    }),
    unique("reservation_payments_site_id_id").on(t.siteId, t.id),
    uniqueIndex("reservation_payments_site_attempt_key")
      .on(t.siteId, t.idempotencyKey)
      .where(sql`${t.entry} = 'attempt'`),
    uniqueIndex("reservation_payments_site_outcome").on(t.siteId, t.attemptId).where(sql`${t.entry} = 'outcome'`),
    index("reservation_payments_site_reservation").on(t.siteId, t.reservationId),
    index("reservation_payments_site_created").on(t.siteId, t.createdAt),
    check("reservation_payments_kind", sql`${t.kind} in ('charge', 'refund')`),
    check(
      "reservation_payments_operation",
      sql`${t.operation} in ('booking', 'pay_link', 'change', 'cancel', 'return', 'counter')`,
    ),
    check("reservation_payments_method", sql`${t.method} in ('card', 'cash', 'terminal')`),
    check(
      "reservation_payments_entry",
      sql`(${t.entry} = 'attempt' and ${t.attemptId} is null and ${t.status} = 'attempted' and ${t.amount} > 0) or (${t.entry} = 'outcome' and ${t.attemptId} is not null and ${t.status} in ('succeeded', 'failed') and ${t.amount} >= 0)`,
    ),
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
