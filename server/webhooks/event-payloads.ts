import { z } from "zod";
import type { reservations } from "#server/db/schema";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./webhook.schema";

/**
 * What each webhook event carries (issue 42): one Zod schema per event, in the API's names and values
 * (snake_case; `pay_method` as its number, as the API answers it), so a receiver reads a booking the
 * same way in a webhook and in an API answer. The OpenAPI `webhooks` section is generated from these
 * schemas and their examples (app/api/partner/webhooks-doc.server.ts); a test validates every built
 * payload against its event's schema.
 */

type Reservation = typeof reservations.$inferSelect;

const Yen = z.number().int().meta({ description: "Yen, tax included." });
const Instant = z.string().meta({ description: "ISO 8601 instant (UTC)." });

export const ReservationChannelSchema = z.enum(["web", "counter", "api"]).meta({
  description:
    "Where the booking was taken: `web` the booking website, `counter` staff (phone or desk), `api` a program.",
});

export const WebhookReservationSchema = z
  .object({
    reserve_no: z.string().meta({ description: "The booking's number, as in the API's `reserve_no`." }),
    status: z.enum(["held", "confirmed", "cancelled", "expired"]).meta({
      description: "`confirmed` booked, `cancelled`, `expired` (a card hold that lapsed), `held` (waiting for a card).",
    }),
    store_id: z.number().int().meta({ description: "The departure store." }),
    car_type_id: z.number().int(),
    start_at: Instant.meta({ description: "Departure, ISO 8601 (UTC)." }),
    end_at: Instant.meta({ description: "Return, ISO 8601 (UTC)." }),
    total_fee: Yen.meta({ description: "Total, yen, tax included." }),
    currency: z.literal("JPY"),
    cancellation_fee: Yen.meta({ description: "The fee kept by a cancellation; 0 otherwise." }),
    pay_method: z
      .number()
      .int()
      .min(1)
      .max(4)
      .meta({ description: "1 card in advance, 2 cash, 3 card at the store, 4 other (as the API's `pay_method`)." }),
    payment_status: z
      .enum(["pending", "paid", "failed", "refunded"])
      .nullable()
      .meta({ description: "For a card paid in advance: where its payment stands; null when paid at the store." }),
    channel: ReservationChannelSchema,
    revision: z.number().int().min(0).meta({
      description:
        "Rises by one with every change of the booking (what, where, when, price, status, car, handover): the payload with the higher revision is the newer state.",
    }),
    borrower: z
      .object({ name: z.string(), email: z.string(), tel: z.string() })
      .nullable()
      .meta({ description: "Who booked, to reach them. Never card data, licences or addresses." }),
  })
  .meta({ description: "A booking as webhooks carry it." });

export type WebhookReservation = z.infer<typeof WebhookReservationSchema>;

const PaymentSchema = z
  .object({ amount: Yen.meta({ description: "Yen moved by this payment or refund." }), currency: z.literal("JPY") })
  .meta({ description: "The money this event moved." });

const PreviousSchema = WebhookReservationSchema.pick({
  store_id: true,
  car_type_id: true,
  start_at: true,
  end_at: true,
  total_fee: true,
}).meta({ description: "What the booking was before the change." });

/** Each event's `data`. */
export const EVENT_DATA_SCHEMAS = {
  "reservation.created": z.object({ reservation: WebhookReservationSchema }).strict(),
  "reservation.changed": z.object({ reservation: WebhookReservationSchema, previous: PreviousSchema }).strict(),
  "reservation.cancelled": z.object({ reservation: WebhookReservationSchema }).strict(),
  "payment.succeeded": z.object({ reservation: WebhookReservationSchema, payment: PaymentSchema }).strict(),
  "payment.refunded": z.object({ reservation: WebhookReservationSchema, payment: PaymentSchema }).strict(),
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType = WebhookEventType> = z.infer<(typeof EVENT_DATA_SCHEMAS)[T]>;

const DESCRIPTIONS: Record<WebhookEventType, string> = {
  "reservation.created":
    "A booking was made (on the website, at the counter or through the API). A booking paid by card in advance is created when its payment confirms it.",
  "reservation.changed": "A booking's store, car type, period or options changed; `previous` holds what it was.",
  "reservation.cancelled": "A booking was cancelled; `cancellation_fee` is the fee kept.",
  "payment.succeeded":
    "A card payment went through: the booking's first payment, a pay link, or a change's extra charge.",
  "payment.refunded": "Money went back to the card: a cancellation or a cheaper change.",
};

/** The body of every delivery (Standard Webhooks): the event type, when it happened, and its data. */
export function webhookBodySchema<T extends WebhookEventType>(type: T) {
  return z
    .object({
      type: z.literal(type),
      timestamp: Instant.meta({ description: "When the event happened (not when this attempt was sent)." }),
      data: EVENT_DATA_SCHEMAS[type],
    })
    .meta({ description: DESCRIPTIONS[type] });
}

export const webhookEventDescription = (type: WebhookEventType) => DESCRIPTIONS[type];

const PAY_METHOD_CODES = new Set([1, 2, 3, 4]);

/** A booking in the webhook shape: its channel and revision as stored. */
export function webhookReservation(r: Reservation): WebhookReservation {
  return {
    reserve_no: r.reserveNo,
    status: r.status,
    store_id: r.storeId,
    car_type_id: r.carTypeId,
    start_at: r.startAt.toISOString(),
    end_at: r.endAt.toISOString(),
    total_fee: r.totalFee,
    currency: "JPY",
    cancellation_fee: r.cancellationFee,
    pay_method: PAY_METHOD_CODES.has(r.payMethod) ? r.payMethod : 4,
    payment_status: r.paymentStatus ?? null,
    channel: r.channel ?? "web",
    revision: r.revision,
    borrower: r.borrower
      ? { name: r.borrower.name ?? "", email: r.borrower.email ?? "", tel: r.borrower.tel ?? "" }
      : null,
  };
}

/** What a change leaves in `previous`. */
export const previousBooking = (r: Reservation): WebhookEventData<"reservation.changed">["previous"] => ({
  store_id: r.storeId,
  car_type_id: r.carTypeId,
  start_at: r.startAt.toISOString(),
  end_at: r.endAt.toISOString(),
  total_fee: r.totalFee,
});

const EXAMPLE_RESERVATION: WebhookReservation = {
  reserve_no: "261201-7KQ2",
  status: "confirmed",
  store_id: 1,
  car_type_id: 12,
  start_at: "2026-12-01T01:00:00.000Z",
  end_at: "2026-12-03T09:00:00.000Z",
  total_fee: 24200,
  currency: "JPY",
  cancellation_fee: 0,
  pay_method: 2,
  payment_status: null,
  channel: "api",
  revision: 0,
  borrower: { name: "山田 太郎", email: "taro@example.com", tel: "09012345678" },
};

const CARD = { pay_method: 1, payment_status: "paid" } as const;

/** One example body per event: shown in the reference and checked against its schema by a test. */
export const WEBHOOK_EXAMPLES: { [T in WebhookEventType]: { type: T; timestamp: string; data: WebhookEventData<T> } } =
  {
    "reservation.created": {
      type: "reservation.created",
      timestamp: "2026-11-28T03:15:00.000Z",
      data: { reservation: EXAMPLE_RESERVATION },
    },
    "reservation.changed": {
      type: "reservation.changed",
      timestamp: "2026-11-29T05:40:00.000Z",
      data: {
        reservation: { ...EXAMPLE_RESERVATION, end_at: "2026-12-04T09:00:00.000Z", total_fee: 30800, revision: 1 },
        previous: {
          store_id: 1,
          car_type_id: 12,
          start_at: "2026-12-01T01:00:00.000Z",
          end_at: "2026-12-03T09:00:00.000Z",
          total_fee: 24200,
        },
      },
    },
    "reservation.cancelled": {
      type: "reservation.cancelled",
      timestamp: "2026-11-30T02:00:00.000Z",
      data: { reservation: { ...EXAMPLE_RESERVATION, status: "cancelled", cancellation_fee: 4840, revision: 2 } },
    },
    "payment.succeeded": {
      type: "payment.succeeded",
      timestamp: "2026-11-28T03:15:02.000Z",
      data: {
        reservation: { ...EXAMPLE_RESERVATION, ...CARD, channel: "web", revision: 1 },
        payment: { amount: 24200, currency: "JPY" },
      },
    },
    "payment.refunded": {
      type: "payment.refunded",
      timestamp: "2026-11-30T02:00:03.000Z",
      data: {
        reservation: {
          ...EXAMPLE_RESERVATION,
          ...CARD,
          payment_status: "refunded",
          status: "cancelled",
          channel: "web",
          cancellation_fee: 4840,
          revision: 2,
        },
        payment: { amount: 19360, currency: "JPY" },
      },
    },
  };

export { WEBHOOK_EVENT_TYPES };
