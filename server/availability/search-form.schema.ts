import { isValidIsoDate, isValidTime } from "#common/calendar-date";
import { isStoreClosed, isWithinBusinessHours, type StoreSchedule } from "#common/store-rules";
import type { FieldErrors } from "./reasons";

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

/** The chosen store's schedule, when the form knows it: closed days and hours are then checked too. */
export interface FormStore {
  schedule: StoreSchedule;
  holidays: readonly string[];
}

/**
 * Dates that exist, times on the clock, a store when the form asks for one, return after
 * departure; with the store's schedule, no closed day and no time outside its hours.
 */
export function searchFormErrors(v: SearchFormValues, store?: FormStore, minDate?: string): FieldErrors {
  const errors: FieldErrors = {};
  if (v.si === "") errors.si = { code: "store_required" };
  if (v.date_undecided === "1") return errors;
  if (!isValidIsoDate(v.sd)) errors.sd = { code: v.sd ? "date_invalid" : "date_required" };
  if (!isValidTime(v.st)) errors.st = { code: "time_invalid" };
  if (!isValidIsoDate(v.ed)) errors.ed = { code: v.ed ? "date_invalid" : "date_required" };
  if (!isValidTime(v.et)) errors.et = { code: "time_invalid" };
  // A day before today is refused before searching; the server's `checkPeriod` also checks the time.
  if (!errors.sd && minDate && v.sd < minDate) errors.sd = { code: "departure_in_past" };
  if (!errors.sd && !errors.ed && !errors.st && !errors.et && `${v.ed}T${v.et}` <= `${v.sd}T${v.st}`) {
    errors.ed = { code: "return_not_after_departure" };
  }
  if (store) addStoreErrors(v, store.schedule, new Set(store.holidays), errors);
  return errors;
}

/**
 * The store's closed days and hours, for the fields that have no message yet (a wrong format,
 * a past date or the lead time say more). The server's `checkPeriod` uses the same rule.
 */
export function addStoreErrors(
  v: Pick<SearchFormValues, "sd" | "st" | "ed" | "et">,
  schedule: StoreSchedule,
  holidays: ReadonlySet<string> | undefined,
  errors: FieldErrors,
): FieldErrors {
  const hours = { start: schedule.businessStartTime, end: schedule.businessEndTime };
  for (const [date, time] of [
    ["sd", "st"],
    ["ed", "et"],
  ] as const) {
    if (!errors[date] && isStoreClosed(schedule, holidays, v[date])) errors[date] = { code: "store_closed" };
    if (!errors[time] && !isWithinBusinessHours(schedule, v[time])) {
      errors[time] = { code: "outside_business_hours", params: hours };
    }
  }
  return errors;
}

/** What `safeParse` reports, in the shape `app/lib/forms.ts` reads from any schema. */
export type SearchFormParse =
  | { success: true }
  | { success: false; error: { issues: { code: string; path: string[]; message: string }[] } };

const TEXT_FIELDS = ["sd", "st", "ed", "et"] as const;
const OPTIONAL_FIELDS = ["si", "date_undecided"] as const;

/**
 * The form's schema; with a store it knows that store's closed days and hours. A plain check in
 * the shape of a schema (`safeParse`), without Zod: the search pages (top, results, car type)
 * load no validation library in the browser (issue 22). Missing dates and times are empty; a value
 * that is not text is refused as invalid input.
 */
export const searchFormSchema = (store?: FormStore, minDate?: string) => ({
  safeParse(input: unknown): SearchFormParse {
    const raw = (input ?? {}) as Record<string, unknown>;
    const issues: { code: string; path: string[]; message: string }[] = [];
    const values: Record<string, string | undefined> = {};
    for (const field of [...TEXT_FIELDS, ...OPTIONAL_FIELDS]) {
      const value = raw[field];
      if (value === undefined) values[field] = (TEXT_FIELDS as readonly string[]).includes(field) ? "" : undefined;
      else if (typeof value === "string") values[field] = value;
      else issues.push({ code: "invalid_type", path: [field], message: "invalid_input" });
    }
    if (issues.length) return { success: false, error: { issues } };
    for (const [field, reason] of Object.entries(
      searchFormErrors(values as unknown as SearchFormValues, store, minDate),
    )) {
      issues.push({ code: "custom", path: [field], message: reason.code });
    }
    return issues.length ? { success: false, error: { issues } } : { success: true };
  },
});

export const SearchFormSchema = searchFormSchema();
