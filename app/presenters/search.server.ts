import { RENTAL_PERIOD_DAYS, RENTAL_PERIOD_SLUGS, type RentalPeriodSlug } from "../../common/codes";
import { formatDateTime } from "../../common/format";
import { type Locale, pickLang } from "../../common/locales";
import type { PeriodValues } from "../../server/availability/period";
import type { SearchOutcome } from "../../server/availability/search";
import type { SearchQuery } from "../../server/availability/search-schema";
import { selectableTimes } from "../../server/availability/store-rules";
import { vacancyDisplay } from "../../server/availability/vacancy";
import { type SiteBundle, siteTimeZone } from "../../server/sites/site-bundle";
import { offerView } from "./catalog.server";

/** What the search form needs to render, values included (spec §2 side-bar). */
export interface SearchFormData {
  stores: { id: number; name: string }[];
  storeId: number | null;
  times: string[];
  /** Rental periods in order, with the days each adds to the departure date. */
  periods: { slug: RentalPeriodSlug; days: number }[];
  values: PeriodValues;
  undecided: boolean;
}

export function searchFormData(
  bundle: SiteBundle,
  locale: Locale,
  values: PeriodValues,
  storeId: number | null,
  undecided = false,
): SearchFormData {
  const times = new Set<string>();
  for (const s of bundle.stores) for (const t of selectableTimes(s)) times.add(t);
  // Keep a typed time selectable so the form shows it back with its error.
  for (const t of [values.st, values.et]) if (/^\d{2}:\d{2}$/.test(t)) times.add(t);
  return {
    stores: bundle.stores.map((s) => ({ id: s.id, name: pickLang(s, "storeName", locale) })),
    storeId,
    times: [...times].sort(),
    periods: RENTAL_PERIOD_SLUGS.map((slug) => ({ slug, days: RENTAL_PERIOD_DAYS[slug] })),
    values,
    undecided,
  };
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
export function searchView(bundle: SiteBundle, locale: Locale, query: SearchQuery, outcome: SearchOutcome) {
  return {
    form: searchFormData(bundle, locale, outcome.values, outcome.store?.id ?? null, outcome.undecided),
    errors: outcome.errors,
    notice: outcome.notice,
    undecided: outcome.undecided,
    storeId: outcome.store?.id ?? null,
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
