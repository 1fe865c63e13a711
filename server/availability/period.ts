import { addDays, type IsoDate, isValidIsoDate, localDate, zonedInstant } from "#common/calendar-date";
import { isRentalPeriodSlug, RENTAL_PERIOD_DAYS } from "#common/codes";
import { lastBookableDate, type StoreSchedule } from "#common/store-rules";
import type { FieldErrors } from "./reasons";
import { addStoreErrors, searchFormErrors } from "./search-form.schema";
import type { SearchQuery } from "./search-schema";

export interface SearchDefaults {
  defaultStartDay: number;
  defaultStartTime: string;
  defaultEndDay: number;
  defaultEndTime: string;
  defaultRentalPeriodSlug: string;
}

export interface BookingWindow {
  minLeadMinutes: number;
  maxAdvanceDays: number;
}

/** The search form's values as the visitor sees them (typed, or filled from the site defaults). */
export interface PeriodValues {
  sd: string;
  st: string;
  ed: string;
  et: string;
  /** The chosen rental period ('01' … '10'), which sets the return date; empty when none. */
  rentalPeriodSlug: string;
}

export interface ResolvedPeriod {
  start: Date;
  end: Date;
  startDate: IsoDate;
  endDate: IsoDate;
}

/** Days a rental period slug adds; a site default that is not a known slug adds none. */
function periodDays(slug: string): number {
  return isRentalPeriodSlug(slug) ? RENTAL_PERIOD_DAYS[slug] : 0;
}

/** Fills what the query leaves out from the site defaults (spec §3, §9). */
export function periodValues(
  query: Partial<Pick<SearchQuery, "sd" | "st" | "ed" | "et" | "rental_period_slug">>,
  defaults: SearchDefaults,
  today: IsoDate,
): PeriodValues {
  const sd = query.sd ?? addDays(today, defaults.defaultStartDay);
  const chosen = query.rental_period_slug;
  let ed = chosen && isValidIsoDate(sd) ? addDays(sd, RENTAL_PERIOD_DAYS[chosen]) : query.ed;
  if (!ed) {
    ed =
      query.sd && isValidIsoDate(sd)
        ? addDays(sd, periodDays(defaults.defaultRentalPeriodSlug))
        : addDays(today, defaults.defaultEndDay);
  }
  return {
    sd,
    st: query.st ?? defaults.defaultStartTime,
    ed,
    et: query.et ?? defaults.defaultEndTime,
    rentalPeriodSlug: chosen ?? "",
  };
}

/**
 * Whether a period can be booked at a store, with the reason at the field it concerns:
 * dates exist, return after departure, departure in the future and inside the booking window
 * (lead time, maximum advance, the store's reserve max date), both ends in business hours and
 * not on a closed day (spec §5).
 */
export function checkPeriod(input: {
  values: PeriodValues;
  store: StoreSchedule;
  holidays: ReadonlySet<string> | undefined;
  window: BookingWindow;
  now: Date;
}): { period: ResolvedPeriod | null; errors: FieldErrors } {
  const { values, store, window, now } = input;
  // The form's own rules first (the browser ran them too), then those needing the store and the clock.
  const errors: FieldErrors = searchFormErrors(values);
  if (Object.keys(errors).length) return { period: null, errors };

  const start = zonedInstant(values.sd, values.st, store.timeZone);
  const end = zonedInstant(values.ed, values.et, store.timeZone);
  const today = localDate(now, store.timeZone);
  const lastBookable = lastBookableDate(store, today, window.maxAdvanceDays);

  if (end.getTime() <= start.getTime()) errors.ed = { code: "return_not_after_departure" };
  if (start.getTime() <= now.getTime()) errors.sd = { code: "departure_in_past" };
  else if (start.getTime() < now.getTime() + window.minLeadMinutes * 60_000) {
    errors.st = { code: "within_lead_time", params: { hours: Math.ceil(window.minLeadMinutes / 60) } };
  } else if (values.sd > lastBookable) {
    errors.sd = { code: "beyond_advance_period", params: { date: lastBookable.replaceAll("-", "/") } };
  }
  addStoreErrors(values, store, input.holidays, errors);

  if (Object.keys(errors).length) return { period: null, errors };
  return { period: { start, end, startDate: values.sd, endDate: values.ed }, errors };
}
