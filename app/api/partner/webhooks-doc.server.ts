import { z } from "zod";
import { WEBHOOK_MAX_ATTEMPTS } from "#server/webhooks/delivery";
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EXAMPLES,
  webhookBodySchema,
  webhookEventDescription,
} from "#server/webhooks/event-payloads";
import type { WebhookEventType } from "#server/webhooks/webhook.schema";

/**
 * The OpenAPI 3.1 `webhooks` section (issue 42): one entry per event type, its body's schema generated
 * from the Zod schema the events are built against (server/webhooks/event-payloads.ts), with an
 * example and the Standard Webhooks signature headers. Shared by every document that describes the
 * site's webhooks (the API for programs; the reference page renders it as the webhook guide).
 */

type Json = Record<string, unknown>;

const SIGNATURE_HEADERS = [
  {
    name: "webhook-id",
    in: "header",
    required: true,
    description:
      "The event's id (`msg_` and 26 characters). The same on every retry of the event: drop a repeat by it.",
    schema: { type: "string", pattern: "^msg_[0-9A-Z]{26}$" },
    example: "msg_01JDX4Q8Z6T3M9K2P7R5W1N0AB",
  },
  {
    name: "webhook-timestamp",
    in: "header",
    required: true,
    description:
      "When this attempt was sent, in Unix seconds. Refuse one more than five minutes off your clock (a replay).",
    schema: { type: "string", pattern: "^[0-9]+$" },
    example: "1795836902",
  },
  {
    name: "webhook-signature",
    in: "header",
    required: true,
    description:
      "`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint's secret (the bytes after `whsec_`, base64-decoded). Several signatures may be sent, separated by spaces, while a secret is rotated: accept the message when one matches.",
    schema: { type: "string" },
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  },
] as const;

const operationIdOf = (type: WebhookEventType) =>
  `on${type
    .split(".")
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join("")}`;

/** One event's body as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), without the `$schema` key. */
export function webhookBodyJsonSchema(type: WebhookEventType): Json {
  const { $schema: _, ...schema } = z.toJSONSchema(webhookBodySchema(type), { target: "draft-2020-12" }) as Json;
  return schema;
}

/** The `webhooks` object of an OpenAPI 3.1 document: one POST per event type, as the site sends it. */
export function partnerWebhooks(): Record<string, Json> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: operationIdOf(type),
          summary: `${type}`,
          description: `${webhookEventDescription(type)}\n\nSigned per Standard Webhooks (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`). Answer 2xx within 10 seconds; anything else is retried (${WEBHOOK_MAX_ATTEMPTS} attempts over about a day) with the same id and body.`,
          tags: ["webhooks"],
          security: [],
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            description: "The event, the same bytes on every attempt.",
            content: {
              "application/json": {
                schema: webhookBodyJsonSchema(type),
                example: WEBHOOK_EXAMPLES[type],
              },
            },
          },
          responses: {
            "200": { description: "Received: any 2xx status stops the retries." },
            "400": { description: "Refused (for example a bad signature): the event is retried later." },
          },
        },
      },
    ]),
  );
}
