import { z } from "zod";
import type { ReservationPerson } from "#server/db/schema";

/**
 * The reservation session (spec §3): what a visitor has chosen so far, kept on the server in the
 * browser session's data under one key (docs/decisions/021-booking.md). Amounts kept here are
 * only what the visitor was shown: every step and the submit compute them again.
 */
export const RESERVE_SESSION_KEY = "reserve";

const FeesSchema = z.object({
  rentCarFee: z.number().int(),
  optionFee: z.number().int(),
  immunityFee: z.number().int(),
  total: z.number().int(),
});
export type Fees = z.infer<typeof FeesSchema>;

const PersonSchema = z.looseObject({ name: z.string() });

/** The driver: the borrower, one of the member's saved drivers, or one entered for this booking. */
const DriverChoiceSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("same") }),
  z.object({ mode: z.literal("saved"), driverId: z.number().int().positive() }),
  z.object({
    mode: z.literal("new"),
    person: PersonSchema,
    licenseTypes: z.array(z.string()).default([]),
    licenseAcquisitionDate: z.string().nullable().default(null),
    licenseExpirationDate: z.string().nullable().default(null),
    /** Licence images already stored (BlobStore keys with their type), attached to the driver at submit. */
    images: z
      .array(z.object({ key: z.string(), contentType: z.string(), size: z.number() }))
      .max(4)
      .default([]),
  }),
]);
export type DriverChoice = z.infer<typeof DriverChoiceSchema>;

export const ReserveSessionSchema = z.object({
  storeId: z.number().int().positive(),
  carTypeId: z.number().int().positive(),
  /** The search as the visitor asked it (sd, st, ed, et, rental_period_slug, date_undecided, filters, sort). */
  search: z.record(z.string(), z.string()).default({}),
  startAt: z.string(),
  endAt: z.string(),
  rentalPeriodSlug: z.string().default("01"),
  dateUndecided: z.boolean().default(false),
  options: z.array(z.object({ optionId: z.number().int(), quantity: z.number().int().min(1) })).default([]),
  withImmunity: z.boolean().default(true),
  /** The fees shown on the options step; the confirmation compares them with a fresh quote. */
  fees: FeesSchema.nullable().default(null),
  /** 1 reserve anyway, 2 cancel, when a chosen option cannot be provided (spec §5). */
  optionNotPossibleType: z
    .union([z.literal(1), z.literal(2)])
    .nullable()
    .default(null),
  /** The visitor confirmed a rental over the site's long-rental days (issue 40); the submit checks it again. */
  longRentalConfirmed: z.boolean().default(false),
  payMethod: z.number().int().min(1).max(4).nullable().default(null),
  payMethodOther: z.string().default(""),
  remarks: z.string().default(""),
  selectedDriverId: z.number().int().nullable().default(null),
  borrower: PersonSchema.nullable().default(null),
  driver: DriverChoiceSchema.nullable().default(null),
  destination: z.string().default(""),
  purpose: z.string().default(""),
  passengers: z.number().int().nullable().default(null),
  /** Issued with the confirmation page; the submit carries it (idempotency). */
  idempotencyKey: z.string().nullable().default(null),
  /** A card payment waiting for its 3-D Secure challenge: the held reservation it is for. */
  pendingPayment: z.object({ reservationId: z.number().int() }).nullable().default(null),
  /** The booking made from this session, for the completion page. */
  completed: z.object({ reservationId: z.number().int(), reserveNo: z.string() }).nullable().default(null),
});
export type ReserveSession = z.infer<typeof ReserveSessionSchema>;
export type Borrower = ReservationPerson;

/** The stored session, or null when there is none or it no longer parses (an older shape). */
export function readReserveSession(data: Record<string, unknown>): ReserveSession | null {
  const parsed = ReserveSessionSchema.safeParse(data[RESERVE_SESSION_KEY]);
  return parsed.success ? parsed.data : null;
}

export interface CarChoice {
  storeId: number;
  carTypeId: number;
  search: Record<string, string>;
  startAt: Date;
  endAt: Date;
  rentalPeriodSlug: string;
  dateUndecided: boolean;
}

/**
 * The session after a car is chosen (the options page). Choosing another store clears the
 * options, the pay method and the option-not-possible type (spec §4); the customer's details,
 * remarks and chosen driver are kept. Choosing another car type keeps nothing of its options.
 */
export function chooseCar(previous: ReserveSession | null, choice: CarChoice): ReserveSession {
  const base = ReserveSessionSchema.parse({
    ...choice,
    startAt: choice.startAt.toISOString(),
    endAt: choice.endAt.toISOString(),
  });
  if (!previous || previous.completed) return base;
  const sameStore = previous.storeId === choice.storeId;
  const sameCar = sameStore && previous.carTypeId === choice.carTypeId;
  return {
    ...previous,
    ...base,
    options: sameCar ? previous.options : [],
    withImmunity: sameCar ? previous.withImmunity : base.withImmunity,
    optionNotPossibleType: sameStore ? previous.optionNotPossibleType : null,
    payMethod: sameStore ? previous.payMethod : null,
    payMethodOther: sameStore ? previous.payMethodOther : "",
    fees: null,
    idempotencyKey: null,
    pendingPayment: null,
    completed: null,
  };
}

/** Whether a guest has given everything the confirmation needs (spec §4 confirm guard). */
export const hasCustomer = (s: ReserveSession) => s.borrower !== null && s.driver !== null;
