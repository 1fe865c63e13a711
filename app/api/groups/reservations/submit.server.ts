import { randomBytes } from "node:crypto";
import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { issuesToErrors } from "#app/lib/forms";
import { bookingMails } from "#app/presenters/booking-mail.server";
import { pickLang } from "#common/locales";
import { AppError, notFoundError } from "#server/errors";
import { ADVANCE_CARD_LIMIT_DAYS, PAY_METHOD } from "#server/reservations/booking";
import { ConfirmSchema } from "#server/reservations/confirm.schema";
import { quoteReservation } from "#server/reservations/quote";
import type { ReserveSession } from "#server/reservations/reserve-session";
import { submitReservation } from "#server/reservations/submit";
import { SubmitBody } from "./bodies.server";
import {
  asRecord,
  browserSession,
  carTypeOut,
  checkCustomer,
  feesOut,
  formLike,
  quoteChoice,
  quoteOut,
  refuseFields,
  requireBooker,
  saveSession,
  sessionOut,
} from "./presenters.server";
import { CarTypeSchema, Money, QuoteSchema, ReserveSessionOut, SubmitResultSchema } from "./schemas.server";

export const SUBMIT_OPERATIONS = [
  operation({
    method: "get",
    path: "/confirmation",
    tag: "reservations",
    operationId: "confirmation",
    summary: "The confirmation: the booking in progress priced now, the payment methods, the store",
    response: z.object({
      reserve_session: ReserveSessionOut,
      rentacar_fee: Money,
      total_option_fee: Money,
      total_compensating_fee: Money,
      total_fee: Money,
      car_type: CarTypeSchema,
      quote: QuoteSchema,
      settlement_lists: z.array(z.number().int()),
      store_management_status: z.number().int(),
      store_names: z.object({ departure: z.string() }),
      fees_changed: z
        .boolean()
        .meta({ description: "The price differs from the one chosen: confirm again (spec §8)." }),
      page_edit_reserve_confirm: z
        .string()
        .nullable()
        .meta({ description: "The site's own text for the confirmation page; no site writes one yet (null)." }),
    }),
    browser: "session",
    key: false,
    problems: [422],
    async handler(req) {
      await requireBooker(req);
      const session = await browserSession(req);
      if (!session?.carTypeId || !session.borrower || !session.driver) {
        throw new AppError("rejected", { reason: { code: session ? "borrower_required" : "details_updated" } });
      }
      const quote = await quoteReservation(req.db, req.siteId, {
        bundle: req.bundle,
        storeId: session.storeId,
        carTypeId: session.carTypeId,
        search: session.search,
        options: session.options,
        withImmunity: session.withImmunity,
        now: req.now,
      });
      if (!quote) throw notFoundError();
      refuseFields(quote.errors);
      if (quote.blocked || !quote.fees)
        throw new AppError("rejected", { reason: quote.blocked ?? { code: "no_cars_in_period" } });
      const changed = Boolean(session.fees && JSON.stringify(session.fees) !== JSON.stringify(quote.fees));
      if (changed || !session.fees) await saveSession(req, { ...session, fees: quote.fees });
      const store = req.bundle.stores.find((s) => s.id === session.storeId)!;
      return {
        reserve_session: sessionOut(session)!,
        ...feesOut(quote.fees),
        car_type: carTypeOut(req.bundle, req.locale, session.carTypeId),
        quote: quoteOut(req.bundle, req.locale, quote),
        settlement_lists: req.bundle.settings.settlementMethods,
        store_management_status: store.managementStatus,
        store_names: { departure: pickLang(store, "storeName", req.locale) },
        fees_changed: changed,
        page_edit_reserve_confirm: null,
      };
    },
  }),
  operation({
    method: "post",
    path: "/submit-reserve",
    tag: "reservations",
    operationId: "submit-reserve",
    summary: "Book: priced and checked again, the car held in one transaction; answers the reservation number",
    description:
      "A browser books its session's car with the chosen payment. A program sends the whole booking: the choice (store_id, car_type_id, sd, st, ed, et, option_{id}, immunity), `customer` and the payment. Paying by card in advance is done on the site's card page (3-D Secure needs the card holder); the API books with payment at the store (2, 3) or another agreed way (4).",
    body: SubmitBody,
    response: SubmitResultSchema,
    status: 201,
    browser: "session",
    key: "bookings",
    idempotent: true,
    problems: [409, 422],
    async handler(req) {
      await requireBooker(req);
      const body = asRecord(req.body);
      const confirm = ConfirmSchema.safeParse({ ...body, idempotency_key: "api" });
      if (!confirm.success)
        throw new AppError("invalid_input", { fieldErrors: issuesToErrors(confirm.error.issues) as never });
      const payMethod = Number(confirm.data.pay_method);
      if (!req.bundle.settings.settlementMethods.includes(payMethod) || payMethod === PAY_METHOD.advanceCard) {
        throw new AppError("invalid_input", {
          fieldErrors: {
            pay_method:
              payMethod === PAY_METHOD.advanceCard
                ? { code: "advance_card_too_early", params: { days: ADVANCE_CARD_LIMIT_DAYS } }
                : { code: "pay_method_required" },
          },
        });
      }
      let session: ReserveSession;
      if (body.store_id !== undefined || req.caller.kind === "key") {
        const chosen = await quoteChoice(req, body);
        const customer = await checkCustomer(req, chosen.session, formLike(asRecord(body.customer)));
        const { discardedImageKeys: _, ...kept } = customer;
        session = { ...chosen.session, ...kept };
      } else {
        const stored = await browserSession(req);
        if (!stored?.carTypeId || !stored.borrower || !stored.driver) {
          throw new AppError("rejected", { reason: { code: stored ? "borrower_required" : "details_updated" } });
        }
        session = stored;
      }
      const current: ReserveSession = {
        ...session,
        payMethod,
        payMethodOther: payMethod === PAY_METHOD.other ? confirm.data.pay_method_other : "",
        remarks: confirm.data.remarks,
      };
      const member = req.caller.kind === "browser" ? await req.session?.member() : null;
      const origin = req.services.publicOrigin ?? new URL(req.request.url).origin;
      const answer = await submitReservation(
        req.db,
        req.siteId,
        {
          bundle: req.bundle,
          session: current,
          // The framework keeps the API's answer per Idempotency-Key; the domain's own key guards the booking.
          idempotencyKey: req.request.headers.get("idempotency-key") ?? randomBytes(18).toString("base64url"),
          memberId: member?.id ?? null,
          locale: req.locale,
          now: req.now,
          // A program's booking says so (webhooks, the back office); a browser's is the website's.
          channel: req.caller.kind === "key" ? "api" : "web",
        },
        {
          mailer: req.services.mailer,
          payments: req.services.payments,
          logger: req.services.logger,
          mails: bookingMails({ siteCache: req.services.siteCache, db: req.db }, origin),
        },
      );
      if (answer.outcome === "refused") throw new AppError("rejected", { reason: answer.reason });
      if (req.caller.kind === "browser" && req.session) {
        await saveSession(req, {
          ...current,
          completed: { reservationId: answer.reservationId, reserveNo: answer.reserveNo },
        });
      }
      return {
        outcome: answer.outcome,
        reserve_no: answer.reserveNo,
        reserve_id: answer.reservationId,
        ...(answer.outcome === "requires_action" ? { action_url: answer.actionUrl } : {}),
      };
    },
  }),
];
