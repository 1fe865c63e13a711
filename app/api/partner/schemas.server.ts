import { z } from "zod";

/**
 * The resources of the API for programs (issue 42), snake_case, in English (Japanese names beside).
 * Money is integer yen, tax included. Periods are given as the store's local date and time (the
 * store's `time_zone`) and answered as instants too. Each schema is one OpenAPI component.
 */

/** A path or query id, read as a number. */
export const idParam = (description: string, example: number) =>
  z.coerce.number().int().min(1).max(2_147_483_647).meta({ description, example });

const id = z.number().int().min(1);
export const localDate = z.iso.date().meta({ description: "A date in the store's time zone.", example: "2026-12-24" });
export const localTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .meta({ description: "A time of day in the store's time zone, `HH:mm`.", example: "10:00" });
const instant = z.iso.datetime({ offset: true }).meta({ description: "An instant, RFC 3339." });
const yen = z.number().int().min(0).meta({ description: "Integer yen, tax included." });

export const StoreSchema = z
  .object({
    id,
    name: z.string().meta({ description: "In English when the site wrote it, else in Japanese." }),
    name_ja: z.string(),
    address: z.string(),
    tel: z.string(),
    time_zone: z.string().meta({ description: "The IANA time zone of the store's dates and times." }),
    open_24h: z.boolean(),
    opens_at: localTime,
    closes_at: localTime,
    latest_bookable_date: localDate.nullable().meta({ description: "The last departure date taken, when set." }),
  })
  .meta({ id: "Store", description: "A store: where cars are picked up and returned." });

export const CarTypeSchema = z
  .object({
    id,
    name: z.string(),
    name_ja: z.string(),
    class_id: id,
    class_name: z.string(),
    models: z.string().meta({ description: "The models of the type, as the site lists them." }),
    capacity: z.number().int().nullable().meta({ description: "Seats." }),
    transmission: z.enum(["automatic", "manual"]),
    smoking: z.boolean(),
    four_wheel_drive: z.boolean(),
    navigation: z.boolean(),
    etc: z.boolean().meta({ description: "An ETC (toll) card reader." }),
    store_ids: z.array(id).meta({ description: "The stores that rent it." }),
  })
  .meta({ id: "CarType", description: "A car type (a model group) of a car class." });

export const PeriodInput = {
  pickup_date: localDate,
  pickup_time: localTime,
  return_date: localDate,
  return_time: localTime,
};

export const PeriodSchema = z
  .object({
    pickup_at: instant,
    return_at: instant,
    pickup_date: localDate,
    pickup_time: localTime,
    return_date: localDate,
    return_time: localTime,
  })
  .meta({ id: "Period", description: "A rental period, as instants and in the store's local time." });

export const PriceSchema = z
  .object({
    rental: yen,
    options: yen,
    damage_waiver: yen,
    total: yen,
    currency: z.literal("JPY"),
  })
  .meta({ id: "Price", description: "What a booking costs: the same computation as the site's." });

export const OptionChoice = z
  .object({
    option_id: id,
    quantity: z.number().int().min(1).max(99),
  })
  .meta({ id: "OptionChoice", description: "An option and how many." });

export const QuotedOptionSchema = z
  .object({
    option_id: id,
    name: z.string(),
    quantity: z.number().int().min(0).meta({ description: "0 when not chosen." }),
    max_quantity: z.number().int(),
    price: yen.meta({ description: "What the chosen quantity costs for the period." }),
  })
  .meta({ id: "QuotedOption", description: "An option the store offers for the car type." });

export const QuoteInputSchema = z
  .object({
    store_id: id,
    car_type_id: id,
    ...PeriodInput,
    options: z.array(OptionChoice).max(50).optional().meta({ description: "Options chosen; left out, none." }),
    damage_waiver: z
      .boolean()
      .optional()
      .meta({ description: "The collision damage waiver; left out, the car class's default." }),
  })
  .meta({ id: "QuoteRequest", description: "A car type at a store for a period, with options and the waiver." });

export const QuoteSchema = z
  .object({
    store_id: id,
    car_type: CarTypeSchema,
    period: PeriodSchema,
    bookable: z.boolean().meta({ description: "A car is free and the period can be booked now." }),
    available: z.number().int().nullable().meta({ description: "Cars of the type still free for the period." }),
    not_bookable_reason: z.string().nullable().meta({ description: "Why `bookable` is false: a stable code." }),
    options: z.array(QuotedOptionSchema),
    damage_waiver: z.object({
      offered: z.boolean(),
      chosen: z.boolean(),
      price_per_day: yen.nullable(),
    }),
    rental_days: z.number().int(),
    price: PriceSchema,
  })
  .meta({ id: "Quote", description: "The price of a booking before it is made." });

export const CustomerSchema = z
  .object({
    name: z.string().min(1).max(100),
    name_kana: z
      .string()
      .max(100)
      .optional()
      .meta({ description: "The name's reading in katakana or Latin letters; left out, the name." }),
    email: z.email().meta({ description: "Confirmation and card-link mails go here." }),
    tel: z.string().min(1).max(30).meta({ description: "Read in `country`, unless it starts with `+`." }),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .meta({ description: "ISO 3166-1 alpha-2 code of the address's country." }),
    zip: z.string().max(10).optional().meta({ description: "The postal code (required in Japan)." }),
    prefecture_code: z
      .number()
      .int()
      .min(1)
      .max(47)
      .optional()
      .meta({ description: "JIS X 0401 prefecture code, for an address in Japan." }),
    address: z.string().min(1).max(200).meta({ description: "City and street." }),
  })
  .meta({ id: "Customer", description: "The person who books and drives." });

export const PAYMENT_METHODS = ["pay_at_store_cash", "pay_at_store_card", "card_link"] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS).meta({
  description:
    "`pay_at_store_cash` and `pay_at_store_card`: paid at pickup (as the site takes them); `card_link`: a link to pay by card is mailed to the customer, and the car is kept meanwhile.",
});

export const ReservationInputSchema = QuoteInputSchema.extend({
  customer: CustomerSchema,
  payment_method: PaymentMethod,
  expected_total: yen.optional().meta({ description: "The quoted total: refused (409) if the price moved since." }),
  notes: z.string().max(1000).optional(),
}).meta({ id: "ReservationRequest", description: "A booking." });

export const ReservationSchema = z
  .object({
    reservation_number: z.string(),
    status: z.enum(["confirmed", "cancelled"]),
    stage: z.enum(["booked", "in_use", "returned", "cancelled"]),
    channel: z.enum(["web", "counter", "api"]).meta({ description: "Where it was booked." }),
    revision: z.number().int().meta({ description: "Rises with every change: send it to `updateReservation`." }),
    store_id: id,
    car_type_id: id,
    car_type_name: z.string(),
    period: PeriodSchema,
    options: z.array(z.object({ option_id: id.nullable(), name: z.string(), quantity: z.number().int(), price: yen })),
    damage_waiver: z.boolean(),
    price: PriceSchema,
    payment: z.object({
      method: z.enum([...PAYMENT_METHODS, "other"]),
      status: z.enum(["none", "pending", "paid", "refunded"]),
    }),
    customer: z.object({ name: z.string(), email: z.string(), tel: z.string() }),
    cancellation: z
      .object({ fee: yen, cancelled_at: instant })
      .nullable()
      .meta({ description: "The fee kept, once cancelled." }),
    created_at: instant,
  })
  .meta({ id: "Reservation", description: "A booking." });

export const ReservationListSchema = z
  .object({
    data: z.array(ReservationSchema),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last." }),
  })
  .meta({ id: "ReservationList", description: "A page of reservations, newest first." });

export const ChangeInputSchema = z
  .object({
    revision: z.number().int().min(0).meta({ description: "The reservation's `revision` as read." }),
    store_id: id.optional(),
    car_type_id: id.optional(),
    pickup_date: localDate.optional(),
    pickup_time: localTime.optional(),
    return_date: localDate.optional(),
    return_time: localTime.optional(),
    options: z.array(OptionChoice).max(50).optional().meta({ description: "The whole new list; left out, kept." }),
    damage_waiver: z.boolean().optional(),
    expected_total: yen.optional(),
  })
  .meta({ id: "ReservationChange", description: "What changes; what is left out stays." });

export const ChangeResultSchema = z
  .object({
    reservation: ReservationSchema,
    previous_total: yen,
    difference: z.number().int().meta({ description: "New total minus the old: positive is owed by the customer." }),
    card: z
      .object({ charged: yen, refunded: yen, not_moved: yen })
      .meta({ description: "How the difference moved on a card paid in advance (the ledger's outcomes)." }),
  })
  .meta({ id: "ReservationChangeResult", description: "The changed reservation, its new price and the difference." });

export const CancelResultSchema = z
  .object({
    reservation: ReservationSchema,
    cancellation_fee: yen.meta({ description: "Kept by the store, from the site's cancellation fee schedule." }),
    refunded: yen.meta({ description: "Given back to the card paid in advance (the ledger's outcome)." }),
    refund_pending: yen.meta({ description: "Not yet given back (failed or under way): the store settles it." }),
  })
  .meta({ id: "CancellationResult", description: "The cancelled reservation, its fee and refund." });
