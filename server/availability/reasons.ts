/**
 * Why a search or a booking cannot go ahead. Each code has a message in the four catalogues
 * under `reason.<code>` (spec §5, §8).
 */
export const REASON_CODES = [
  "store_required",
  "date_required",
  "date_invalid",
  "time_invalid",
  "return_not_after_departure",
  "departure_in_past",
  "within_lead_time",
  "beyond_advance_period",
  "outside_business_hours",
  "store_closed",
  "web_reserve_suspended",
  "no_cars_match",
  "condition_unavailable",
  "type_fully_booked",
  "no_cars_in_period",
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export interface Reason {
  code: ReasonCode;
  params?: Record<string, string | number>;
}

/** Search form fields a reason can be attached to. */
export type SearchField = "si" | "sd" | "st" | "ed" | "et" | "form";
export type FieldErrors = Partial<Record<SearchField, Reason>>;
