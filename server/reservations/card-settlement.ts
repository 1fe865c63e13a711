import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { reservations } from "#server/db/schema";
import type { DbOrTx } from "#server/mail/outbox";
import type { PaymentGateway } from "#server/payments/types";
import { paymentEvent, reservationEvent } from "#server/webhooks/events";
import {
  type BookingDeps,
  isFullyBooked,
  PAY_METHOD,
  type Reservation,
  refused,
  type SubmitAnswer,
  type SubmitInput,
} from "./booking";
import { sendBookingMails } from "./booking-writer";
import { bookingPaymentKey, firstPaymentAttempt, returnFirstPayment, settleFirstPayment } from "./first-payment";
import { canonical, storeAnswer } from "./idempotency";

// A booking paid by card: the hold charged once, then settled or released; late payments given back.

/** Charges a held reservation once (the gateway key is derived from it) and settles it. */
export async function payForHold(
  db: Db,
  siteId: string,
  reservation: Reservation,
  input: SubmitInput,
  deps: BookingDeps,
): Promise<SubmitAnswer> {
  // The ledger first (issue 37): an answer lost to a crash is found by this attempt's key.
  const key = bookingPaymentKey(siteId, reservation.id);
  await firstPaymentAttempt(db, siteId, reservation, key, "booking");
  let result: Awaited<ReturnType<PaymentGateway["authorize"]>>;
  try {
    result = await deps.payments.authorize({
      amount: reservation.totalFee,
      idempotencyKey: key,
      customerId: input.card?.customerId,
      cardId: input.card?.cardId,
      source: input.card?.source,
      returnUrl: input.returnUrl,
      metadata: { siteId, reservationId: String(reservation.id), ledgerKey: key },
    });
  } catch (error) {
    // The gateway could not be reached: the hold keeps the car, reconciliation asks the gateway later.
    deps.logger?.warn(
      { siteId, reservationId: reservation.id, error: error instanceof Error ? error.name : "unknown" },
      "payment gateway unreachable at the card step",
    );
    const answer = refused("payment_unconfirmed");
    await storeAnswer(db, siteId, reservation.id, answer);
    return answer;
  }
  let answer: SubmitAnswer;
  if (result.status === "succeeded" || result.status === "requires_capture") {
    answer = await settlePayment(db, siteId, reservation.id, result.paymentId, deps);
  } else if (result.status === "requires_action" && result.actionUrl) {
    await db
      .update(reservations)
      .set({ paymentId: result.paymentId })
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservation.id)));
    answer = {
      outcome: "requires_action",
      reservationId: reservation.id,
      reserveNo: reservation.reserveNo,
      actionUrl: result.actionUrl,
    };
  } else {
    answer = await releaseHold(db, siteId, reservation.id, result.paymentId || null, result.reason);
  }
  await storeAnswer(db, siteId, reservation.id, answer);
  return answer;
}

const paidOutcome = (paymentId: string, amount: number) => ({ status: "succeeded", amount, paymentId }) as const;

/**
 * A payment succeeded: the held reservation is confirmed and its mails are queued, once, however
 * many times this runs (browser return, retry, webhook). If the hold had lapsed and the car was
 * taken meanwhile, the payment is refunded and the booking refused.
 */
export async function settlePayment(
  db: Db,
  siteId: string,
  reservationId: number,
  paymentId: string,
  deps: BookingDeps,
): Promise<SubmitAnswer> {
  const compose = await deps.mails(siteId); // before the transaction (see submitReservation)
  try {
    const row = await db.transaction(async (tx) => {
      const [settled] = await tx
        .update(reservations)
        .set({ status: "confirmed", paymentStatus: "paid", paymentId, holdExpiresAt: null })
        .where(
          and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId), eq(reservations.status, "held")),
        )
        .returning();
      if (settled) {
        await settleFirstPayment(tx, siteId, settled.id, paidOutcome(paymentId, settled.totalFee));
        await sendBookingMails(tx, siteId, settled, compose(settled), deps);
        // A card booking is "created" when its payment confirms it: a hold that lapses was never a booking.
        await reservationEvent(tx, siteId, "reservation.created", settled);
        await paymentEvent(
          tx,
          siteId,
          "payment.succeeded",
          settled,
          settled.totalFee,
          `booking-${siteId}-${settled.id}`,
        );
      }
      return settled;
    });
    if (row) return { outcome: "completed", reservationId: row.id, reserveNo: row.reserveNo };
    // A booking of the counter paid through its mailed link (a webhook of that payment).
    const paidByLink = await markPaid(db, siteId, reservationId, paymentId);
    if (paidByLink) return { outcome: "completed", reservationId, reserveNo: paidByLink };
  } catch (error) {
    if (!isFullyBooked(error)) throw error;
    await returnLatePayment(db, siteId, reservationId, paymentId, deps);
    return releaseHold(db, siteId, reservationId, paymentId, undefined, "refunded", "type_fully_booked");
  }
  const [current] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
  if (current?.status === "confirmed") return { outcome: "completed", reservationId, reserveNo: current.reserveNo };
  // The hold was released (abandoned, or replaced by a new attempt) before the payment went
  // through: nothing is booked, so the money goes back.
  if (
    current &&
    current.paymentStatus !== "refunded" &&
    (await returnLatePayment(db, siteId, reservationId, paymentId, deps))
  ) {
    await db
      .update(reservations)
      .set({ paymentStatus: "refunded", paymentId })
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
  }
  return refused("card_failed");
}

/** A payment that went through after its hold ended: in the ledger as paid, then given back whole. */
async function returnLatePayment(
  db: Db,
  siteId: string,
  reservationId: number,
  paymentId: string,
  deps: BookingDeps,
): Promise<boolean> {
  const [r] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
  if (!r) return false;
  await settleFirstPayment(db, siteId, r.id, paidOutcome(paymentId, r.totalFee));
  return returnFirstPayment(db, siteId, r, paymentId, r.totalFee, deps.payments);
}

/**
 * A confirmed booking awaiting its card payment (the counter's mailed link) is paid: its number, or
 * null when it was not awaiting one. The update is conditional, so the link's page, its 3-D Secure
 * return and the gateway's webhook record `payment.succeeded` once between them.
 */
export async function markPaid(
  db: DbOrTx,
  siteId: string,
  reservationId: number,
  paymentId: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(reservations)
      .set({ paymentStatus: "paid", paymentId })
      .where(
        and(
          eq(reservations.siteId, siteId),
          eq(reservations.id, reservationId),
          eq(reservations.status, "confirmed"),
          eq(reservations.payMethod, PAY_METHOD.advanceCard),
          eq(reservations.paymentStatus, "pending"),
        ),
      )
      .returning();
    if (!paid) return null;
    await settleFirstPayment(tx, siteId, paid.id, paidOutcome(paymentId, paid.totalFee));
    await paymentEvent(tx, siteId, "payment.succeeded", paid, paid.totalFee, `paylink-${siteId}-${paid.id}`);
    return paid.reserveNo;
  });
}

/** A payment failed or was abandoned: the hold is released at once, so the car is free again. */
export async function releaseHold(
  db: DbOrTx,
  siteId: string,
  reservationId: number,
  paymentId: string | null,
  gatewayReason?: string,
  paymentStatus: "failed" | "refunded" = "failed",
  code: "card_failed" | "type_fully_booked" = "card_failed",
): Promise<SubmitAnswer> {
  const [released] = await db
    .update(reservations)
    .set({ status: "expired", paymentStatus, holdExpiresAt: null, ...(paymentId ? { paymentId } : {}) })
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId), eq(reservations.status, "held")))
    .returning({ id: reservations.id });
  if (released && paymentStatus === "failed") {
    await settleFirstPayment(db, siteId, reservationId, {
      status: "failed",
      amount: 0,
      paymentId,
      reason: gatewayReason ?? "card_failed",
    });
  }
  if (code === "card_failed" && gatewayReason === "jcb_not_accepted") return refused("jcb_not_accepted");
  return refused(code);
}

/**
 * The browser came back from the 3-D Secure challenge: the payment's state is read from the
 * gateway (never from the browser), then the booking is settled or released.
 */
export async function completeCardAction(
  db: Db,
  siteId: string,
  reservationId: number,
  deps: BookingDeps,
): Promise<SubmitAnswer | null> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, reservationId)));
  if (!row?.paymentId) return null;
  if (row.status === "confirmed") return { outcome: "completed", reservationId, reserveNo: row.reserveNo };
  const result = await deps.payments.completeAction(row.paymentId);
  const answer =
    result.kind === "payment" && (result.status === "succeeded" || result.status === "requires_capture")
      ? await settlePayment(db, siteId, reservationId, row.paymentId, deps)
      : await releaseHold(db, siteId, reservationId, row.paymentId, result.reason);
  await storeAnswer(db, siteId, reservationId, answer);
  return canonical(answer);
}
