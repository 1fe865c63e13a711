import { z } from "zod";

/**
 * The errors of the API for programs (issue 42): RFC 9457 problem details, one `type` URI per
 * reason (`{origin}/api/partner/v1/problems/{reason}`, which answers with the reason's description),
 * written for the programmer reading a log, never for a site's visitor, and always in English.
 */

export const PARTNER_BASE = "/api/partner/v1";

interface ProblemKind {
  status: number;
  title: string;
  /** What the reason means and what to do: the document and `GET /problems/{reason}` show it. */
  description: string;
}

export const PROBLEM_KINDS = {
  "missing-api-key": {
    status: 401,
    title: "API key missing",
    description: "No `Authorization: Bearer <key>` header was sent. Every operation needs a key.",
  },
  "invalid-api-key": {
    status: 401,
    title: "API key not recognised",
    description: "The key is malformed or does not exist. Check that the whole key (`rcb_` and 43 characters) is sent.",
  },
  "revoked-api-key": {
    status: 401,
    title: "API key revoked",
    description: "The key was revoked in the back office. Ask the site's owner for a new key.",
  },
  "insufficient-scope": {
    status: 403,
    title: "Scope missing",
    description: "The key lacks the scope the operation needs; `scope` names it. Make a key with that scope.",
  },
  "unknown-site": {
    status: 404,
    title: "Unknown site",
    description:
      "The key's site is not active, or `X-Site-Id` names another site than the key's. The site comes from the key; the header may be left out.",
  },
  "unknown-store": {
    status: 404,
    title: "Unknown store",
    description: "No store of the site has this id, or it takes no bookings. `GET /stores` lists them.",
  },
  "unknown-car-type": {
    status: 404,
    title: "Unknown car type",
    description: "No car type of the site has this id, or the store does not rent it.",
  },
  "reservation-not-found": {
    status: 404,
    title: "Reservation not found",
    description: "No reservation of the site has this number.",
  },
  "not-found": {
    status: 404,
    title: "Not found",
    description: "No operation has this path and method.",
  },
  "malformed-json": {
    status: 400,
    title: "Malformed JSON",
    description: "The body is not valid JSON, or is larger than 256 KiB.",
  },
  "idempotency-key-required": {
    status: 400,
    title: "Idempotency-Key required",
    description:
      "Creating a reservation needs an `Idempotency-Key` header of 8 to 255 printable ASCII characters, new for each booking and the same on its retries.",
  },
  "unsupported-media-type": {
    status: 415,
    title: "Unsupported media type",
    description: "Bodies must be sent as `Content-Type: application/json`.",
  },
  "validation-failed": {
    status: 422,
    title: "Validation failed",
    description: "Fields of the request are missing or invalid; `errors` lists each with a code and a message.",
  },
  "invalid-option": {
    status: 422,
    title: "Invalid option",
    description:
      "An option id is not offered for this car type at this store, or its quantity is above its limit; `errors` names it. `POST /quotes` lists the options offered.",
  },
  "not-bookable": {
    status: 422,
    title: "Not bookable",
    description:
      "The booking rules refuse the request (period outside business hours, fully booked, too far ahead, …); `reason` is a stable code.",
  },
  "price-changed": {
    status: 409,
    title: "Price changed",
    description: "The price is not `expected_total` any more. Quote again and send the new total.",
  },
  "revision-mismatch": {
    status: 409,
    title: "Revision mismatch",
    description: "The reservation changed since `revision` was read. Read it again and retry with its revision.",
  },
  "reservation-not-modifiable": {
    status: 409,
    title: "Reservation not modifiable",
    description: "The reservation is cancelled, or its car was handed over, so it cannot be changed or cancelled.",
  },
  "idempotency-key-reused": {
    status: 422,
    title: "Idempotency-Key reused",
    description: "This `Idempotency-Key` was used with another body. Use a new key for a new request.",
  },
  "request-in-progress": {
    status: 409,
    title: "Request in progress",
    description: "The first request with this `Idempotency-Key` is still being processed. Retry after a second.",
  },
  "rate-limited": {
    status: 429,
    title: "Rate limit exceeded",
    description:
      "The key's requests per minute are used up. Wait `Retry-After` seconds; the `RateLimit-*` headers give the limit and the reset.",
  },
  "internal-error": {
    status: 500,
    title: "Internal error",
    description:
      "The server failed. Retry later with the same `Idempotency-Key`; quote `request_id` when you report it.",
  },
} as const satisfies Record<string, ProblemKind>;

export type ProblemReason = keyof typeof PROBLEM_KINDS;
export const PROBLEM_REASONS = Object.keys(PROBLEM_KINDS) as ProblemReason[];

export const problemType = (origin: string, reason: ProblemReason) => `${origin}${PARTNER_BASE}/problems/${reason}`;

const FieldError = z
  .object({
    field: z.string().meta({ description: "The field, as a dotted path (`customer.email`, `options.0.quantity`)." }),
    code: z.string().meta({ description: "A stable code (`required`, `invalid`, `option_unknown`, …)." }),
    message: z.string().meta({ description: "What is wrong, in English." }),
  })
  .meta({ id: "FieldError", description: "One refused field." });

export const PartnerProblemSchema = z
  .object({
    type: z.string().meta({
      description:
        "A URI naming the reason: `{origin}/api/partner/v1/problems/{reason}`. Its last segment is the reason; the table in the document's description lists them.",
    }),
    title: z.string().meta({ description: "The reason in a few words (the same for every problem of the type)." }),
    status: z.number().int().meta({ description: "The HTTP status." }),
    detail: z.string().meta({ description: "What went wrong with this request, in English." }),
    instance: z.string().meta({ description: "The path of the request." }),
    request_id: z.string().meta({ description: "The request's id, also in the `X-Request-Id` header." }),
    reason: z
      .string()
      .optional()
      .meta({ description: "For `not-bookable` and `reservation-not-modifiable`: the booking rule's code." }),
    scope: z.string().optional().meta({ description: "For `insufficient-scope`: the scope the key needs." }),
    errors: z.array(FieldError).optional().meta({ description: "For `validation-failed` and `invalid-option`." }),
  })
  .meta({ id: "Problem", description: "An RFC 9457 problem details object." });
export type PartnerProblem = z.infer<typeof PartnerProblemSchema>;

/** A refusal on its way to the edge: thrown by the pipeline and the handlers, answered by `onError`. */
export class PartnerError extends Error {
  constructor(
    readonly reason: ProblemReason,
    readonly detail: string,
    readonly extra: Pick<PartnerProblem, "reason" | "scope" | "errors"> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export function partnerProblem(
  origin: string,
  reason: ProblemReason,
  detail: string,
  at: { path: string; requestId: string },
  extra: Pick<PartnerProblem, "reason" | "scope" | "errors"> = {},
): PartnerProblem {
  const kind = PROBLEM_KINDS[reason];
  return {
    type: problemType(origin, reason),
    title: kind.title,
    status: kind.status,
    detail,
    instance: at.path,
    request_id: at.requestId,
    ...extra,
  };
}

export const problemJson = (body: PartnerProblem, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: body.status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store", ...headers },
  });
