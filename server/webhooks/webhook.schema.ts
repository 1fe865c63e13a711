import * as z from "zod/mini";

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

const LOOPBACK_NAMES = /^(localhost|.+\.localhost)$/i;
/** Names that only mean something inside a network (mDNS, the usual private zones). */
const PRIVATE_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/i;

function ipv4(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const n = parts.map(Number);
  return n.every((x) => x <= 255) ? n : null;
}

/** 127.0.0.0/8 and ::1 (the URL parser has already turned 0x7f.1 or 2130706433 into 127.0.0.1). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (LOOPBACK_NAMES.test(host) || host === "::1") return true;
  const v4 = ipv4(host.startsWith("::ffff:") ? host.slice(7) : host);
  return v4?.[0] === 127;
}

/** Addresses no public receiver has: private, loopback, link-local (cloud metadata), shared and unspecified ranges. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (isLoopbackHost(host) || PRIVATE_NAMES.test(host)) return true;
  const v4 = ipv4(host.startsWith("::ffff:") ? host.slice(7) : host);
  if (v4) {
    const [a = 0, b = 0] = v4;
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (host.includes(":")) {
    // IPv6: unspecified, unique local (fc00::/7), link-local (fe80::/10), IPv4-mapped in hex form.
    return host === "::" || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith("::ffff:");
  }
  return false;
}

/**
 * Why an endpoint URL is refused, or null. Deliveries are POSTs our servers make to an address a
 * customer typed: an address inside our network (a database, the cloud's metadata service at
 * 169.254.169.254, an admin port on loopback) would let a back-office account reach what the
 * internet cannot (server-side request forgery). So: https to a public name or address only; http
 * and loopback only where `allowHttpLoopback` (development, tests), for a receiver on the same machine.
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
  return isPrivateHost(url.hostname) ? "webhook_url_private" : null;
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
