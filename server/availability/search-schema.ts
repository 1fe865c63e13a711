import { z } from "zod";
import { RENTAL_PERIOD_SLUGS } from "#common/codes";
import { parseId } from "#common/params";

export const SORTS = ["recommend", "price_asc", "price_desc"] as const;
export type SortOrder = (typeof SORTS)[number];

/** "2026/12/01" or "2026-12-01" → "2026-12-01"; anything else is kept as typed for the error. */
const dateField = z
  .string()
  .trim()
  .max(20)
  .transform((v) => v.replaceAll("/", "-"))
  .optional()
  .catch(undefined);
const timeField = z.string().trim().max(10).optional().catch(undefined);
const flag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "on")
  .catch(false);
function oneOf<T extends string>(values: readonly T[]) {
  return z
    .string()
    .optional()
    .transform((v) => (values.includes(v as T) ? (v as T) : undefined))
    .catch(undefined);
}

/**
 * The search query (`/reserve?sd&st&ed&et&si&date_undecided&rental_period_slug` plus filters and
 * sort), shared by the search form, the results page and the API. Shape only: whether the
 * dates can be booked is the availability rules' answer. Unknown filter values are ignored;
 * a store that was given but is not an id stays visible as null, so the rules can say so.
 */
export const SearchQuerySchema = z.object({
  /** The store: absent (undefined), or given as an id or as something that is not one (null). */
  si: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? undefined : parseId(v)))
    .catch(null),
  sd: dateField,
  st: timeField,
  ed: dateField,
  et: timeField,
  date_undecided: flag,
  rental_period_slug: oneOf(RENTAL_PERIOD_SLUGS),
  capacity: oneOf(["2", "3", "4", "5", "6", "7", "8"]).transform((v) => (v ? Number(v) : undefined)),
  fwd: flag,
  smoking: oneOf(["1", "2"]).transform((v) => (v ? Number(v) : undefined)),
  mission: oneOf(["1", "2"]).transform((v) => (v ? Number(v) : undefined)),
  sort: oneOf(SORTS),
  /** Show fully booked types too; absent means the site's default. */
  empty: oneOf(["1", "2"]).transform((v) => (v ? Number(v) : undefined)),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(SearchQuerySchema.shape)) {
    const v = params.get(key);
    if (v !== null) raw[key] = v;
  }
  return SearchQuerySchema.parse(raw);
}
