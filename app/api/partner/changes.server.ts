import { composeCancellationMails, composeChangeMails } from "#app/presenters/operation-mail.server";
import { localDate, localTime } from "#common/calendar-date";
import { cancelBooking, proposedFee } from "#server/counter/cancellation";
import { changeBooking } from "#server/counter/change";
import { rentalStage } from "#server/counter/stage";
import { AppError } from "#server/errors";
import { apiKeyActor, apiReservation } from "#server/reservations/api-reservations";
import { priceChoice } from "./booking.server";
import { partnerErrorOf } from "./errors.server";
import { CANCELLED, CHANGED } from "./examples.server";
import { partnerOperation } from "./operation.server";
import { reservationOut } from "./present.server";
import { PartnerError } from "./problems.server";
import { found, ReservationParams } from "./reservations.server";
import { CancelResultSchema, ChangeInputSchema, ChangeResultSchema } from "./schemas.server";

/**
 * Changes and cancellations (`reservations:write`): the counter's own functions, with the key as a
 * manager without a staff account, so the price, the difference, the fee schedule and the ledger's
 * charges and refunds are the ones staff get.
 */

/** A reservation not yet handed over, or 409. */
function modifiable(r: Awaited<ReturnType<typeof found>>) {
  const stage = rentalStage(r);
  if (r.status !== "confirmed" || stage !== "booked") {
    throw new PartnerError("reservation-not-modifiable", `The reservation is ${stage}.`, {
      reason: "reservation_stage",
    });
  }
}

/** The counter's refusals in this API's words. */
const asPartner = (error: unknown) => {
  if (error instanceof AppError) throw partnerErrorOf(error, "reservation-not-found");
  throw error;
};

export const CHANGE_OPERATIONS = [
  partnerOperation({
    method: "patch",
    path: "/reservations/:reservationNumber",
    tag: "Reservations",
    operationId: "updateReservation",
    summary: "Change a reservation",
    description:
      "Changes the store, car type, period, options or waiver, priced again by the site's code. Answers the new price and the difference; a card paid in advance is charged or refunded the difference through the ledger. `revision` makes a retry safe: the same change again answers the same, a change based on an older revision is 409.",
    scope: "reservations:write",
    params: ReservationParams,
    body: ChangeInputSchema,
    bodyExamples: { longer: { summary: "One more day", value: { revision: 0, return_date: "2026-12-27" } } },
    response: ChangeResultSchema,
    responseExamples: {
      changed: {
        summary: "6,600 yen more, paid at the store",
        value: {
          reservation: CHANGED,
          previous_total: 20900,
          difference: 6600,
          card: { charged: 0, refunded: 0, not_moved: 0 },
        },
      },
    },
    problems: [
      "malformed-json",
      "unsupported-media-type",
      "validation-failed",
      "invalid-option",
      "reservation-not-found",
      "unknown-store",
      "unknown-car-type",
      "not-bookable",
      "price-changed",
      "revision-mismatch",
      "reservation-not-modifiable",
    ],
    async handler(req) {
      const r = await found(req, req.params.reservationNumber);
      if (r.revision !== req.body.revision && r.revision !== req.body.revision + 1) {
        throw new PartnerError("revision-mismatch", `The reservation is at revision ${r.revision}.`, {
          reason: "stale",
        });
      }
      if (r.revision === req.body.revision) modifiable(r);
      const zone = req.bundle.stores.find((s) => s.id === r.storeId)?.timeZone ?? "Asia/Tokyo";
      const b = req.body;
      const input = {
        store_id: b.store_id ?? r.storeId,
        car_type_id: b.car_type_id ?? r.carTypeId,
        pickup_date: b.pickup_date ?? localDate(r.startAt, zone),
        pickup_time: b.pickup_time ?? localTime(r.startAt, zone),
        return_date: b.return_date ?? localDate(r.endAt, zone),
        return_time: b.return_time ?? localTime(r.endAt, zone),
        options:
          b.options ??
          r.options.flatMap((o) => (o.optionId === null ? [] : [{ option_id: o.optionId, quantity: o.quantity }])),
        damage_waiver: b.damage_waiver ?? r.immunityFee > 0,
      };
      const quote = await priceChoice(req, input, r.id);
      const total = quote.fees!.total;
      if (b.expected_total !== undefined && b.expected_total !== total) {
        throw new PartnerError("price-changed", `The new total is ${total} yen.`, { reason: "details_updated" });
      }
      const outcome = await changeBooking(
        req.db,
        req.siteId,
        apiKeyActor(req.key),
        r.reserveNo,
        {
          store_id: input.store_id,
          car_type_id: input.car_type_id,
          start_date: input.pickup_date,
          start_time: input.pickup_time,
          end_date: input.return_date,
          end_time: input.return_time,
          with_immunity: quote.withImmunity,
          revision: b.revision,
          shown_total: total,
          options: input.options.map((o) => ({ optionId: o.option_id, quantity: o.quantity })),
        },
        req.bundle,
        { payments: req.services.payments, mailer: req.services.mailer, mails: composeChangeMails(req.bundle) },
        req.now,
      ).catch(asPartner);
      const after = await apiReservation(req.db, req.siteId, r.reserveNo);
      return {
        reservation: reservationOut(req.bundle, after),
        previous_total: outcome.total - outcome.difference,
        difference: outcome.difference,
        card: { charged: outcome.charged, refunded: outcome.refunded, not_moved: outcome.notMoved },
      };
    },
  }),
  partnerOperation({
    method: "post",
    path: "/reservations/:reservationNumber/cancel",
    tag: "Reservations",
    operationId: "cancelReservation",
    summary: "Cancel a reservation",
    description:
      "Cancels at the fee of the site's cancellation schedule for now; what a card paid in advance holds beyond it is refunded through the ledger. Cancelling again answers the same cancellation (and completes a refund still open).",
    scope: "reservations:write",
    params: ReservationParams,
    response: CancelResultSchema,
    responseExamples: {
      cancelled: {
        summary: "Cancelled four days ahead: 20 % kept",
        value: { reservation: CANCELLED, cancellation_fee: 4180, refunded: 0, refund_pending: 0 },
      },
    },
    problems: ["reservation-not-found", "reservation-not-modifiable"],
    async handler(req) {
      const r = await found(req, req.params.reservationNumber);
      if (r.status !== "cancelled") modifiable(r);
      const fee =
        r.status === "cancelled" ? r.cancellationFee : (await proposedFee(req.db, req.siteId, r, req.now)).fee;
      const outcome = await cancelBooking(
        req.db,
        req.siteId,
        r,
        { fee, who: apiKeyActor(req.key) },
        {
          payments: req.services.payments,
          mailer: req.services.mailer,
          mails: composeCancellationMails(req.bundle),
          logger: req.services.logger,
        },
        req.now,
      ).catch(asPartner);
      const after = await apiReservation(req.db, req.siteId, r.reserveNo);
      return {
        reservation: reservationOut(req.bundle, after),
        cancellation_fee: outcome.fee,
        refunded: outcome.refund,
        refund_pending: outcome.refundPending,
      };
    },
  }),
];
