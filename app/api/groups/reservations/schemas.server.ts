import { z } from "zod";

// ——— What the operations answer ———

export const Money = z.number().int().meta({ description: "Yen, tax included." });

export const CarTypeSchema = z
  .object({
    id: z.number().int(),
    class_id: z.number().int(),
    class_name: z.string(),
    name: z.string(),
    model_names: z.string(),
    capacity: z.number().int(),
    transmission: z.number().int().meta({ description: "1 automatic, 2 manual." }),
    smoking: z.number().int().meta({ description: "1 non-smoking, 2 smoking." }),
    four_wd: z.boolean(),
    navigation: z.boolean(),
    etc: z.boolean(),
    images: z.array(z.string()),
  })
  .meta({ id: "CarType" });

export const PeriodSchema = z
  .object({ start_at: z.string(), end_at: z.string(), start_date: z.string(), end_date: z.string() })
  .meta({ id: "Period", description: "Instants in ISO 8601 (UTC); dates in the store's time zone." });

export const FeesSchema = z
  .object({
    rentacar_fee: Money,
    total_option_fee: Money,
    total_compensating_fee: Money,
    total_fee: Money,
  })
  .meta({ id: "Fees" });

export const NoticeSchema = z.object({ code: z.string(), message: z.string() }).meta({ id: "Notice" });

export const OfferSchema = z
  .object({
    car_type: CarTypeSchema,
    vehicles: z.number().int(),
    remaining: z.number().int().nullable(),
    mark: z.string().nullable().meta({ description: "○ △ × as circle, triangle, cross; null without a period." }),
    can_reserve: z.boolean(),
    price: FeesSchema.nullable(),
    immunity_per_day: Money.nullable(),
    high_season: z.boolean(),
  })
  .meta({ id: "CarTypeOffer" });

export const StoreRefSchema = z
  .object({ id: z.number().int(), name: z.string(), time_zone: z.string() })
  .meta({ id: "StoreRef" });

export const ReserveSessionOut = z
  .object({
    store_id: z.number().int(),
    car_type_id: z.number().int(),
    start_at: z.string(),
    end_at: z.string(),
    rental_period_slug: z.string(),
    options: z.array(z.object({ option_id: z.number().int(), quantity: z.number().int() })),
    with_immunity: z.boolean(),
    option_not_possible_type: z.number().int().nullable(),
    pay_method: z.number().int().nullable(),
    has_borrower: z.boolean(),
    has_driver: z.boolean(),
    completed: z.object({ reserve_no: z.string() }).nullable(),
  })
  .meta({ id: "ReserveSession", description: "The booking in progress of a browser's session (spec §3)." });

export const QuoteOptionSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    quantity: z.number().int(),
    max_quantity: z.number().int(),
    fee: Money,
    may_be_unavailable: z.boolean(),
  })
  .meta({ id: "QuoteOption" });

export const QuoteSchema = z
  .object({
    store: StoreRefSchema,
    car_type: CarTypeSchema,
    period: PeriodSchema.nullable(),
    can_reserve: z.boolean(),
    blocked: NoticeSchema.nullable(),
    remaining: z.number().int().nullable(),
    options: z.array(QuoteOptionSchema),
    immunity_compensating_fee: Money.nullable().meta({ description: "Per day." }),
    immunity_compensating_default_flag: z.boolean(),
    with_immunity: z.boolean(),
    fees: FeesSchema.nullable(),
    rental_days: z.number().int(),
  })
  .meta({ id: "Quote" });

export const ReservationSchema = z
  .object({
    reserve_no: z.string(),
    status: z.string(),
    store: StoreRefSchema,
    car_type_id: z.number().int(),
    start_at: z.string(),
    end_at: z.string(),
    fees: FeesSchema,
    pay_method: z.number().int(),
    payment_status: z.string().nullable(),
    options: z.array(
      z.object({ option_id: z.number().int().nullable(), name: z.string(), quantity: z.number().int(), fee: Money }),
    ),
    borrower_name: z.string(),
    channel: z.enum(["web", "counter", "api"]).meta({
      description:
        "Where it was booked: `web` the website, `counter` staff (phone or desk), `api` a program with a key.",
    }),
    revision: z.number().int().meta({
      description: "Rises by one with every change of the booking; webhooks carry the same number.",
    }),
  })
  .meta({ id: "Reservation" });

export const SubmitResultSchema = z
  .object({
    outcome: z.enum(["completed", "requires_action"]),
    reserve_no: z.string(),
    reserve_id: z.number().int(),
    action_url: z.string().optional().meta({ description: "3-D Secure: where the card holder confirms the payment." }),
  })
  .meta({ id: "SubmitResult" });

// ——— What they take ———

export const CarParams = z.object({
  storeId: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
});
