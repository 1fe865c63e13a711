import { publicOrigin } from "#app/lib/seo.server";
import { services } from "#app/lib/site.server";
import { bookingMailsFor } from "#app/presenters/booking-mail.server";
import { requestContext } from "#server/http/context";
import type { GatewayEvent } from "#server/payments/types";
import { applyPaymentEvent, paymentEventTarget } from "#server/reservations/payment-events";
import type { Route } from "./+types/payment-webhook";

/**
 * The payment gateway's webhook (`POST /_webhooks/payments`, docs/decisions/021-booking.md). No
 * browser calls it: it is exempt from the CSRF check (server/http/csrf.ts) and authenticated by the
 * signature over its raw body instead. The event's site is found across sites (a read); the event is
 * recorded and applied as the app role in that site. Events arrive at least once and in any order;
 * `applyPaymentEvent` records each id and changes a reservation at most once. A bad signature or
 * an unreadable body is a 400 (the gateway does not retry it), a failure to apply is a 500 (it does).
 * Logs name the event's id and type only: its payload may hold personal data.
 */

/** Stripe's events are a few kilobytes; a body past this is refused unread (413). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** The body as text, or null when it is larger than `limit` bytes (read no further than that). */
async function readBody(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function errorSummary(error: unknown): { name: string; code?: string } {
  const name = error instanceof Error ? error.name : typeof error;
  let e = error as { code?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    if (typeof e.code === "string") return { name, code: e.code };
    e = e.cause as typeof e;
  }
  return { name };
}

/** GET (and HEAD): the endpoint takes POST only. */
export function loader() {
  return json({ error: "method_not_allowed" }, 405, { Allow: "POST" });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, 405, { Allow: "POST" });
  const s = services(context);
  const { requestId } = context.get(requestContext);
  const body = await readBody(request, WEBHOOK_BODY_LIMIT);
  if (body === null) {
    s.logger.warn({ requestId }, "payment webhook: body too large");
    return json({ error: "payload_too_large" }, 413);
  }
  let event: GatewayEvent;
  try {
    event = s.payments.verifyWebhook(body, request.headers.get("stripe-signature") ?? undefined);
  } catch {
    // WebhookSignatureError, or anything else the gateway's parser throws on untrusted input.
    s.logger.warn({ requestId }, "payment webhook: signature verification failed");
    return json({ error: "invalid_signature" }, 400);
  }
  try {
    // An event names a payment, not a page's site: its site is found across sites (decision 022),
    // and its mail words are loaded before the settlement's transaction.
    const target = await paymentEventTarget(s.acrossSites, event);
    const db = s.forSite(target?.siteId ?? "");
    const outcome = await applyPaymentEvent(db, event, target, {
      mailer: s.mailer,
      payments: s.payments,
      mails: await bookingMailsFor({ ...s, db }, publicOrigin(request, context), target?.siteId ?? null),
      logger: s.logger,
    });
    s.logger.info({ requestId, eventId: event.id, eventType: event.type, outcome }, "payment webhook");
    return json({ received: true, outcome }, 200);
  } catch (error) {
    // The event's record was removed: the gateway's retry applies it. The error's name and SQL
    // state only: a failed query's message carries its parameters (addresses, names).
    s.logger.error(
      { requestId, eventId: event.id, eventType: event.type, error: errorSummary(error) },
      "payment webhook: applying the event failed",
    );
    return json({ received: false }, 500);
  }
}
