import * as z from "zod/mini";
import { isValidIsoDate, isValidTime } from "../../common/calendar-date";
import type { FieldErrors, SearchField } from "./reasons";

/**
 * The search form's schema (spec §2 top page and /reserve), client-safe: the browser checks what it
 * can before sending (progressive enhancement) and the server runs the same rules first in
 * `checkPeriod`, then the ones that need the store and the clock. Messages are reason codes.
 */
export interface SearchFormValues {
  si?: string;
  sd: string;
  st: string;
  ed: string;
  et: string;
  date_undecided?: string;
}

/** Dates that exist, times on the clock, a store when the form asks for one. */
export function searchFormErrors(v: SearchFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (v.si === "") errors.si = { code: "store_required" };
  if (v.date_undecided === "1") return errors;
  if (!isValidIsoDate(v.sd)) errors.sd = { code: v.sd ? "date_invalid" : "date_required" };
  if (!isValidTime(v.st)) errors.st = { code: "time_invalid" };
  if (!isValidIsoDate(v.ed)) errors.ed = { code: v.ed ? "date_invalid" : "date_required" };
  if (!isValidTime(v.et)) errors.et = { code: "time_invalid" };
  if (!errors.sd && !errors.ed && !errors.st && !errors.et && `${v.ed}T${v.et}` <= `${v.sd}T${v.st}`) {
    errors.ed = { code: "return_not_after_departure" };
  }
  return errors;
}

const text = z._default(z.string(), "");

export const SearchFormSchema = z
  .object({
    si: z.optional(z.string()),
    sd: text,
    st: text,
    ed: text,
    et: text,
    date_undecided: z.optional(z.string()),
  })
  .check(
    z.superRefine((values, ctx) => {
      for (const [field, reason] of Object.entries(searchFormErrors(values))) {
        ctx.addIssue({ code: "custom", path: [field as SearchField], message: reason.code, input: values });
      }
    }),
  );
