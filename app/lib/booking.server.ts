import { randomBytes } from "node:crypto";
import { type RouterContextProvider, redirect } from "react-router";
import { bookingMails, composeBookingMails } from "#app/presenters/booking-mail.server";
import { addDays, localDate } from "#common/calendar-date";
import type { CounterBookingDeps } from "#server/counter/phone-booking";
import type { Db } from "#server/db/client";
import { ADVANCE_CARD_LIMIT_DAYS, type BookingDeps, type SubmitAnswer } from "#server/reservations/booking";
import { releaseHold } from "#server/reservations/card-settlement";
import { quoteReservation } from "#server/reservations/quote";
import type { ReserveSession } from "#server/reservations/reserve-session";
import type { SiteBundle } from "#server/sites/site-bundle";
import { requireReserveSession, reservePath, saveReserveSession } from "./reserve-session.server";
import { publicOrigin } from "./seo.server";
import { getMember } from "./session.server";
import { getSite, services } from "./site.server";
import { challengeUrl } from "./stripe.server";

type Context = Readonly<RouterContextProvider>;

/** What the submit needs from the request's services: mail, payments and the site's mail words. */
export function bookingDeps(context: Context, request: Request): BookingDeps {
  const s = services(context);
  return {
    mailer: s.mailer,
    payments: s.payments,
    logger: s.logger,
    mails: bookingMails(s, publicOrigin(request, context)),
  };
}

/** The submit's needs for a booking taken at the counter: the store's mail names who took it. */
export function counterBookingDeps(context: Context, request: Request): CounterBookingDeps {
  const s = services(context);
  const origin = publicOrigin(request, context);
  return {
    mailer: s.mailer,
    payments: s.payments,
    logger: s.logger,
    mails: async (siteId, taker) => {
      const bundle = await s.siteCache.get(s.db, siteId);
      if (!bundle) throw new Error("booking mails: unknown site");
      return composeBookingMails(bundle, origin, { takenBy: taker.name });
    },
  };
}

/** A fresh idempotency key for the next submit of this session (decision 021). */
export const newIdempotencyKey = () => randomBytes(18).toString("base64url");

/** The quote of the session's booking as it stands now. */
export function quoteSession(db: Db, siteId: string, bundle: SiteBundle, session: ReserveSession) {
  return quoteReservation(db, siteId, {
    bundle,
    storeId: session.storeId,
    carTypeId: session.carTypeId,
    search: session.search,
    options: session.options,
    withImmunity: session.withImmunity,
    now: new Date(),
  });
}

/** Whether advance card payment is refused for this departure date (spec §5: 50 days or more ahead). */
export function advanceCardTooEarly(startDate: string, timeZone: string, now = new Date()): boolean {
  return startDate >= addDays(localDate(now, timeZone), ADVANCE_CARD_LIMIT_DAYS);
}

/**
 * The session the confirmation and card steps work on (spec §4 confirm guard): none → the search;
 * a guest on a members-only site → the login step; a member without a car type → the search;
 * a guest lacking the borrower or driver → back one page, the customer step.
 */
export async function requireConfirmableSession(context: Context) {
  const session = await requireReserveSession(context);
  const member = await getMember(context);
  const { bundle } = getSite(context);
  if (!member && !bundle.settings.isDispNonMember) throw redirect(reservePath(context, "/reserve/login"));
  if (!session.carTypeId) throw redirect(reservePath(context, "/reserve"));
  if (!session.borrower || !session.driver) throw redirect(reservePath(context, "/reserve/user"));
  return { session, member };
}

/**
 * After a submit: a completed booking goes to the completion page; a refusal keeps the session and
 * gives it a new key, so the next attempt is a new request (a retry of the old key would only
 * replay the refusal).
 */
export async function afterSubmit(
  context: Context,
  session: ReserveSession,
  answer: SubmitAnswer,
): Promise<{ redirectTo: string } | { refused: Extract<SubmitAnswer, { outcome: "refused" }>["reason"] }> {
  if (answer.outcome === "completed") {
    await saveReserveSession(context, {
      ...session,
      pendingPayment: null,
      completed: { reservationId: answer.reservationId, reserveNo: answer.reserveNo },
    });
    return { redirectTo: reservePath(context, "/reserve/completed") };
  }
  if (answer.outcome === "requires_action") {
    // The next attempt (another card, another method) is a new request with a new key.
    await saveReserveSession(context, {
      ...session,
      pendingPayment: { reservationId: answer.reservationId },
      idempotencyKey: newIdempotencyKey(),
    });
    const back = `${reservePath(context, "/reserve/credit_card")}?reservation=${answer.reservationId}`;
    return { redirectTo: challengeUrl(answer.actionUrl, back) };
  }
  await saveReserveSession(context, {
    ...session,
    pendingPayment: null,
    idempotencyKey: newIdempotencyKey(),
    // A changed price is shown at once on the confirmation, to be confirmed again.
    fees: answer.reason.code === "details_updated" ? null : session.fees,
  });
  return { refused: answer.reason };
}

/**
 * A new attempt while a 3-D Secure challenge was left open: that hold is released first, so the
 * abandoned attempt never keeps a car (a payment that still completes later is refunded).
 */
export async function releasePendingPayment(context: Context, session: ReserveSession): Promise<ReserveSession> {
  if (!session.pendingPayment) return session;
  const { siteId } = getSite(context);
  await releaseHold(services(context).db, siteId, session.pendingPayment.reservationId, null);
  const next = { ...session, pendingPayment: null };
  await saveReserveSession(context, next);
  return next;
}
