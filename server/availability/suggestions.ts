import { addDays } from "#common/calendar-date";
import type { Db } from "#server/db/client";
import type { SiteBundle } from "#server/sites/site-bundle";
import { type SearchOutcome, searchCarTypes } from "./search";
import type { SearchQuery } from "./search-schema";

/** Somewhere to go when a search finds nothing free: another store, or nearby dates at this one. */
export type Suggestion =
  | { kind: "store"; storeId: number; free: number }
  | { kind: "dates"; sd: string; st: string; ed: string; et: string; free: number };

/** How far dates are moved, nearest first: +1, −1, +2, −2 … days. */
const SHIFTS = [1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7];
const MAX_DATE_SUGGESTIONS = 2;

const freeCount = (outcome: SearchOutcome) => outcome.offers.filter((o) => o.price && (o.remaining ?? 0) > 0).length;

/**
 * For a search with a period and nothing free: the site's other stores that have free cars for
 * the same period, then the nearest shifted periods (same length, same times) with free cars at
 * this store. The same search function decides, so a suggestion never leads to an empty page.
 */
export async function suggestAlternatives(
  db: Db,
  siteId: string,
  input: { bundle: SiteBundle; query: SearchQuery; outcome: SearchOutcome; now: Date },
): Promise<Suggestion[]> {
  const { bundle, query, outcome, now } = input;
  const store = outcome.store;
  if (!store || !outcome.period || outcome.undecided || freeCount(outcome) > 0) return [];
  const suggestions: Suggestion[] = [];
  const search = (q: SearchQuery) => searchCarTypes(db, siteId, { bundle, query: { ...q, empty: 2 }, now });

  for (const other of bundle.stores) {
    if (other.id === store.id) continue;
    const free = freeCount(await search({ ...query, si: other.id }));
    if (free) suggestions.push({ kind: "store", storeId: other.id, free });
  }

  const { sd, st, ed, et } = outcome.values;
  let found = 0;
  for (const shift of SHIFTS) {
    const moved = { sd: addDays(sd, shift), st, ed: addDays(ed, shift), et };
    const result = await search({ ...query, ...moved, rental_period_slug: undefined, si: store.id });
    const free = freeCount(result);
    if (!free) continue;
    suggestions.push({ kind: "dates", ...moved, free });
    if (++found >= MAX_DATE_SUGGESTIONS) break;
  }
  return suggestions;
}
