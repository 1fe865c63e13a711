import { formatDateTime } from "#common/format";
import { type Locale, pickLang } from "#common/locales";
import type { Reason } from "#server/availability/reasons";
import type { Quote } from "#server/reservations/quote";
import type { Fees, ReserveSession } from "#server/reservations/reserve-session";
import type { SiteBundle } from "#server/sites/site-bundle";
import { type CarTypeSummary, carTypeSummary, type OptionView, optionView } from "./catalog.server";

/**
 * The booking flow's views (options, login, customer, confirmation): a quote or a reservation
 * session localised for a page. Dates and times are in the store's time zone, which the page
 * names next to them (`zoneMessage`).
 */

/** Departure and return as the visitor reads them (`2026/12/01 11:00`), with the zone to name. */
export interface PeriodView {
  start: string;
  end: string;
  timeZone: string;
}

export function periodView(start: Date, end: Date, timeZone: string): PeriodView {
  return { start: formatDateTime(start, timeZone), end: formatDateTime(end, timeZone), timeZone };
}

export interface QuotedOptionView extends OptionView {
  /** 0 when not chosen. */
  quantity: number;
  /** What the chosen quantity costs for the period (tax included). */
  fee: number;
  /** The store cannot promise it: the booker says whether to reserve anyway or cancel (spec §5). */
  mayBeUnavailable: boolean;
}

export interface QuoteView {
  store: { id: number; name: string; tel: string; timeZone: string };
  car: CarTypeSummary;
  period: PeriodView | null;
  options: QuotedOptionView[];
  /** Null when the class has no collision damage waiver. */
  immunity: { perDay: number; isDefault: boolean; chosen: boolean } | null;
  fees: Fees | null;
  rentalDays: number;
  blocked: Reason | null;
  remaining: number | null;
}

/** A quote (options page, confirmation) in one language. */
export function quoteView(quote: Quote, locale: Locale): QuoteView {
  const { store } = quote;
  return {
    store: { id: store.id, name: pickLang(store, "storeName", locale), tel: store.tel, timeZone: store.timeZone },
    car: carTypeSummary(quote.carType, quote.carClass, locale),
    period: quote.period ? periodView(quote.period.start, quote.period.end, store.timeZone) : null,
    options: quote.options.map((o) => ({
      ...optionView(o.option, locale),
      quantity: o.quantity,
      fee: o.fee,
      mayBeUnavailable: o.option.mayBeUnavailable,
    })),
    immunity:
      quote.immunityPerDay === null
        ? null
        : { perDay: quote.immunityPerDay, isDefault: quote.immunityDefault, chosen: quote.withImmunity },
    fees: quote.fees,
    rentalDays: quote.rentalDays,
    blocked: quote.blocked,
    remaining: quote.remaining,
  };
}

/** What a booking step shows at its top: the car, the store, the period and the total seen so far. */
export interface BookingSummaryView {
  storeName: string;
  className: string;
  carName: string;
  period: PeriodView;
  /** The total shown at the options step (recomputed at the confirmation); null before it. */
  total: number | null;
}

/** The reservation session as a short summary; null when its store or car type is gone. */
export function bookingSummary(bundle: SiteBundle, session: ReserveSession, locale: Locale): BookingSummaryView | null {
  const store = bundle.stores.find((s) => s.id === session.storeId);
  const carType = bundle.catalogue.carTypes.find((t) => t.id === session.carTypeId);
  const carClass = carType && bundle.catalogue.classes.find((c) => c.id === carType.classId);
  if (!store || !carType || !carClass) return null;
  return {
    storeName: pickLang(store, "storeName", locale),
    className: pickLang(carClass, "className", locale),
    carName: pickLang(carType, "typeName", locale),
    period: periodView(new Date(session.startAt), new Date(session.endAt), store.timeZone),
    total: session.fees?.total ?? null,
  };
}
