/**
 * Why the back office refused something. Messages are `admin.reason.<code>` in the back office's
 * catalogues; codes the public forms share (`email_invalid`, `text_too_long`, …) keep the site's.
 */
export const ADMIN_REASON_CODES = [
  "forbidden",
  "invitation_invalid",
  "two_factor_required",
  "two_factor_invalid",
  "staff_email_taken",
  "last_owner",
  "stores_required",
  "required",
  "in_use",
  "has_future_bookings",
  "number_invalid",
  "number_range",
  "date_past",
  "color_invalid",
  "slug_invalid",
  "slug_taken",
  "registration_taken",
  "capacity_conflict",
  "stale",
  "hours_order",
  "import_file_required",
  "import_too_many_rows",
  "import_empty",
  "import_has_errors",
  "registration_duplicate",
  "embed_origin_invalid",
  "embed_origins_too_many",
  "tracking_id_invalid",
  "registration_number_format",
  "registration_number_check",
  "default_period_order",
  "media_type",
  "media_too_large",
  "owner_only",
  "settlement_required",
  // Prices (fee plans).
  "fee_tier_gap",
  "fee_tier_decreasing",
  "fee_plan_duplicate",
  // The counter (issue 24).
  "vehicle_required",
  "vehicle_taken",
  "vehicle_not_for_booking",
  "vehicle_out_of_service",
  "reservation_stage",
  "return_before_departure",
  "mileage_below",
  "time_out_of_range",
  "cancel_fee_too_high",
  "cancel_stale_changed",
  "cancel_stale_fee",
  "fee_step_duplicate",
  "turnaround_conflict",
  "vehicle_has_rentals",
  "member_not_found",
  // Phone and counter bookings (issue 37): an option the store does not offer, or more than it lends.
  "option_unknown",
  "option_over_max",
  // Members registered at the store.
  "first_password_set",
  // Returns and their charges (issue 37).
  "time_in_future",
  "mileage_jump",
  "adjust_reason_required",
  "charges_changed",
  "return_not_card_failed",
  "payment_not_retryable",
  // Webhook endpoints (decisions 034, 046): the form's codes, also raised past it.
  "webhook_url_invalid",
  "webhook_url_https",
  "webhook_url_private",
] as const;
export type AdminReasonCode = (typeof ADMIN_REASON_CODES)[number];

export interface AdminReason {
  code: AdminReasonCode;
  params?: Record<string, string | number>;
}
