import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingMails } from "#app/presenters/booking-mail.server";
import { cardSchemaFor, cardSourceOf } from "#server/cards/card.schema";
import { addCard, completeCardSetup, listCards } from "#server/cards/cards";

import { memberCards, reservations } from "#server/db/schema";
import { createMember } from "#server/db/seed/members-factory";
import { AppError } from "#server/errors";
import type { AppServices } from "#server/http/context";
import { StripeGateway } from "#server/payments/stripe";
import { completeCardAction } from "#server/reservations/card-settlement";
import { submitReservation } from "#server/reservations/submit";
import { CARD_BOOKING_NOW, cardStepSession } from "#tests/fixtures/card-booking";
import { testServices } from "#tests/fixtures/services";
import { makeSite } from "#tests/fixtures/sites";
import { type StripeApi, startStripeApi } from "#tests/fixtures/stripe-api";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * A card entered in Stripe.js (decision 024), from the posted form to the database: the form's
 * schema for the Stripe gateway, then the saved-card and booking domain functions, with the Stripe
 * adapter talking to a local server that speaks Stripe's wire format. The PaymentMethods stand for
 * what Stripe.js made in the browser: pm_visa succeeds, pm_3ds asks for 3-D Secure, pm_jcb is JCB.
 */

const NOW = CARD_BOOKING_NOW;

let handle: TestDb;
let api: StripeApi;
let payments: StripeGateway;
let services: AppServices;

beforeAll(async () => {
  handle = await createTestDb();
  api = await startStripeApi();
  payments = new StripeGateway({
    secretKey: "sk_test_local",
    webhookSecret: "whsec_test",
    host: "127.0.0.1",
    port: api.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
  services = testServices(handle.forSite(""), { payments });
});
afterAll(async () => {
  await api.close();
  await handle.close();
});
beforeEach(() => {
  api.seen.length = 0;
});

/** The posted card form as the Stripe card pages send it, parsed by the gateway's schema. */
function stripeForm(paymentMethodId: string) {
  const parsed = cardSchemaFor("stripe").safeParse({
    _csrf: "t",
    holder: "HANAKO YAMADA",
    payment_method_id: paymentMethodId,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const refusal = (e: unknown) => (e instanceof AppError ? e.details.reason?.code : e);

describe("saving a card made by Stripe.js (My Page)", () => {
  let n = 0;
  const newMember = async () => {
    const { siteId } = await makeSite(handle.owner);
    const memberId = await createMember(handle.owner, siteId, { name: "花子", email: `pm${++n}@example.com` });
    return { siteId, memberId };
  };
  const returnUrl = (setupId: string) => `https://booking.test/sakura/mypage/user/credit_card?setup=${setupId}`;

  it("confirms the setup with the PaymentMethod and mirrors the card, never a number", async () => {
    const { siteId, memberId } = await newMember();
    const result = await addCard(handle.forSite(siteId), siteId, memberId, stripeForm("pm_visa"), payments, returnUrl);
    expect(result).toEqual({ status: "saved" });
    const [confirm] = api.posts("/v1/setup_intents/seti_1/confirm");
    expect(confirm?.form.get("payment_method")).toBe("pm_visa");
    expect(confirm?.form.get("return_url")).toBe(returnUrl("seti_1"));
    // The card was never created from typed details.
    expect(api.posts("/v1/payment_methods")).toEqual([]);
    expect(await listCards(handle.forSite(siteId), siteId, memberId)).toMatchObject([
      { brand: "visa", last4: "4242", holder: "TARO YAMADA", isDefault: true },
    ]);
  });

  it("refuses a JCB PaymentMethod before any setup is confirmed", async () => {
    const { siteId, memberId } = await newMember();
    const error = await addCard(
      handle.forSite(siteId),
      siteId,
      memberId,
      stripeForm("pm_jcb"),
      payments,
      returnUrl,
    ).catch((e: unknown) => e);
    expect(refusal(error)).toBe("jcb_not_accepted");
    expect(api.posts("/v1/setup_intents/seti_1/confirm")).toEqual([]);
    expect(await handle.forSite(siteId).select().from(memberCards).where(eq(memberCards.memberId, memberId))).toEqual(
      [],
    );
  });

  it("answers requires_action with Stripe's redirect URL, then saves the card the gateway reports", async () => {
    const { siteId, memberId } = await newMember();
    const result = await addCard(handle.forSite(siteId), siteId, memberId, stripeForm("pm_3ds"), payments, returnUrl);
    expect(result).toEqual({
      status: "requires_action",
      actionUrl: "https://hooks.stripe.test/3ds/seti_1",
      setupId: "seti_1",
    });
    expect(await listCards(handle.forSite(siteId), siteId, memberId)).toEqual([]);
    // Back from the challenge: the outcome is read from Stripe.
    await completeCardSetup(handle.forSite(siteId), siteId, memberId, "seti_1", payments);
    expect(await listCards(handle.forSite(siteId), siteId, memberId)).toMatchObject([{ brand: "visa", last4: "3220" }]);
  });
});

describe("paying a booking with a card made by Stripe.js", () => {
  const cardStep = () => cardStepSession(handle);

  const deps = (siteId: string) => ({
    mailer: services.mailer,
    payments,
    mails: bookingMails({ ...services, db: handle.forSite(siteId) }, "http://localhost"),
  });

  async function pay(paymentMethodId: string) {
    const step = await cardStep();
    const answer = await submitReservation(
      handle.forSite(step.siteId),
      step.siteId,
      {
        bundle: step.bundle,
        session: step.session,
        idempotencyKey: `k-${step.siteId}`,
        memberId: null,
        locale: "en",
        now: NOW,
        card: { source: cardSourceOf(stripeForm(paymentMethodId)) },
        returnUrl: "https://booking.test/test/reserve/credit_card?reservation=pending",
      },
      deps(step.siteId),
    );
    return { ...step, answer };
  }

  const statusOf = async (siteId: string, id: number) =>
    (
      await handle
        .forSite(siteId)
        .select({ status: reservations.status, paymentId: reservations.paymentId })
        .from(reservations)
        .where(and(eq(reservations.siteId, siteId), eq(reservations.id, id)))
    )[0];

  it("charges the total in yen with the PaymentMethod and confirms the booking", async () => {
    const { siteId, answer, total } = await pay("pm_visa");
    expect(answer.outcome).toBe("completed");
    const [charge] = api.posts("/v1/payment_intents");
    expect(Object.fromEntries(charge?.form ?? [])).toMatchObject({
      amount: String(total),
      currency: "jpy",
      payment_method: "pm_visa",
      confirm: "true",
      "payment_method_options[card][request_three_d_secure]": "any",
    });
    expect(charge?.idempotencyKey).toMatch(new RegExp(`^booking-${siteId}-\\d+$`));
    if (answer.outcome !== "completed") return;
    expect(await statusOf(siteId, answer.reservationId)).toEqual({ status: "confirmed", paymentId: "pi_1" });
  });

  it("refuses a JCB PaymentMethod without creating a payment, and releases the hold", async () => {
    const { siteId, answer } = await pay("pm_jcb");
    expect(answer).toEqual({ outcome: "refused", reason: { code: "jcb_not_accepted" } });
    expect(api.posts("/v1/payment_intents")).toEqual([]);
    const [row] = await handle
      .forSite(siteId)
      .select({ status: reservations.status })
      .from(reservations)
      .where(eq(reservations.siteId, siteId));
    expect(row?.status).toBe("expired");
  });

  it("answers requires_action with Stripe's redirect URL and the return URL given to the intent", async () => {
    const { siteId, answer } = await pay("pm_3ds");
    expect(answer).toMatchObject({ outcome: "requires_action", actionUrl: "https://hooks.stripe.test/3ds/pi_1" });
    expect(api.posts("/v1/payment_intents")[0]?.form.get("return_url")).toBe(
      "https://booking.test/test/reserve/credit_card?reservation=pending",
    );
    if (answer.outcome !== "requires_action") return;
    expect(await statusOf(siteId, answer.reservationId)).toEqual({ status: "held", paymentId: "pi_1" });
    // Back from the challenge: Stripe reports the payment succeeded.
    expect(await completeCardAction(handle.forSite(siteId), siteId, answer.reservationId, deps(siteId))).toMatchObject({
      outcome: "completed",
    });
    expect(await statusOf(siteId, answer.reservationId)).toEqual({ status: "confirmed", paymentId: "pi_1" });
  });
});
