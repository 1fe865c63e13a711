import { z } from "zod";
import { bookingMails } from "#app/presenters/booking-mail.server";
import { AppError } from "#server/errors";
import { apiReservation, listApiReservations } from "#server/reservations/api-reservations";
import { submitReservation } from "#server/reservations/submit";
import { bookingSession, priceChoice } from "./booking.server";
import { ruleText } from "./errors.server";
import { QUOTE, QUOTE_REQUEST, RESERVATION, RESERVATION_REQUEST } from "./examples.server";
import { partnerOperation } from "./operation.server";
import { PAY_METHOD_OF, quoteOut, reservationOut } from "./present.server";
import { PartnerError } from "./problems.server";
import {
  idParam,
  localDate,
  QuoteInputSchema,
  QuoteSchema,
  ReservationInputSchema,
  ReservationListSchema,
  ReservationSchema,
} from "./schemas.server";

/** Quotes and bookings: `reservations:write` to make them, `reservations:read` to read them. */

export const ReservationParams = z.object({
  reservationNumber: z
    .string()
    .regex(/^[0-9A-Z-]{4,20}$/)
    .meta({ description: "The reservation number.", example: "261128-K7QM" }),
});

const CURSOR = /^c([1-9]\d{0,9})$/;
const ListQuery = z.object({
  status: z
    .enum(["confirmed", "cancelled"])
    .optional()
    .meta({ description: "Only this status.", example: "confirmed" }),
  store_id: idParam("Only this store's.", 1).optional(),
  channel: z
    .enum(["web", "counter", "api"])
    .optional()
    .meta({ description: "Only where it was booked.", example: "api" }),
  pickup_from: localDate
    .optional()
    .meta({ description: "Pickups on or after this date (UTC+9 days).", example: "2026-12-01" }),
  pickup_to: localDate.optional().meta({ description: "Pickups before this date.", example: "2027-01-01" }),
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Page size.", example: 20 }),
  cursor: z
    .string()
    .regex(CURSOR)
    .optional()
    .meta({ description: "`next_cursor` of the previous page.", example: "c1042" }),
});

/** A day's start in Japan, where the sites' stores are: the filter is by date, not by instant. */
const dayStart = (date: string) => new Date(`${date}T00:00:00+09:00`);

export const RESERVATION_OPERATIONS = [
  partnerOperation({
    method: "post",
    path: "/quotes",
    tag: "Reservations",
    operationId: "createQuote",
    summary: "Create a quote",
    description:
      "Prices a car type at a store for a period with options and the damage waiver, with the same code as the site's booking pages, and says whether a car is free. Nothing is kept.",
    scope: "reservations:write",
    body: QuoteInputSchema,
    bodyExamples: { quote: { summary: "Two days with a child seat and the waiver", value: QUOTE_REQUEST } },
    response: QuoteSchema,
    responseExamples: { quote: { summary: "Bookable", value: QUOTE } },
    problems: [
      "malformed-json",
      "unsupported-media-type",
      "validation-failed",
      "invalid-option",
      "unknown-store",
      "unknown-car-type",
      "not-bookable",
    ],
    async handler(req) {
      return quoteOut(req.bundle, await priceChoice(req, req.body));
    },
  }),
  partnerOperation({
    method: "post",
    path: "/reservations",
    tag: "Reservations",
    operationId: "createReservation",
    summary: "Create a reservation",
    description:
      "Books a car: priced and checked again, the car held in one transaction. Paid at the store, or by a card link mailed to the customer (the car is kept meanwhile). `Idempotency-Key` is required: a retry with the same key and body gets the first answer again with `Idempotent-Replayed: true`.",
    scope: "reservations:write",
    idempotent: true,
    body: ReservationInputSchema,
    bodyExamples: { booking: { summary: "Paid by card at the store", value: RESERVATION_REQUEST } },
    response: ReservationSchema,
    responseExamples: { booked: { summary: "Booked", value: RESERVATION } },
    status: 201,
    problems: [
      "malformed-json",
      "unsupported-media-type",
      "idempotency-key-required",
      "validation-failed",
      "invalid-option",
      "unknown-store",
      "unknown-car-type",
      "not-bookable",
      "price-changed",
      "idempotency-key-reused",
      "request-in-progress",
    ],
    async handler(req) {
      const quote = await priceChoice(req, req.body);
      if (req.body.expected_total !== undefined && req.body.expected_total !== quote.fees!.total) {
        throw new PartnerError("price-changed", `The total is now ${quote.fees!.total} yen.`, {
          reason: "details_updated",
        });
      }
      const session = await bookingSession(req, req.body, quote);
      const answer = await submitReservation(
        req.db,
        req.siteId,
        {
          bundle: req.bundle,
          session: { ...session, payMethod: PAY_METHOD_OF[req.body.payment_method] },
          idempotencyKey: `partner-${req.key.keyId}-${req.idempotencyKey}`,
          memberId: null,
          locale: "en",
          now: req.now,
          channel: "api",
        },
        {
          mailer: req.services.mailer,
          payments: req.services.payments,
          logger: req.services.logger,
          mails: bookingMails({ siteCache: req.services.siteCache, db: req.db }, req.origin),
        },
      );
      if (answer.outcome === "refused") {
        const code = answer.reason.code;
        const kind = code === "details_updated" ? "price-changed" : "not-bookable";
        throw new PartnerError(kind, ruleText(code), { reason: code });
      }
      return reservationOut(req.bundle, await apiReservation(req.db, req.siteId, answer.reserveNo));
    },
  }),
  partnerOperation({
    method: "get",
    path: "/reservations/:reservationNumber",
    tag: "Reservations",
    operationId: "getReservation",
    summary: "Get a reservation",
    description: "A reservation by its number, whatever channel it was booked through.",
    scope: "reservations:read",
    params: ReservationParams,
    response: ReservationSchema,
    responseExamples: { booked: { summary: "A reservation", value: RESERVATION } },
    problems: ["reservation-not-found"],
    async handler(req) {
      return reservationOut(req.bundle, await found(req, req.params.reservationNumber));
    },
  }),
  partnerOperation({
    method: "get",
    path: "/reservations",
    tag: "Reservations",
    operationId: "listReservations",
    summary: "List reservations",
    description:
      "The site's reservations, newest first, filtered; pages of `limit` with a cursor (`next_cursor` while `has_more`), stable while new bookings come in.",
    scope: "reservations:read",
    query: ListQuery,
    response: ReservationListSchema,
    responseExamples: {
      page: {
        summary: "A page with more after it",
        value: { data: [RESERVATION], has_more: true, next_cursor: "c1042" },
      },
    },
    problems: ["validation-failed"],
    async handler(req) {
      const q = req.query;
      const after = q.cursor ? Number(CURSOR.exec(q.cursor)![1]) : undefined;
      const { rows, more } = await listApiReservations(req.db, req.siteId, {
        status: q.status,
        storeId: q.store_id,
        channel: q.channel,
        from: q.pickup_from ? dayStart(q.pickup_from) : undefined,
        to: q.pickup_to ? dayStart(q.pickup_to) : undefined,
        afterId: after,
        limit: q.limit,
      });
      const last = rows.at(-1);
      return {
        data: rows.map((r) => reservationOut(req.bundle, r)),
        has_more: more,
        next_cursor: more && last ? `c${last.id}` : null,
      };
    },
  }),
];

/** The reservation, or this API's 404. */
export async function found(req: { db: Parameters<typeof apiReservation>[0]; siteId: string }, reserveNo: string) {
  try {
    return await apiReservation(req.db, req.siteId, reserveNo);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") {
      throw new PartnerError("reservation-not-found", `No reservation ${reserveNo}.`);
    }
    throw error;
  }
}
