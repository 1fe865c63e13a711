import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type StripeApi, startStripeApi } from "#tests/fixtures/stripe-api";
import { StripeGateway } from "./stripe";
import { WebhookSignatureError } from "./types";

/** The adapter against a local server that speaks Stripe's wire format (tests/fixtures/stripe-api.ts). */
let api: StripeApi;
let gateway: StripeGateway;
const WEBHOOK_SECRET = "whsec_test_secret";

beforeAll(async () => {
  api = await startStripeApi();
  gateway = new StripeGateway({
    secretKey: "sk_test_local",
    webhookSecret: WEBHOOK_SECRET,
    host: "127.0.0.1",
    port: api.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
});

afterAll(() => api.close());

beforeEach(() => {
  api.seen.length = 0;
});

const posts = (path: string) => api.posts(path);

describe("Stripe adapter", () => {
  it("creates a customer with the site and member in metadata", async () => {
    expect(await gateway.createCustomer("site-1", { memberId: "m1", email: "a@example.com" })).toBe("cus_1");
    const [req] = posts("/v1/customers");
    expect(req!.form.get("metadata[siteId]")).toBe("site-1");
    expect(req!.form.get("metadata[memberId]")).toBe("m1");
    expect(req!.idempotencyKey).toBe("customer:site-1:m1");
  });

  it("starts a setup asking for 3-D Secure", async () => {
    expect(await gateway.startCardSetup("cus_1")).toEqual({ setupId: "seti_1", clientSecret: "seti_1_secret_x" });
    const [req] = posts("/v1/setup_intents");
    expect(req!.form.get("customer")).toBe("cus_1");
    expect(req!.form.get("payment_method_options[card][request_three_d_secure]")).toBe("any");
  });

  it("saves a card, and maps a setup that needs a challenge", async () => {
    const ok = await gateway.confirmCardSetup(
      "seti_1",
      { paymentMethodId: "pm_visa" },
      { returnUrl: "https://app.test/back" },
    );
    expect(ok).toMatchObject({
      status: "succeeded",
      card: { id: "pm_visa", brand: "visa", last4: "4242", isDefault: true },
    });
    expect(posts("/v1/setup_intents/seti_1/confirm")[0]!.form.get("return_url")).toBe("https://app.test/back");
    const challenge = await gateway.confirmCardSetup("seti_1", { paymentMethodId: "pm_3ds" });
    expect(challenge).toMatchObject({ status: "requires_action", actionUrl: "https://hooks.stripe.test/3ds/seti_1" });
  });

  it("refuses a JCB card before it reaches a setup or a payment", async () => {
    expect(await gateway.confirmCardSetup("seti_1", { paymentMethodId: "pm_jcb" })).toMatchObject({
      status: "failed",
      reason: "jcb_not_accepted",
    });
    const typed = { number: "3566002020360505", expMonth: 12, expYear: 2030, cvc: "123", holder: "T" };
    expect(await gateway.authorize({ amount: 5000, idempotencyKey: "j", source: { card: typed } })).toMatchObject({
      status: "failed",
      reason: "jcb_not_accepted",
    });
    expect(api.seen.filter((s) => s.method === "POST")).toEqual([]);
  });

  it("lists cards with the default", async () => {
    const cards = await gateway.listCards("cus_1");
    expect(cards.map((c) => [c.id, c.last4, c.isDefault])).toEqual([
      ["pm_visa", "4242", true],
      ["pm_3ds", "3220", false],
    ]);
  });

  it("charges in yen with the idempotency key and 3-D Secure", async () => {
    const result = await gateway.authorize({
      amount: 12_100,
      idempotencyKey: "booking-1",
      customerId: "cus_1",
      cardId: "pm_visa",
      metadata: { siteId: "site-1" },
    });
    expect(result).toEqual({ paymentId: "pi_1", amount: 12_100, status: "succeeded" });
    const [req] = posts("/v1/payment_intents");
    expect(req!.idempotencyKey).toBe("booking-1");
    expect(Object.fromEntries(req!.form)).toMatchObject({
      amount: "12100",
      currency: "jpy",
      customer: "cus_1",
      payment_method: "pm_visa",
      confirm: "true",
      capture_method: "automatic",
      "payment_method_options[card][request_three_d_secure]": "any",
      "metadata[siteId]": "site-1",
    });
  });

  it("maps requires_action with the redirect URL", async () => {
    const result = await gateway.authorize({
      amount: 12_100,
      idempotencyKey: "b2",
      customerId: "cus_1",
      cardId: "pm_3ds",
    });
    expect(result).toMatchObject({
      status: "requires_action",
      paymentId: "pi_1",
      actionUrl: "https://hooks.stripe.test/3ds/pi_1",
    });
    expect(await gateway.completeAction("pi_1")).toMatchObject({ kind: "payment", status: "succeeded" });
  });

  it("maps card_declined", async () => {
    const result = await gateway.authorize({
      amount: 12_100,
      idempotencyKey: "b3",
      customerId: "cus_1",
      cardId: "pm_declined",
    });
    expect(result).toEqual({ paymentId: "pi_1", status: "failed", amount: 12_100, reason: "card_declined" });
  });

  it("maps an idempotency conflict", async () => {
    const result = await gateway.authorize({
      amount: 9999,
      idempotencyKey: "b1",
      customerId: "cus_1",
      cardId: "pm_visa",
    });
    expect(result).toMatchObject({ status: "failed", reason: "idempotency_key_reused" });
  });

  it("refuses another customer's card without charging", async () => {
    const result = await gateway.authorize({
      amount: 5000,
      idempotencyKey: "b4",
      customerId: "cus_1",
      cardId: "pm_other",
    });
    expect(result).toMatchObject({ status: "failed", reason: "not_found" });
    expect(await gateway.detachCard("cus_1", "pm_other")).toBe(false);
    expect(posts("/v1/payment_intents")).toEqual([]);
  });

  it("refunds with the idempotency key", async () => {
    expect(await gateway.refund("pi_1", "refund-1")).toEqual({
      paymentId: "pi_1",
      status: "succeeded",
      amount: 12_100,
      refundId: "re_1",
    });
    const [req] = posts("/v1/refunds");
    expect(req!.form.get("payment_intent")).toBe("pi_1");
    expect(req!.idempotencyKey).toBe("refund-1");
  });

  it("finds a first payment by the ledger key in its metadata, and nothing under an unknown key", async () => {
    expect(await gateway.findPayment("booking-known")).toEqual({
      paymentId: "pi_1",
      status: "succeeded",
      amount: 7000,
    });
    expect(await gateway.findPayment("booking-unknown")).toBeNull();
    // A quote in a key cannot break out of the search's string.
    expect(await gateway.findPayment("booking-kno'wn")).toEqual(expect.objectContaining({ paymentId: "pi_1" }));
    const searches = api.seen.filter((s) => s.method === "GET" && s.path === "/v1/payment_intents/search");
    expect(searches.map((s) => s.form.get("query"))).toEqual([
      "metadata['ledgerKey']:'booking-known'",
      "metadata['ledgerKey']:'booking-unknown'",
      "metadata['ledgerKey']:'booking-known'",
    ]);
  });

  it("verifies a signed webhook and refuses a tampered one", () => {
    const body = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      created: 1_700_000_000,
      data: { object: { id: "pi_1", object: "payment_intent" } },
    });
    const stripe = new Stripe("sk_test_local");
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    expect(gateway.verifyWebhook(body, header)).toMatchObject({
      id: "evt_1",
      type: "payment_intent.succeeded",
      objectId: "pi_1",
    });
    expect(() => gateway.verifyWebhook(body.replace("pi_1", "pi_2"), header)).toThrow(WebhookSignatureError);
    expect(() => gateway.verifyWebhook(body, undefined)).toThrow(WebhookSignatureError);
  });
});
