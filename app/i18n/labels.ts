import type { RentalPeriodSlug } from "#common/codes";
import type { CalendarMark } from "#server/availability/calendar-month";
import type { ReasonCode } from "#server/availability/reasons";
import type { SortOrder } from "#server/availability/search-schema";
import type { FeeRow } from "#server/pricing/fee-table";
import type { MessageKey } from "./messages/ja";

/**
 * Codes from the domain and the spec mapped to message keys, checked by the compiler: a new
 * code without a message does not build, and no key is put together from strings.
 */
export const REASON_MESSAGE = {
  store_required: "reason.store_required",
  date_required: "reason.date_required",
  date_invalid: "reason.date_invalid",
  time_invalid: "reason.time_invalid",
  return_not_after_departure: "reason.return_not_after_departure",
  departure_in_past: "reason.departure_in_past",
  within_lead_time: "reason.within_lead_time",
  beyond_advance_period: "reason.beyond_advance_period",
  outside_business_hours: "reason.outside_business_hours",
  store_closed: "reason.store_closed",
  web_reserve_suspended: "reason.web_reserve_suspended",
  no_cars_match: "reason.no_cars_match",
  condition_unavailable: "reason.condition_unavailable",
  type_fully_booked: "reason.type_fully_booked",
  no_cars_in_period: "reason.no_cars_in_period",
  cancel_closed: "reason.cancel_closed",
  cancel_stale_changed: "reason.cancel_stale_changed",
  cancel_stale_fee: "reason.cancel_stale_fee",
  name_required: "reason.name_required",
  kana_required: "reason.kana_required",
  kana_invalid: "reason.kana_invalid",
  company_required: "reason.company_required",
  company_kana_required: "reason.company_kana_required",
  email_required: "reason.email_required",
  email_invalid: "reason.email_invalid",
  email_taken: "reason.email_taken",
  password_required: "reason.password_required",
  password_too_short: "reason.password_too_short",
  password_too_long: "reason.password_too_long",
  password_not_halfwidth: "reason.password_not_halfwidth",
  password_common: "reason.password_common",
  password_mismatch: "reason.password_mismatch",
  current_password_incorrect: "reason.current_password_incorrect",
  login_failed: "reason.login_failed",
  too_many_attempts: "reason.too_many_attempts",
  birthdate_required: "reason.birthdate_required",
  birthdate_invalid: "reason.birthdate_invalid",
  gender_required: "reason.gender_required",
  tel_required: "reason.tel_required",
  tel_invalid: "reason.tel_invalid",
  zip_required: "reason.zip_required",
  zip_invalid: "reason.zip_invalid",
  postal_invalid: "reason.postal_invalid",
  pref_required: "reason.pref_required",
  country_required: "reason.country_required",
  city_required: "reason.city_required",
  building_required: "reason.building_required",
  user_type_required: "reason.user_type_required",
  text_too_long: "reason.text_too_long",
  invalid_choice: "reason.invalid_choice",
  option_not_offered: "reason.option_not_offered",
  option_over_limit: "reason.option_over_limit",
  text_expected: "reason.text_expected",
  invalid_input: "reason.invalid_input",
  reset_link_invalid: "reason.reset_link_invalid",
  license_type_required: "reason.license_type_required",
  license_number_required: "reason.license_number_required",
  license_issue_required: "reason.license_issue_required",
  license_issue_future: "reason.license_issue_future",
  license_expiry_required: "reason.license_expiry_required",
  license_expired: "reason.license_expired",
  image_required: "reason.image_required",
  image_too_large: "reason.image_too_large",
  image_type: "reason.image_type",
  image_too_many: "reason.image_too_many",
  driver_has_reserve: "reason.driver_has_reserve",
  card_number_required: "reason.card_number_required",
  card_holder_required: "reason.card_holder_required",
  card_expiry_required: "reason.card_expiry_required",
  card_cvc_required: "reason.card_cvc_required",
  invalid_number: "reason.invalid_number",
  invalid_expiry: "reason.invalid_expiry",
  card_expired: "reason.card_expired",
  incorrect_cvc: "reason.incorrect_cvc",
  card_declined: "reason.card_declined",
  jcb_not_accepted: "reason.jcb_not_accepted",
  authentication_failed: "reason.authentication_failed",
  card_failed: "reason.card_failed",
  payment_unconfirmed: "reason.payment_unconfirmed",
  card_incomplete: "reason.card_incomplete",
  card_form_unavailable: "reason.card_form_unavailable",
  withdrawal_renting: "reason.withdrawal_renting",
  withdrawal_reserved: "reason.withdrawal_reserved",
  borrower_required: "reason.borrower_required",
  driver_selection_required: "reason.driver_selection_required",
  pay_method_required: "reason.pay_method_required",
  pay_method_other_required: "reason.pay_method_other_required",
  advance_card_too_early: "reason.advance_card_too_early",
  details_updated: "reason.details_updated",
  idempotency_key_reused: "reason.idempotency_key_reused",
  submit_in_progress: "reason.submit_in_progress",
  submit_failed: "reason.submit_failed",
  option_not_possible_required: "reason.option_not_possible_required",
  long_rental_unconfirmed: "reason.long_rental_unconfirmed",
} as const satisfies Record<ReasonCode, MessageKey>;

export const PERIOD_LABEL = {
  "01": "period.01",
  "02": "period.02",
  "03": "period.03",
  "04": "period.04",
  "05": "period.05",
  "06": "period.06",
  "07": "period.07",
  "08": "period.08",
  "09": "period.09",
  "10": "period.10",
} as const satisfies Record<RentalPeriodSlug, MessageKey>;

export const SORT_LABEL = {
  recommend: "sort.recommend",
  price_asc: "sort.price_asc",
  price_desc: "sort.price_desc",
} as const satisfies Record<SortOrder, MessageKey>;

export const CALENDAR_MARK_LABEL = {
  circle: "calendar.mark.circle",
  triangle: "calendar.mark.triangle",
  cross: "calendar.mark.cross",
  tel: "calendar.mark.tel",
  closed: "calendar.mark.closed",
  past: "calendar.mark.past",
} as const satisfies Record<CalendarMark, MessageKey>;

/** Tiers without a count; "upTo" and "nights" take theirs as parameters. */
export const FEE_TIER_LABEL = {
  upTo: "fee.tier.upTo",
  sameDay: "fee.tier.sameDay",
  nights: "fee.tier.nights",
  nights14: "fee.tier.nights14",
  month: "fee.tier.month",
  extraHour: "fee.tier.extraHour",
  extraDay: "fee.tier.extraDay",
} as const satisfies Record<FeeRow["tier"], MessageKey>;

/** Numbered codes of the spec (§3): index = code. */
export const WEEKDAY_LABEL: readonly MessageKey[] = [
  "weekday.0",
  "weekday.1",
  "weekday.2",
  "weekday.3",
  "weekday.4",
  "weekday.5",
  "weekday.6",
];
export const WEEKDAY_SHORT_LABEL: readonly MessageKey[] = [
  "weekdayShort.0",
  "weekdayShort.1",
  "weekdayShort.2",
  "weekdayShort.3",
  "weekdayShort.4",
  "weekdayShort.5",
  "weekdayShort.6",
];
export const FEE_MODE_LABEL: Readonly<Record<number, MessageKey>> = {
  1: "fee.mode.1",
  2: "fee.mode.2",
  3: "fee.mode.3",
};
export const FUEL_LABEL: Readonly<Record<number, MessageKey>> = {
  1: "fuel.1",
  2: "fuel.2",
  3: "fuel.3",
  4: "fuel.4",
  5: "fuel.5",
};
export const MISSION_LABEL: Readonly<Record<number, MessageKey>> = { 1: "mission.1", 2: "mission.2" };
export const SMOKING_LABEL: Readonly<Record<number, MessageKey>> = { 1: "smoking.1", 2: "smoking.2" };

/** The message of a numbered code; a code the table lacks (not allowed by the database) shows a dash. */
export function codeLabel(table: Readonly<Record<number, MessageKey>>, code: number): MessageKey {
  return table[code] ?? "label.unknown";
}

/** The message of a reason code received as data (an error payload); unknown codes have none. */
export function reasonMessage(code: string): MessageKey | null {
  return Object.hasOwn(REASON_MESSAGE, code) ? REASON_MESSAGE[code as ReasonCode] : null;
}

/** How a time zone is named next to times: Japan's by name, others by their IANA id. */
export function zoneMessage(timeZone: string): { key: MessageKey; params?: { zone: string } } {
  return timeZone === "Asia/Tokyo" ? { key: "zone.tokyo" } : { key: "zone.other", params: { zone: timeZone } };
}
