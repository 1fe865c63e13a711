import { createDocument, type oas31 } from "zod-openapi";
import { COMMON_REASONS, PARTNER_TAGS, type PartnerOperation } from "./operation.server";
import { PARTNER_OPERATIONS } from "./operations.server";
import {
  PARTNER_BASE,
  PartnerProblemSchema,
  PROBLEM_KINDS,
  type ProblemReason,
  partnerProblem,
} from "./problems.server";
import { partnerWebhooks } from "./webhooks-doc.server";

/**
 * The OpenAPI 3.1 document of the API for programs (issue 42), built from the operations' Zod
 * schemas and examples, for an origin: the served one names the server it is served from; the lint
 * script (`npm run lint:api`) builds it for the default.
 */

export const DEFAULT_ORIGIN = "https://booking.rentacar.example";

const SCOPES = {
  "catalog:read": "Read stores, car types and availability.",
  "reservations:read": "Read reservations.",
  "reservations:write": "Quote, book, change and cancel reservations.",
} as const;

const problemTable = () =>
  Object.entries(PROBLEM_KINDS)
    .map(([reason, k]) => `| \`${reason}\` | ${k.status} | ${k.description.replaceAll("|", "\\|")} |`)
    .join("\n");

const description = (
  origin: string,
) => `The booking platform's API for programs: resellers, travel agencies, hotel desks and the rental company's own tools.

## Five minutes to a booking
1. The site's owner makes a key in the back office (**Integrations → API keys**) with the scopes the program needs. The key names the site: no other header is needed.
2. \`GET /stores\`, then \`POST /quotes\` with a store, a car type, the period and options.
3. \`POST /reservations\` with the same choice, the customer and \`Idempotency-Key\`.
4. \`POST /reservations/{reservationNumber}/cancel\` cancels at the site's fee schedule.

## Keys and scopes
Send \`Authorization: Bearer rcb_…\`. Scopes: ${Object.entries(SCOPES)
  .map(([s, d]) => `\`${s}\` (${d.replace(/\.$/, "")})`)
  .join(
    "; ",
  )}. A key made with the older \`bookings\` scope has both reservation scopes. Each key has a limit of requests per minute: every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`, and 429 carries \`Retry-After\`.

## Conventions
JSON in snake_case; money in integer yen, tax included; dates and times in the store's time zone (\`time_zone\`), instants in RFC 3339. Lists are \`{ "data": [...] }\`; reservations page with \`cursor\`.

## Errors
RFC 9457 problem details (\`application/problem+json\`) with \`request_id\`. \`type\` is \`${origin}${PARTNER_BASE}/problems/{reason}\`, and that URL answers with the reason's description:

| reason | status | meaning |
|---|---|---|
${problemTable()}`;

const RATE_HEADERS = {
  "RateLimit-Limit": {
    description: "Requests per minute allowed to the key.",
    schema: { type: "integer", example: 120 },
  },
  "RateLimit-Remaining": { description: "Requests left in this minute.", schema: { type: "integer", example: 119 } },
  "RateLimit-Reset": { description: "Seconds until the minute ends.", schema: { type: "integer", example: 42 } },
};

/** The problem responses of an operation, by status, each reason one example. */
function problemResponses(origin: string, op: PartnerOperation) {
  const reasons = [...new Set([...op.problems, ...COMMON_REASONS])];
  const byStatus = new Map<number, ProblemReason[]>();
  for (const r of reasons) byStatus.set(PROBLEM_KINDS[r].status, [...(byStatus.get(PROBLEM_KINDS[r].status) ?? []), r]);
  const path = `${PARTNER_BASE}${op.path.replace(/:([A-Za-z]+)/g, (_, n) => (n === "storeId" ? "1" : "261128-K7QM"))}`;
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((r) => `\`${r}\`: ${PROBLEM_KINDS[r].description}`).join(" "),
          ...(status === 429
            ? {
                headers: {
                  ...RATE_HEADERS,
                  "Retry-After": { description: "Seconds to wait.", schema: { type: "integer", example: 42 } },
                },
              }
            : {}),
          content: {
            "application/problem+json": {
              schema: PartnerProblemSchema,
              examples: Object.fromEntries(
                list.map((r) => [
                  r,
                  {
                    summary: PROBLEM_KINDS[r].title,
                    value: partnerProblem(
                      origin,
                      r,
                      PROBLEM_KINDS[r].description,
                      { path, requestId: "req_7f3a9c1e" },
                      extraOf(r),
                    ),
                  },
                ]),
              ),
            },
          },
        },
      ]),
  );
}

function extraOf(reason: ProblemReason) {
  if (reason === "insufficient-scope") return { scope: "reservations:write" };
  if (reason === "validation-failed") {
    return { errors: [{ field: "pickup_date", code: "invalid_format", message: "Invalid ISO date" }] };
  }
  if (reason === "invalid-option") {
    return {
      errors: [
        {
          field: "options.9",
          code: "option_unknown",
          message: "The option is not offered for this car type at this store.",
        },
      ],
    };
  }
  if (reason === "not-bookable") return { reason: "type_fully_booked" };
  return {};
}

function operationObject(origin: string, op: PartnerOperation) {
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: `${op.description}\n\nScope: \`${op.scope}\`.`,
    security: [{ apiKey: [op.scope] }],
    requestParams: {
      ...(op.query ? { query: op.query } : {}),
      ...(op.params ? { path: op.params } : {}),
    },
    ...(op.idempotent
      ? {
          parameters: [
            {
              in: "header",
              name: "Idempotency-Key",
              required: true,
              description: "8-255 printable ASCII characters, new for each booking, the same on its retries.",
              schema: { type: "string", minLength: 8, maxLength: 255, example: "order-20261128-0042" },
            },
          ],
        }
      : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: op.body, examples: op.bodyExamples ?? {} } },
          },
        }
      : {}),
    responses: {
      [String(op.status ?? 200)]: {
        description: op.status === 201 ? "Created." : "OK.",
        headers: {
          ...RATE_HEADERS,
          ...(op.idempotent
            ? {
                "Idempotent-Replayed": {
                  description: "`true` when the answer is the first request's, replayed.",
                  schema: { type: "string", enum: ["true"], example: "true" },
                },
              }
            : {}),
        },
        content: { "application/json": { schema: op.response, examples: op.responseExamples } },
      },
      ...problemResponses(origin, op),
    },
  };
}

const cache = new Map<string, oas31.OpenAPIObject>();

export function partnerDocument(origin: string = DEFAULT_ORIGIN): oas31.OpenAPIObject {
  let document = cache.get(origin);
  if (document) return document;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of PARTNER_OPERATIONS) {
    const path = op.path.replace(/:([A-Za-z]+)/g, "{$1}");
    paths[path] ??= {};
    paths[path][op.method] = operationObject(origin, op);
  }
  document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Rent-a-car API for programs",
      version: "1.0.0",
      description: description(origin),
      contact: {
        name: "Platform support",
        url: `${origin}${PARTNER_BASE}/docs`,
        email: "api-support@rentacar.example",
      },
      license: { name: "Proprietary: the site owner's API terms", url: `${origin}${PARTNER_BASE}/docs` },
    },
    servers: [{ url: `${origin}${PARTNER_BASE}`, description: "This platform." }],
    security: [{ apiKey: [] }],
    tags: PARTNER_TAGS.map((t) => ({ name: t.name, description: t.description })),
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "rcb_ + 43 base64url characters",
          description: `A site's API key. Scopes: ${Object.entries(SCOPES)
            .map(([s, d]) => `\`${s}\`: ${d}`)
            .join(" ")}`,
          "x-scopes": SCOPES,
        },
      },
    },
    paths: paths as oas31.PathsObject,
    webhooks: partnerWebhooks() as oas31.PathsObject,
  } as Parameters<typeof createDocument>[0]);
  cache.set(origin, document);
  return document;
}
