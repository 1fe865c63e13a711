import { z } from "zod";
import { REASON_MESSAGE } from "#app/i18n/labels";
import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { issuesToErrors } from "#app/lib/forms";
import type { AppErrorCode, ReasonLike } from "#common/app-error";
import type { Locale } from "#common/locales";
import { AppError } from "#server/errors";

/**
 * The one error body of the JSON API (decision 033): RFC 9457 problem details with the spec's §8
 * members. `errors` is the field-error map (422), `calendarErrorMessage` a refusal of the dates or
 * the store (422, shown by the calendar), `detail` the message for everything else; all in the
 * request's language. `code` and `reason` are stable codes for programs.
 */
export const ProblemSchema = z
  .object({
    type: z.string().describe("A URI naming the kind of problem; `about:blank` for plain HTTP errors."),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().describe("What went wrong, in the request's language."),
    code: z.enum([
      "not_found",
      "unauthorized",
      "forbidden",
      "invalid_input",
      "rejected",
      "too_many_requests",
      "conflict",
      "internal",
    ]),
    reason: z
      .string()
      .optional()
      .describe("The reason code (`login_failed`, `type_fully_booked`, …), when there is one."),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe("Field name → its messages, in the request's language (422 with field errors)."),
    error_codes: z.record(z.string(), z.string()).optional().describe("Field name → its reason code."),
    calendarErrorMessage: z
      .string()
      .optional()
      .describe("A refusal of the store or the dates (422), for the calendar."),
  })
  .meta({ id: "Problem" });
export type Problem = z.infer<typeof ProblemSchema>;

/** Refusals about the store or the period: §8's `calendarErrorMessage`, shown by the calendar. */
const CALENDAR_REASONS: ReadonlySet<string> = new Set([
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
]);

const TITLES: Record<Problem["code"], string> = {
  not_found: "Not Found",
  unauthorized: "Unauthorized",
  forbidden: "Forbidden",
  invalid_input: "Unprocessable Content",
  rejected: "Unprocessable Content",
  too_many_requests: "Too Many Requests",
  conflict: "Conflict",
  internal: "Internal Server Error",
};
const STATUS: Record<Problem["code"], number> = {
  not_found: 404,
  unauthorized: 401,
  forbidden: 403,
  invalid_input: 422,
  rejected: 422,
  too_many_requests: 429,
  conflict: 409,
  internal: 500,
};

/** The API's own refusals, beside the domain's reasons. */
const API_REASON_MESSAGE: Record<string, MessageKey> = {
  csrf_failed: "error.refusedLead",
  forbidden: "error.refused",
};

/** The message of a reason in the locale; an unknown code gets the generic message, never the code. */
export function reasonText(locale: Locale, reason: ReasonLike): string {
  const key = (REASON_MESSAGE as Record<string, MessageKey>)[reason.code] ?? API_REASON_MESSAGE[reason.code];
  const messages = CATALOGUES[locale];
  if (key) return translate(messages, key, reason.params);
  const direct = reason.code as MessageKey;
  return direct in messages ? translate(messages, direct, reason.params) : translate(messages, "error.generic");
}

/** The field map of a refusal: messages and codes by field. */
function fieldMaps(locale: Locale, fields: Record<string, ReasonLike>) {
  const errors: Record<string, string[]> = {};
  const codes: Record<string, string> = {};
  for (const [field, given] of Object.entries(fields)) {
    // A schema's own refusal (a wrong type) carries Zod's English text, not a reason code.
    const reason = given.code in REASON_MESSAGE ? given : { code: "invalid_input" };
    errors[field] = [reasonText(locale, reason)];
    codes[field] = reason.code;
  }
  return { errors, error_codes: codes };
}

export function problem(
  locale: Locale,
  code: Problem["code"],
  details: { reason?: ReasonLike | null; fieldErrors?: Record<string, ReasonLike> | null } = {},
): Problem {
  const messages = CATALOGUES[locale];
  const status = STATUS[code];
  const { reason, fieldErrors } = details;
  const body: Problem = {
    type: `https://rentacar.example/problems/${code.replaceAll("_", "-")}`,
    title: TITLES[code],
    status,
    detail: reason
      ? reasonText(locale, reason)
      : code === "not_found"
        ? translate(messages, "error.notFound")
        : code === "unauthorized"
          ? translate(messages, "flash.loginAgain")
          : code === "forbidden"
            ? translate(messages, "error.refused")
            : fieldErrors
              ? translate(messages, "reason.invalid_input")
              : translate(messages, "error.generic"),
    code,
  };
  if (reason) body.reason = reason.code;
  if (fieldErrors && Object.keys(fieldErrors).length) Object.assign(body, fieldMaps(locale, fieldErrors));
  if (reason && CALENDAR_REASONS.has(reason.code)) body.calendarErrorMessage = body.detail;
  else if (!reason && fieldErrors) {
    const calendar = Object.values(fieldErrors).find((r) => CALENDAR_REASONS.has(r.code));
    if (calendar) body.calendarErrorMessage = reasonText(locale, calendar);
  }
  return body;
}

/** The answer for a problem: its status, `application/problem+json`. */
export function problemResponse(body: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { "Content-Type": "application/problem+json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/** An AppError as a problem; anything else is the caller's to log and answer 500. */
export function problemOfError(locale: Locale, error: unknown): Problem | null {
  if (!(error instanceof AppError)) return null;
  return problem(locale, error.code as AppErrorCode, {
    reason: error.details.reason ?? null,
    fieldErrors: error.details.fieldErrors ?? null,
  });
}

/** A refusal of the request's shape by its Zod schema: 422 with the field map. */
export function problemOfIssues(
  locale: Locale,
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[],
): Problem {
  return problem(locale, "invalid_input", {
    fieldErrors: issuesToErrors(issues as Parameters<typeof issuesToErrors>[0]),
  });
}
