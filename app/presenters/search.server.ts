import { localDate } from "#common/calendar-date";
import { isRentalPeriodSlug, RENTAL_PERIOD_DAYS, RENTAL_PERIOD_SLUGS, type RentalPeriodSlug } from "#common/codes";
import { formatDateTime, formatIsoDate } from "#common/format";
import { type Locale, pickLang } from "#common/locales";
import { lastBookableDate, type StoreSchedule, selectableTimes } from "#common/store-rules";
import { type PeriodValues, periodValues } from "#server/availability/period";
import type { SearchOutcome } from "#server/availability/search";
import type { SearchQuery } from "#server/availability/search-schema";
import type { Suggestion } from "#server/availability/suggestions";
import { vacancyDisplay } from "#server/availability/vacancy";
import { isMultiStore, type SiteBundle, type StoreRow, siteTimeZone } from "#server/sites/site-bundle";
import { offerView } from "./catalog.server";

/** A store as the search form needs it: its times, its bookable dates and its schedule for the checks. */
export interface SearchFormStore {
  id: number;
  name: string;
  times: string[];
  minDate: string;
  maxDate: string;
  schedule: StoreSchedule;
  /** Its closing dates within the bookable window. */
  holidays: string[];
}

/** What the search form needs to render, values included (spec §2 side-bar). */
export interface SearchFormData {
  stores: SearchFormStore[];
  storeId: number | null;
  /** Every store's times, for the form before a store is chosen; a typed time stays selectable. */
  times: string[];
  /** Rental periods in order, with the days each adds to the departure date. */
  periods: { slug: RentalPeriodSlug; days: number }[];
  /** Days the site's default rental period adds: the return date follows the departure by this much. */
  defaultPeriodDays: number;
  values: PeriodValues;
  undecided: boolean;
  /** Today in the site's time zone: no date before it can be chosen, store or not (issue 40). */
  minDate: string;
}

function formStore(bundle: SiteBundle, store: StoreRow, locale: Locale, now: Date): SearchFormStore {
  const { settings } = bundle;
  const minDate = localDate(new Date(now.getTime() + settings.minLeadMinutes * 60_000), store.timeZone);
  const maxDate = lastBookableDate(store, localDate(now, store.timeZone), settings.maxAdvanceDays);
  const holidays = [...(bundle.catalogue.holidays.get(store.id) ?? [])]
    .filter((d) => d >= minDate && d <= maxDate)
    .sort();
  const { isOpen24h, businessStartTime, businessEndTime, closedDate, regularHolidayWeek, regularHolidayDates } = store;
  return {
    id: store.id,
    name: pickLang(store, "storeName", locale),
    times: selectableTimes(store),
    minDate,
    maxDate,
    schedule: {
      isOpen24h,
      businessStartTime,
      businessEndTime,
      closedDate,
      regularHolidayWeek,
      regularHolidayDates,
      highSeasonWeek: [],
      highSeasonDates: [],
      reserveMaxDate: store.reserveMaxDate,
      timeZone: store.timeZone,
    },
    holidays,
  };
}

export function searchFormData(
  bundle: SiteBundle,
  locale: Locale,
  input: { values: PeriodValues; storeId: number | null; undecided?: boolean; now: Date; onlyStore?: boolean },
): SearchFormData {
  const { values, storeId, now } = input;
  const stores = (input.onlyStore ? bundle.stores.filter((s) => s.id === storeId) : bundle.stores).map((s) =>
    formStore(bundle, s, locale, now),
  );
  const times = new Set(stores.flatMap((s) => s.times));
  // Keep a typed time selectable so the form shows it back with its error.
  for (const t of [values.st, values.et]) if (/^\d{2}:\d{2}$/.test(t)) times.add(t);
  const slug = bundle.settings.defaultRentalPeriodSlug;
  return {
    stores,
    storeId,
    times: [...times].sort(),
    periods: RENTAL_PERIOD_SLUGS.map((slug) => ({ slug, days: RENTAL_PERIOD_DAYS[slug] })),
    defaultPeriodDays: isRentalPeriodSlug(slug) ? RENTAL_PERIOD_DAYS[slug] : 0,
    values,
    undecided: input.undecided ?? false,
    minDate: localDate(now, siteTimeZone(bundle)),
  };
}

/**
 * The search form filled from a query over the site's defaults (top page, JSON API `side-bar`):
 * with no store asked for, a one-store site's store is chosen and a multi-store site's is left open.
 */
export function searchFormDefaults(
  bundle: SiteBundle,
  locale: Locale,
  query: Partial<Pick<SearchQuery, "si" | "sd" | "st" | "ed" | "et" | "rental_period_slug" | "date_undecided">>,
  now: Date,
): SearchFormData {
  const store = query.si ? bundle.stores.find((s) => s.id === query.si) : undefined;
  return searchFormData(bundle, locale, {
    values: periodValues(query, bundle.settings, localDate(now, store?.timeZone ?? siteTimeZone(bundle))),
    storeId: store?.id ?? (isMultiStore(bundle) ? null : (bundle.stores[0]?.id ?? null)),
    undecided: query.date_undecided ?? false,
    now,
  });
}

/** The period and store of a search as query values, for links that carry it forward. */
export function periodQuery(outcome: SearchOutcome): Record<string, string> {
  const q: Record<string, string> = {};
  if (outcome.store) q.si = String(outcome.store.id);
  if (outcome.undecided) q.date_undecided = "1";
  else {
    q.sd = outcome.values.sd;
    q.st = outcome.values.st;
    q.ed = outcome.values.ed;
    q.et = outcome.values.et;
  }
  return q;
}

/** The searched period as the visitor reads it, in the store's time zone. */
export function periodLabel(outcome: SearchOutcome, bundle: SiteBundle): { start: string; end: string } | null {
  const tz = outcome.store?.timeZone ?? siteTimeZone(bundle);
  return outcome.period
    ? { start: formatDateTime(outcome.period.start, tz), end: formatDateTime(outcome.period.end, tz) }
    : null;
}

/** The serialisable results page data (spec §2 /reserve). */
export function searchView(bundle: SiteBundle, locale: Locale, query: SearchQuery, outcome: SearchOutcome, now: Date) {
  return {
    form: searchFormData(bundle, locale, {
      values: outcome.values,
      storeId: outcome.store?.id ?? null,
      undecided: outcome.undecided,
      now,
    }),
    errors: outcome.errors,
    notice: outcome.notice,
    undecided: outcome.undecided,
    storeId: outcome.store?.id ?? null,
    storeName: outcome.store ? pickLang(outcome.store, "storeName", locale) : null,
    timeZone: outcome.store?.timeZone ?? siteTimeZone(bundle),
    period: periodLabel(outcome, bundle),
    offers: outcome.offers.map((o) => offerView(o, locale)),
    hiddenFullyBooked: outcome.hiddenFullyBooked,
    filters: {
      capacity: query.capacity ?? null,
      fwd: query.fwd,
      smoking: query.smoking ?? null,
      mission: query.mission ?? null,
      sort: outcome.sort,
      showEmpty: outcome.showEmpty,
    },
    carry: periodQuery(outcome),
    display: vacancyDisplay(bundle),
  };
}

/** Suggestions as links: the search to run (`href` is its query) and what the link says. */
export function suggestionsView(bundle: SiteBundle, locale: Locale, outcome: SearchOutcome, suggestions: Suggestion[]) {
  const { sd, st, ed, et } = outcome.values;
  return suggestions.map((s) => {
    const query =
      s.kind === "store"
        ? { si: String(s.storeId), sd, st, ed, et }
        : { si: String(outcome.store?.id ?? ""), sd: s.sd, st: s.st, ed: s.ed, et: s.et };
    const store = s.kind === "store" ? bundle.stores.find((x) => x.id === s.storeId) : undefined;
    return {
      kind: s.kind,
      free: s.free,
      storeName: store ? pickLang(store, "storeName", locale) : "",
      start: `${formatIsoDate(query.sd)} ${query.st}`,
      end: `${formatIsoDate(query.ed)} ${query.et}`,
      href: new URLSearchParams(query).toString(),
    };
  });
}
