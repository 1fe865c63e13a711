import type { ReasonLike } from "#common/app-error";
import { AppError } from "#server/errors";
import { PartnerError, type PartnerProblem, type ProblemReason } from "./problems.server";

/**
 * The domain's refusals (`AppError` with reason codes, decision 033) in the words of the API for
 * programs: its field names and English sentences for a programmer, never the site's messages.
 */

/** What the booking rules' codes mean, for a program. */
const RULES: Record<string, string> = {
  store_required: "The store is unknown or takes no bookings.",
  date_required: "The pickup and return dates are required.",
  date_invalid: "A date is not a valid date (YYYY-MM-DD).",
  time_invalid: "A time is not one the store offers (HH:mm on its time grid).",
  return_not_after_departure: "The return must be after the pickup.",
  departure_in_past: "The pickup is in the past.",
  within_lead_time: "The pickup is sooner than the site's booking lead time.",
  beyond_advance_period: "The pickup is further ahead than the site takes bookings.",
  outside_business_hours: "A pickup or return time is outside the store's business hours.",
  store_closed: "The store is closed on the pickup or return date.",
  web_reserve_suspended: "The site has suspended online bookings.",
  type_fully_booked: "No car of this type is free for the period.",
  no_cars_in_period: "The car type cannot be rented at this store for the period (no car or no price).",
  condition_unavailable: "No car matches the conditions.",
  no_cars_match: "No car matches the conditions.",
  advance_card_too_early: "A card link is offered only for pickups within the site's advance-payment window.",
  pay_method_required: "The payment method is not offered by this site.",
  stale: "The reservation changed since its revision was read.",
  reservation_stage: "The reservation is cancelled or its car was handed over.",
  details_updated: "The price changed since it was quoted.",
  idempotency_key_reused: "This Idempotency-Key was used with another body.",
  submit_in_progress: "The first request with this Idempotency-Key is still being processed.",
  option_unknown: "The option is not offered for this car type at this store.",
  option_not_offered: "The option is not offered for this car type at this store.",
  option_over_max: "The quantity is above the option's limit.",
  option_over_limit: "The quantity is above the option's limit.",
  email_invalid: "Not a valid e-mail address.",
  email_required: "Required.",
  name_required: "Required.",
  tel_required: "Required.",
  tel_invalid: "Not a valid phone number.",
  kana_required: "Required by this site (the name's reading in katakana).",
  kana_invalid: "Must be written in katakana or Latin letters.",
  zip_required: "Required by this site.",
  zip_invalid: "Not a valid postal code.",
  pref_required: "Required by this site.",
  driver_selection_required: "A driver is required.",
  borrower_required: "The customer is required.",
};

export const ruleText = (code: string) => RULES[code] ?? `Refused by the booking rules (${code}).`;

/** The site's field names (search, forms) as this API names them. */
const FIELDS: Record<string, string> = {
  si: "store_id",
  store_id: "store_id",
  sd: "pickup_date",
  st: "pickup_time",
  ed: "return_date",
  et: "return_time",
  start_date: "pickup_date",
  start_time: "pickup_time",
  end_date: "return_date",
  end_time: "return_time",
  kana: "customer.name_kana",
  name: "customer.name",
  email: "customer.email",
  tel: "customer.tel",
  zip: "customer.zip",
  pref_code: "customer.prefecture_code",
  address_a: "customer.address",
  pay_method: "payment_method",
};

export const apiField = (field: string) =>
  /^option_\d+$/.test(field) ? `options.${field.slice(7)}` : (FIELDS[field] ?? field);

const PERIOD_REASONS = new Set(["store_closed", "outside_business_hours", "within_lead_time", "beyond_advance_period"]);

/** A field map from the domain as the `errors` of a problem. */
export function fieldErrors(fields: Record<string, ReasonLike>): NonNullable<PartnerProblem["errors"]> {
  return Object.entries(fields).map(([field, r]) => ({
    field: apiField(field),
    code: r.code,
    message: ruleText(r.code),
  }));
}

const invalid = (errors: NonNullable<PartnerProblem["errors"]>) =>
  new PartnerError(
    errors.some((e) => e.field.startsWith("options.")) ? "invalid-option" : "validation-failed",
    errors.map((e) => `${e.field}: ${e.message}`).join(" "),
    { errors },
  );

/** An `AppError` as the refusal of this API; `notFound` names what a 404 of the operation means. */
export function partnerErrorOf(error: AppError, notFound: ProblemReason): PartnerError {
  const reason = error.details.reason;
  const fields = error.details.fieldErrors;
  if (error.code === "not_found") return new PartnerError(notFound, "Not found.");
  if (fields && Object.keys(fields).length) {
    const errors = fieldErrors(fields as Record<string, ReasonLike>);
    // A store the search does not know is the store's 404, not a field of the form.
    if (errors.some((e) => e.field === "store_id" && e.code === "store_required")) {
      return new PartnerError("unknown-store", ruleText("store_required"));
    }
    // The period's rules are the booking rules: one reason, as a refused booking gives.
    const rule = errors.find((e) => PERIOD_REASONS.has(e.code));
    if (rule) return new PartnerError("not-bookable", rule.message, { reason: rule.code });
    return invalid(errors);
  }
  const code = reason?.code ?? error.code;
  const mapped: Record<string, ProblemReason> = {
    stale: "revision-mismatch",
    reservation_stage: "reservation-not-modifiable",
    cancel_closed: "reservation-not-modifiable",
    details_updated: "price-changed",
    idempotency_key_reused: "idempotency-key-reused",
    submit_in_progress: "request-in-progress",
  };
  const kind = mapped[code] ?? (error.code === "rejected" ? "not-bookable" : null);
  if (kind) return new PartnerError(kind, ruleText(code), { reason: code });
  if (error.code === "too_many_requests") return new PartnerError("rate-limited", "Too many requests.");
  return new PartnerError("validation-failed", ruleText(code), { errors: [] });
}

/** A Zod refusal of the request as `validation-failed`. */
export function issuesError(issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[]) {
  const errors = issues.map((i) => ({
    field: i.path.map(String).join(".") || "(body)",
    code: i.code === "invalid_type" && i.message.includes("received undefined") ? "required" : (i.code ?? "invalid"),
    message: i.message,
  }));
  return new PartnerError("validation-failed", errors.map((e) => `${e.field}: ${e.message}`).join(" "), { errors });
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
