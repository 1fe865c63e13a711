/**
 * The `webhooks` section of the API for programs' document (OpenAPI 3.1): each event's payload.
 * Filled in with the webhook payloads (issue 42, item 5); empty until then.
 */
export function partnerWebhooks(): Record<string, unknown> {
  return {};
}
