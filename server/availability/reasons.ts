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
  // Accounts: member forms, login, passwords, drivers, cards, withdrawal.
  "name_required",
  "kana_required",
  "company_required",
  "company_kana_required",
  "email_required",
  "email_invalid",
  "email_taken",
  "password_required",
  "password_too_short",
  "password_too_long",
  "password_not_halfwidth",
  "password_common",
  "password_mismatch",
  "current_password_incorrect",
  "login_failed",
  "too_many_attempts",
  "birthdate_required",
  "birthdate_invalid",
  "gender_required",
  "tel_required",
  "tel_invalid",
  "zip_required",
  "zip_invalid",
  "pref_required",
  "country_required",
  "city_required",
  "building_required",
  "user_type_required",
  "text_too_long",
  "invalid_choice",
  "invalid_input",
  "reset_link_invalid",
  "license_type_required",
  "license_number_required",
  "license_issue_required",
  "license_issue_future",
  "license_expiry_required",
  "license_expired",
  "image_required",
  "image_too_large",
  "image_type",
  "image_too_many",
  "driver_has_reserve",
  "card_number_required",
  "card_holder_required",
  "card_expiry_required",
  "card_cvc_required",
  "invalid_number",
  "invalid_expiry",
  "card_expired",
  "incorrect_cvc",
  "card_declined",
  "jcb_not_accepted",
  "authentication_failed",
  "card_failed",
  "withdrawal_renting",
  "withdrawal_reserved",
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export interface Reason {
  code: ReasonCode;
  params?: Record<string, string | number>;
}

/** Search form fields a reason can be attached to. */
export type SearchField = "si" | "sd" | "st" | "ed" | "et" | "form";
export type FieldErrors = Partial<Record<SearchField, Reason>>;
