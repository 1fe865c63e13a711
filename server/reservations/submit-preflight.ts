import { addDays, localDate } from "#common/calendar-date";
import { longRentalRefusal } from "#common/long-rental";
import type { Reason } from "#server/availability/reasons";
import type { SiteBundle } from "#server/sites/site-bundle";
import { ADVANCE_CARD_LIMIT_DAYS, PAY_METHOD, type SubmitInput } from "./booking";
import { feesDiffer, type Quote } from "./quote";

/**
 * How the counter is paid: cash or card at the store, another way staff write down, or by card in
 * advance through a link mailed to the customer (the booking is confirmed, its payment pending).
 */
export const COUNTER_PAY_METHODS: readonly number[] = [
  PAY_METHOD.cash,
  PAY_METHOD.cardAtStore,
  PAY_METHOD.other,
  PAY_METHOD.advanceCard,
];

/**
 * How a program with a key pays (issue 42): at the store as the site takes it (cash, card), or by
 * the card link mailed to the customer, which keeps the car while the payment is pending.
 */
export function apiPayMethods(bundle: SiteBundle): readonly number[] {
  const atStore = bundle.settings.settlementMethods.filter(
    (m) => m === PAY_METHOD.cash || m === PAY_METHOD.cardAtStore,
  );
  return [PAY_METHOD.advanceCard, ...atStore];
}

/** The site as the counter books it: suspended web bookings do not close the phone, and no lead time applies. */
export function counterBundle(bundle: SiteBundle): SiteBundle {
  return { ...bundle, settings: { ...bundle.settings, webReserveAccepting: true, minLeadMinutes: 0 } };
}

/** Why this session cannot be booked as it stands, before anything is written. */
export function preflight(input: SubmitInput, quote: Quote | null): Reason | null {
  const { bundle, session, now } = input;
  const counter = input.channel === "counter";
  if (!counter && !bundle.settings.webReserveAccepting) return { code: "web_reserve_suspended" };
  if (!quote) return { code: "no_cars_in_period" };
  if (quote.blocked) return quote.blocked;
  const firstError = Object.values(quote.errors)[0];
  if (firstError) return firstError;
  if (!quote.period || !quote.fees) return { code: "no_cars_in_period" };
  if (!session.borrower || !session.driver) return { code: "borrower_required" };
  const method = session.payMethod;
  const offered = counter
    ? COUNTER_PAY_METHODS
    : input.channel === "api"
      ? apiPayMethods(bundle)
      : bundle.settings.settlementMethods;
  if (!method || !offered.includes(method)) return { code: "pay_method_required" };
  if (method === PAY_METHOD.advanceCard) {
    const limit = addDays(localDate(now, quote.store.timeZone), ADVANCE_CARD_LIMIT_DAYS);
    if (quote.period.startDate >= limit)
      return { code: "advance_card_too_early", params: { days: ADVANCE_CARD_LIMIT_DAYS } };
  }
  if (feesDiffer(session.fees, quote.fees)) return { code: "details_updated" };
  // Checked again here: the options step is not the only way in (the JSON API's session call).
  if (!counter) return longRentalRefusal(bundle.settings.longRentalDays, quote.rentalDays, session.longRentalConfirmed);
  return null;
}
