import { type Locale, pickLang } from "../../app/i18n/locales";
import type { SiteBundle } from "../sites/site-bundle";
import type { PeriodValues } from "./period";
import { RENTAL_PERIOD_SLUGS } from "./rental-periods";
import { selectableTimes } from "./store-rules";

/** What the search form needs to render, values included (spec §2 side-bar). */
export interface SearchFormData {
  stores: { id: number; name: string }[];
  storeId: number | null;
  times: string[];
  periods: string[];
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
    periods: RENTAL_PERIOD_SLUGS,
    values,
    undecided,
  };
}
