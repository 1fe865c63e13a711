import * as z from "zod/mini";
import { isLoopbackHost, isPublicHost } from "#common/ip-address";

/**
 * The webhook endpoint form (issue 25, decision 034), client-safe: the same rules run in the browser
 * and in the action. Messages are reason codes (`admin.reason.<code>` in the back office's catalogues).
 */

export const WEBHOOK_EVENT_TYPES = [
  "reservation.created",
  "reservation.changed",
  "reservation.cancelled",
  "payment.succeeded",
  "payment.refunded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/** Which addresses an endpoint may name: http to loopback only outside production (see `endpointUrlProblem`). */
export interface EndpointUrlRules {
  allowHttpLoopback: boolean;
}

export type EndpointUrlProblem = "webhook_url_invalid" | "webhook_url_https" | "webhook_url_private";

/**
 * Why a delivery failed, as stored in its log and translated by the back office
 * (`admin.webhooks.error.<code>`): codes, never a network error's text (decision 046).
 */
export const DELIVERY_ERROR_CODES = [
  "http_status",
  "timeout",
  "connect_failed",
  "address_refused",
  "endpoint_disabled",
] as const;
export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number];

/** Where the server's rules allow the loopback exception: outside production, or when the setting says so. */
export function webhookUrlRules(nodeEnv: string | undefined, httpLoopback: boolean | undefined): EndpointUrlRules {
  return { allowHttpLoopback: nodeEnv !== "production" || Boolean(httpLoopback) };
}

/**
 * Why an endpoint URL is refused, or null. Deliveries are POSTs our servers make to an address a
 * customer typed: an address inside our network (a database, the cloud's metadata service at
 * 169.254.169.254, an admin port on loopback) would let a back-office account reach what the
 * internet cannot (server-side request forgery). So: https to a public name or address only; http
 * and loopback only where `allowHttpLoopback` (development, tests), for a receiver on the same machine.
 * This judges the text; what a name resolves to is checked on save and at every connection (046).
 */
export function endpointUrlProblem(raw: string, rules: EndpointUrlRules): EndpointUrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "webhook_url_invalid";
  }
  // Credentials in the URL would be shown in the list and the logs of proxies: refused.
  if (url.username || url.password || !url.hostname) return "webhook_url_invalid";
  if (url.protocol === "http:") {
    return rules.allowHttpLoopback && isLoopbackHost(url.hostname) ? null : "webhook_url_https";
  }
  if (url.protocol !== "https:") return "webhook_url_https";
  if (isLoopbackHost(url.hostname)) return rules.allowHttpLoopback ? null : "webhook_url_private";
  return isPublicHost(url.hostname) ? null : "webhook_url_private";
}

const formText = z.pipe(z._default(z.string(), ""), z.string().check(z.trim()));

/** The event checkboxes arrive as a list (`handleForm(…, { lists: WEBHOOK_LISTS })`); none ticked is every event. */
export const WEBHOOK_LISTS = ["event_types"] as const;

/** The form that adds an endpoint; `rules` says whether http to loopback is allowed on this server. */
export function webhookEndpointSchema(rules: EndpointUrlRules) {
  return z.object({
    url: formText.check(
      z.minLength(1, "required"),
      z.maxLength(WEBHOOK_URL_MAX, "text_too_long"),
      z.check<string>((ctx) => {
        if (!ctx.value) return; // "required" says it
        const problem = endpointUrlProblem(ctx.value, rules);
        if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
      }),
    ),
    description: formText.check(z.maxLength(WEBHOOK_DESCRIPTION_MAX, "text_too_long")),
    event_types: z._default(z.array(z.enum(WEBHOOK_EVENT_TYPES, "invalid_choice")), []),
  });
}
export type WebhookEndpointInput = z.infer<ReturnType<typeof webhookEndpointSchema>>;

/** A delivery named by a "send again" button. */
export const ResendDeliverySchema = z.object({
  delivery_id: z.pipe(
    formText.check(z.regex(/^\d{1,9}$/, "invalid_input")),
    z.transform((value) => Number(value)),
  ),
});
