import { and, eq } from "drizzle-orm";
import type { Reason } from "#server/availability/reasons";
import type { Db } from "#server/db/client";
import { reservations } from "#server/db/schema";
import { itemUnder, settleAttempt } from "#server/ledger/ledger";
import type { CardSource, PaymentGateway } from "#server/payments/types";
import { PAY_METHOD, type Reservation } from "./booking";
import { type BookingLink, bookingLink, linkExpiry } from "./booking-links";
import { markPaid } from "./card-settlement";
import { firstPaymentAttempt, payLinkKey, settleFirstPayment } from "./first-payment";

/**
 * A booking taken at the counter and paid by card in advance through the link of its mail (issue
 * 24): confirmed at once with its payment pending, so the car is kept; the customer pays the total
 * on the link's page (3-D Secure when the issuer asks) until departure. Each attempt carries the key
 * its page was issued with, so a double click pays once; the webhook settles it too.
 */

export type PayLinkState = "open" | "paid" | "closed";

export type PayLinkAnswer =
  | { outcome: "paid" }
  | { outcome: "requires_action"; actionUrl: string }
  | { outcome: "refused"; reason: Reason };

const awaitingLink = (r: Reservation) =>
  r.status === "confirmed" && r.payMethod === PAY_METHOD.advanceCard && r.paymentStatus === "pending";

/** The mail's link for a booking awaiting its card payment (null for any other), valid until departure. */
export function payLinkFor(siteId: string, r: Reservation): BookingLink | null {
  return awaitingLink(r) ? bookingLink("pay", siteId, r, r.startAt) : null;
}

export function payLinkState(r: Reservation, link: BookingLink, now: Date): PayLinkState {
  if (r.paymentStatus === "paid") return "paid";
  return awaitingLink(r) && now <= linkExpiry(link) ? "open" : "closed";
}

export async function payByLink(
  db: Db,
  siteId: string,
  r: Reservation,
  input: { source: CardSource; attemptKey: string; returnUrl: string },
  payments: PaymentGateway,
): Promise<PayLinkAnswer> {
  // The ledger first (issue 37): an answer lost to a crash is found by this attempt's key.
  const key = payLinkKey(siteId, r.id, input.attemptKey);
  const attempt = await firstPaymentAttempt(db, siteId, r, key, "pay_link");
  const done = await itemUnder(db, siteId, key);
  if (done?.outcome?.status === "succeeded") return { outcome: "paid" };
  let result: Awaited<ReturnType<PaymentGateway["authorize"]>>;
  try {
    result = await payments.authorize({
      amount: r.totalFee,
      idempotencyKey: key,
      source: input.source,
      returnUrl: input.returnUrl,
      metadata: { siteId, reservationId: String(r.id), ledgerKey: key },
    });
  } catch {
    return { outcome: "refused", reason: { code: "payment_unconfirmed" } };
  }
  if (result.status === "succeeded") {
    await markPaid(db, siteId, r.id, result.paymentId);
    return { outcome: "paid" };
  }
  if (result.status === "requires_action" && result.actionUrl) {
    await db
      .update(reservations)
      .set({ paymentId: result.paymentId })
      .where(
        and(eq(reservations.siteId, siteId), eq(reservations.id, r.id), eq(reservations.paymentStatus, "pending")),
      );
    return { outcome: "requires_action", actionUrl: result.actionUrl };
  }
  await settleAttempt(db, siteId, attempt, {
    status: "failed",
    amount: 0,
    paymentId: result.paymentId || null,
    reason: result.reason ?? "card_declined",
  });
  return {
    outcome: "refused",
    reason: { code: result.reason === "jcb_not_accepted" ? "jcb_not_accepted" : "card_failed" },
  };
}

/** The browser came back from 3-D Secure: the payment's state is read from the gateway, never from the browser. */
export async function completePayLink(
  db: Db,
  siteId: string,
  r: Reservation,
  payments: PaymentGateway,
): Promise<PayLinkAnswer | null> {
  if (r.paymentStatus === "paid") return { outcome: "paid" };
  if (!r.paymentId || !awaitingLink(r)) return null;
  const result = await payments.completeAction(r.paymentId);
  if (result.kind === "payment" && result.status === "succeeded") {
    await markPaid(db, siteId, r.id, r.paymentId);
    return { outcome: "paid" };
  }
  if (result.kind === "payment" && result.status === "failed") {
    await settleFirstPayment(db, siteId, r.id, {
      status: "failed",
      amount: 0,
      paymentId: r.paymentId,
      reason: result.reason ?? "authentication_failed",
    });
  }
  return { outcome: "refused", reason: { code: "card_failed" } };
}
