import { z } from "zod";
import { createDocument, type oas31 } from "zod-openapi";
import { documentNumbersAsText } from "./number-fields.server";
import { API_TAGS, openApiPath } from "./operation.server";
import { OPERATIONS } from "./operations.server";
import { ProblemSchema } from "./problem.server";

const problemContent = { "application/problem+json": { schema: ProblemSchema } };

const COMMON_PROBLEMS: Record<number, string> = {
  401: "No session or an unknown key: log in again, or send a valid key.",
  403: "The key lacks the operation's scope, or a browser's change failed the CSRF check.",
  404: "The site (`X-Site-Id`), or what the path names, does not exist on this site.",
  429: "The key's requests per minute are used up: retry after `Retry-After` seconds.",
};
const PROBLEM_TEXT: Record<number, string> = {
  409: "The first request with this `Idempotency-Key` is still at work.",
  422: "Refused: `errors` by field, a message in `detail`, or `calendarErrorMessage` for the store and dates.",
};

const SiteHeader = z.object({
  "X-Site-Id": z
    .string()
    .meta({ description: "The site (the rental company), as in its booking site's path: `sakura`." }),
});
const IdempotencyHeader = z.object({
  "Idempotency-Key": z.string().optional().meta({
    description: "8-255 printable characters. A retry with the same key and body gets the first answer again.",
  }),
});

const DESCRIPTION = `The booking site's JSON API (spec §7), for the rental company's own apps, resellers and tools.

- **Languages:** \`/api/v1\` answers in Japanese, \`/en/api/v1\` in English, \`/kr/api/v1\` in Korean, \`/tw/api/v1\` in Traditional Chinese.
- **The site:** every call names it in the \`X-Site-Id\` header.
- **Programs** send \`Authorization: Bearer <key>\`, a key the site's owner makes in the back office (Integrations → API keys), scoped \`catalog:read\` or \`bookings\`, limited per minute (429 with \`Retry-After\`).
- **Browsers** use the member's session cookie; a change (POST) needs the \`X-CSRF-Token\` header with the token from \`GET /auth/csrf-cookie\`.
- **Bodies** are JSON with the same fields as the site's forms. **Errors** are RFC 9457 problem details (\`Problem\`).
- **POSTs that create or pay** take an \`Idempotency-Key\` header.`;

let cached: oas31.OpenAPIObject | undefined;

/** The OpenAPI 3.1 document, built once from the operations' own Zod schemas. */
export function apiDocument(): oas31.OpenAPIObject {
  cached ??= build();
  return cached;
}

function build(): oas31.OpenAPIObject {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const statuses = [...new Set([...(op.problems ?? []), 401, 403, 404, 429])].sort();
    const security = [
      ...(op.key ? [{ apiKey: [op.key] }] : []),
      ...(op.browser === "anyone" ? [{}] : op.browser ? [{ session: [] }] : []),
    ];
    const path = openApiPath(op.path);
    paths[path] ??= {};
    paths[path][op.method] = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      security,
      requestParams: {
        header: op.idempotent ? SiteHeader.extend(IdempotencyHeader.shape) : SiteHeader,
        ...(op.query ? { query: op.query } : {}),
        ...(op.params ? { path: op.params } : {}),
      },
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: op.body } } } } : {}),
      responses: {
        [String(op.status ?? 200)]: { description: "OK", content: { "application/json": { schema: op.response } } },
        ...Object.fromEntries(
          statuses.map((s) => [
            String(s),
            { description: COMMON_PROBLEMS[s] ?? PROBLEM_TEXT[s] ?? "Refused", content: problemContent },
          ]),
        ),
      },
    };
  }
  const document = createDocument({
    openapi: "3.1.0",
    info: { title: "Rent-a-car booking API", version: "1.0.0", description: DESCRIPTION },
    servers: [
      { url: "/api/v1", description: "日本語" },
      { url: "/en/api/v1", description: "English" },
      { url: "/kr/api/v1", description: "한국어" },
      { url: "/tw/api/v1", description: "繁體中文" },
    ],
    tags: API_TAGS.map((t) => ({ name: t.name, description: t.description })),
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "A site's API key (`rcb_…`)." },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "sid_{siteId}",
          description: "The member's (or guest's) browser session.",
        },
      },
    },
    paths: paths as oas31.PathsObject,
  } as Parameters<typeof createDocument>[0]);
  documentNumbersAsText(document);
  return document;
}
