import { formatDateTime } from "../../app/i18n/format";
import type { Locale } from "../../app/i18n/locales";
import { offerView } from "../catalog/views";
import type { SiteBundle } from "../sites/site-bundle";
import type { SearchOutcome } from "./search";
import { searchFormData } from "./search-form";
import type { SearchQuery } from "./search-schema";

/** How vacancy is shown: the ○/△/× threshold, the × mark and whether counts appear (spec §3). */
export interface VacancyDisplay {
  triangle: number;
  crossMark: string;
  showCount: boolean;
  showCalendar: boolean;
  showImages: boolean;
}

export function vacancyDisplay(bundle: SiteBundle): VacancyDisplay {
  const s = bundle.settings;
  return {
    triangle: s.triangleCarNumber,
    crossMark: s.noReserveCarCalendarMark,
    showCount: s.remainingCarNumber === 1,
    showCalendar: s.isDispEmptyCarCalendar === 1,
    showImages: s.isDispImage,
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
export function periodLabel(outcome: SearchOutcome): { start: string; end: string } | null {
  const tz = outcome.store?.timeZone ?? "Asia/Tokyo";
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
    period: periodLabel(outcome),
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
