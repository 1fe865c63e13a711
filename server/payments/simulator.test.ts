import { describe, expect, it } from "vitest";
import { brandOf, luhnValid } from "./cards";
import { PaymentSimulator } from "./simulator";
import type { CardInput } from "./types";
import { WebhookSignatureError } from "./types";
import { signWebhook } from "./webhook-signature";

const NOW = new Date("2026-06-15T00:00:00Z");
const card = (number: string, over: Partial<CardInput> = {}): CardInput => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: "123",
  holder: "TARO YAMADA",
  ...over,
});

async function setupWith(gateway: PaymentSimulator, c: CardInput) {
  const customer = await gateway.createCustomer("site-1", { memberId: "m1" });
  const { setupId } = await gateway.startCardSetup(customer);
  return { customer, setupId, result: await gateway.confirmCardSetup(setupId, { card: c }) };
}

describe("cards", () => {
  it.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["378282246310005", "amex"],
    ["3566002020360505", "jcb"],
    ["3528000000000007", "jcb"],
    ["3589000000000003", "jcb"],
    ["3590000000000000", "unknown"],
    ["6011111111111117", "discover"],
  ])("%s is %s", (number, brand) => {
    expect(brandOf(number)).toBe(brand);
  });

  it("checks Luhn", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
  });
});

describe("simulator: saving cards", () => {
  const gateway = () => new PaymentSimulator({ now: () => NOW });

  it("saves 4242 and makes it the default", async () => {
    const g = gateway();
    const { customer, result } = await setupWith(g, card("4242 4242 4242 4242"));
    expect(result.status).toBe("succeeded");
    expect(result.card).toMatchObject({
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2030,
      holder: "TARO YAMADA",
    });
    expect(await g.listCards(customer)).toEqual([{ ...result.card, isDefault: true }]);
    expect(JSON.stringify(g.log)).not.toContain("4242424242424242");
  });

  it("needs a 3-D Secure challenge for 3220, then saves it", async () => {
    const g = gateway();
    const { customer, setupId, result } = await setupWith(g, card("4000000000003220"));
    expect(result).toMatchObject({ status: "requires_action", actionUrl: `/_simulator/3ds/${setupId}` });
    expect(await g.listCards(customer)).toEqual([]);
    expect(await g.resolveChallenge(setupId, "succeeded")).toBe(true);
    const done = await g.completeAction(setupId);
    expect(done).toMatchObject({ kind: "setup", status: "succeeded", card: { last4: "3220" } });
    expect(await g.listCards(customer)).toHaveLength(1);
  });

  it("fails the setup when the challenge fails", async () => {
    const g = gateway();
    const { customer, setupId } = await setupWith(g, card("4000000000003220"));
    await g.resolveChallenge(setupId, "failed");
    expect(await g.completeAction(setupId)).toMatchObject({ status: "failed", reason: "authentication_failed" });
    expect(await g.listCards(customer)).toEqual([]);
  });

  it.each([
    ["declined", card("4000000000000002"), "card_declined"],
    ["JCB", card("3566002020360505"), "jcb_not_accepted"],
    ["past expiry", card("4242424242424242", { expMonth: 5, expYear: 2026 }), "card_expired"],
    ["wrong CVC (000)", card("4242424242424242", { cvc: "000" }), "incorrect_cvc"],
    ["malformed CVC", card("4242424242424242", { cvc: "12" }), "incorrect_cvc"],
    ["invalid number", card("4242424242424241"), "invalid_number"],
    ["bad month", card("4242424242424242", { expMonth: 13 }), "invalid_expiry"],
  ])("refuses a %s card", async (_name, c, reason) => {
    const g = gateway();
    const { customer, result } = await setupWith(g, c);
    expect(result).toMatchObject({ status: "failed", reason });
    expect(await g.listCards(customer)).toEqual([]);
  });

  it("still accepts this month's expiry", async () => {
    const { result } = await setupWith(gateway(), card("4242424242424242", { expMonth: 6, expYear: 2026 }));
    expect(result.status).toBe("succeeded");
  });

  it("detaches and sets the default only for the card's owner", async () => {
    const g = gateway();
    const a = await setupWith(g, card("4242424242424242"));
    const b = await setupWith(g, card("5555555555554444"));
    const cardA = a.result.card!.id;
    expect(await g.setDefaultCard(b.customer, cardA)).toBe(false);
    expect(await g.detachCard(b.customer, cardA)).toBe(false);
    const { setupId } = await g.startCardSetup(a.customer);
    const second = await g.confirmCardSetup(setupId, { card: card("5555555555554444") });
    expect(await g.setDefaultCard(a.customer, second.card!.id)).toBe(true);
    expect((await g.listCards(a.customer)).find((c) => c.isDefault)?.last4).toBe("4444");
    expect(await g.detachCard(a.customer, cardA)).toBe(true);
    expect((await g.listCards(a.customer)).map((c) => c.last4)).toEqual(["4444"]);
  });
});

describe("simulator: after a restart", () => {
  it("adopts a customer id it made before, with no cards, and answers false for cards not its own", async () => {
    const g = new PaymentSimulator({ now: () => NOW });
    const customer = "sim_cus_0b6f3c2e-1111-4222-8333-444455556666";
    expect(await g.listCards(customer)).toEqual([]);
    expect(await g.detachCard(customer, "pm_stripe123")).toBe(false);
    expect(await g.setDefaultCard(customer, "card_stripe123")).toBe(false);
    const { setupId } = await g.startCardSetup(customer);
    const result = await g.confirmCardSetup(setupId, { card: card("4242424242424242") });
    expect(result).toMatchObject({ status: "succeeded", card: { last4: "4242", isDefault: true } });
    expect(await g.listCards(customer)).toHaveLength(1);
  });

  it("pays with a card saved before the restart, through 3-D Secure when the card asks for it", async () => {
    const before = new PaymentSimulator({ now: () => NOW });
    const plain = await setupWith(before, card("4242424242424242"));
    const threeDs = await setupWith(before, card("4000000000003220"));
    await before.resolveChallenge(threeDs.setupId, "succeeded");
    const [threeDsCard] = await before.listCards(threeDs.customer);

    const g = new PaymentSimulator({ now: () => NOW });
    const pay = (customerId: string, cardId: string, key: string) =>
      g.authorize({ amount: 5000, idempotencyKey: key, customerId, cardId });
    expect(await pay(plain.customer, plain.result.card!.id, "a")).toMatchObject({ status: "succeeded" });
    const challenged = await pay(threeDs.customer, threeDsCard!.id, "b");
    expect(challenged).toMatchObject({
      status: "requires_action",
      actionUrl: `/_simulator/3ds/${challenged.paymentId}`,
    });
    await g.resolveChallenge(challenged.paymentId, "succeeded");
    expect(await g.completeAction(challenged.paymentId)).toMatchObject({ kind: "payment", status: "succeeded" });
    // The demo seed's cards (simulatorCardId) are taken over the same way.
    expect(await pay("sim_cus_demo-sakura-1", "sim_pm_demo_sakura_1", "c")).toMatchObject({ status: "succeeded" });
  });

  it("takes a card over for the customer it is first charged to only; a detached card never pays", async () => {
    const g = new PaymentSimulator({ now: () => NOW });
    const pay = (customerId: string, cardId: string, key: string) =>
      g.authorize({ amount: 5000, idempotencyKey: key, customerId, cardId });
    const card1 = "sim_pm_0b6f3c2e-1111-4222-8333-444455556666";
    expect(await pay("sim_cus_a", card1, "a")).toMatchObject({ status: "succeeded" });
    expect(await pay("sim_cus_b", card1, "b")).toMatchObject({ status: "failed", reason: "not_found" });
    expect(await g.detachCard("sim_cus_a", card1)).toBe(true);
    expect(await pay("sim_cus_a", card1, "c")).toMatchObject({ status: "failed", reason: "not_found" });
    expect(await pay("sim_cus_a", "pm_stripe123", "d")).toMatchObject({ status: "failed", reason: "not_found" });
    expect(await pay("cus_stripe123", "sim_pm_x", "e")).toMatchObject({ status: "failed", reason: "not_found" });
  });

  it("still refuses a customer id that is not one of its own", async () => {
    const g = new PaymentSimulator({ now: () => NOW });
    await expect(g.startCardSetup("cus_stripe123")).rejects.toThrow("unknown customer");
  });
});

describe("simulator: payments", () => {
  const gateway = () => new PaymentSimulator({ now: () => NOW });
  const pay = (g: PaymentSimulator, c: CardInput, key = "k1", amount = 12_100) =>
    g.authorize({ amount, idempotencyKey: key, source: { card: c } });

  it("charges 4242", async () => {
    const g = gateway();
    const result = await pay(g, card("4242424242424242"));
    expect(result).toMatchObject({ status: "succeeded", amount: 12_100 });
    expect(g.charges()).toHaveLength(1);
  });

  it("challenges 3220, then succeeds or fails with the challenge", async () => {
    const g = gateway();
    const first = await pay(g, card("4000000000003220"), "a");
    expect(first).toMatchObject({ status: "requires_action", actionUrl: `/_simulator/3ds/${first.paymentId}` });
    expect(g.charges()).toHaveLength(0);
    await g.resolveChallenge(first.paymentId, "succeeded");
    expect(await g.completeAction(first.paymentId)).toMatchObject({
      kind: "payment",
      status: "succeeded",
      amount: 12_100,
    });
    expect(g.charges()).toHaveLength(1);

    const second = await pay(g, card("4000000000003220"), "b");
    await g.resolveChallenge(second.paymentId, "failed");
    expect(await g.completeAction(second.paymentId)).toMatchObject({
      status: "failed",
      reason: "authentication_failed",
    });
    expect(g.charges()).toHaveLength(1);
  });

  it("challenges a saved 3220 card on payment too", async () => {
    const g = gateway();
    const { customer, setupId } = await setupWith(g, card("4000000000003220"));
    await g.resolveChallenge(setupId, "succeeded");
    const [saved] = await g.listCards(customer);
    const result = await g.authorize({ amount: 5000, idempotencyKey: "s", customerId: customer, cardId: saved!.id });
    expect(result.status).toBe("requires_action");
  });

  it("charges a saved card only for its owner", async () => {
    const g = gateway();
    const { customer, result } = await setupWith(g, card("4242424242424242"));
    const other = await g.createCustomer("site-1", { memberId: "m2" });
    expect(
      await g.authorize({ amount: 5000, idempotencyKey: "x", customerId: other, cardId: result.card!.id }),
    ).toMatchObject({
      status: "failed",
      reason: "not_found",
    });
    expect(
      await g.authorize({ amount: 5000, idempotencyKey: "y", customerId: customer, cardId: result.card!.id }),
    ).toMatchObject({
      status: "succeeded",
    });
  });

  it.each([
    ["4000000000000002", {}, "card_declined"],
    ["4000000000009995", {}, "insufficient_funds"],
    ["3566002020360505", {}, "jcb_not_accepted"],
    ["4242424242424242", { expMonth: 1, expYear: 2025 }, "card_expired"],
    ["4242424242424242", { cvc: "000" }, "incorrect_cvc"],
    ["1234567812345678", {}, "invalid_number"],
  ])("refuses %s %o: %s", async (number, over, reason) => {
    const g = gateway();
    expect(await pay(g, card(number, over))).toMatchObject({ status: "failed", reason });
    expect(g.charges()).toHaveLength(0);
  });

  it.each([0, 49, 100.5, -1000])("refuses an amount of %s yen", async (amount) => {
    const g = gateway();
    expect(await pay(g, card("4242424242424242"), "k", amount)).toMatchObject({
      status: "failed",
      reason: "amount_invalid",
    });
  });

  it("charges once for the same key sent 20 times at once", async () => {
    const g = gateway();
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(g, card("4242424242424242"), "booking-77")));
    expect(new Set(results.map((r) => r.paymentId)).size).toBe(1);
    expect(results.every((r) => r.status === "succeeded")).toBe(true);
    expect(g.charges()).toEqual([expect.objectContaining({ idempotencyKey: "booking-77", amount: 12_100 })]);
    expect(g.log.filter((e) => e.op === "authorization")).toHaveLength(1);
  });

  it("refuses the same key with a different amount", async () => {
    const g = gateway();
    await pay(g, card("4242424242424242"), "booking-78", 12_100);
    expect(await pay(g, card("4242424242424242"), "booking-78", 13_000)).toMatchObject({
      status: "failed",
      reason: "idempotency_key_reused",
    });
    expect(g.charges()).toHaveLength(1);
  });

  it("refunds once", async () => {
    const g = gateway();
    const { paymentId } = await pay(g, card("4242424242424242"));
    const first = await g.refund(paymentId, "refund-1");
    expect(first).toMatchObject({ status: "succeeded", amount: 12_100 });
    expect(await g.refund(paymentId, "refund-1")).toEqual(first);
    expect(await g.refund(paymentId, "refund-2")).toMatchObject({ status: "failed", reason: "already_refunded" });
    expect(g.log.filter((e) => e.op === "refund")).toEqual([
      expect.objectContaining({ amount: 12_100, idempotencyKey: "refund-1" }),
    ]);
  });

  it("refunds part of a charge, then the rest; never more than was charged, and a key keeps its amount", async () => {
    const g = gateway();
    const { paymentId } = await pay(g, card("4242424242424242"));
    expect(await g.refund(paymentId, "part-1", 2_100)).toMatchObject({ status: "succeeded", amount: 2_100 });
    expect(await g.refund(paymentId, "part-1", 3_000)).toMatchObject({
      status: "failed",
      reason: "idempotency_key_reused",
    });
    expect(await g.refund(paymentId, "part-2", 10_001)).toMatchObject({ status: "failed", reason: "amount_invalid" });
    expect(await g.refund(paymentId, "rest")).toMatchObject({ status: "succeeded", amount: 10_000 });
    expect(await g.refund(paymentId, "more", 1)).toMatchObject({ status: "failed", reason: "already_refunded" });
  });

  it("holds, captures once, and releases a hold without giving money back", async () => {
    const g = gateway();
    const held = await g.authorize({
      amount: 8000,
      idempotencyKey: "h",
      source: { card: card("4242424242424242") },
      capture: "manual",
    });
    expect(held.status).toBe("requires_capture");
    expect(await g.capture(held.paymentId, "c1")).toMatchObject({ status: "succeeded", amount: 8000 });
    expect(await g.capture(held.paymentId, "c2")).toMatchObject({ status: "failed", reason: "not_capturable" });
    const other = await g.authorize({
      amount: 8000,
      idempotencyKey: "h2",
      source: { card: card("4242424242424242") },
      capture: "manual",
    });
    expect(await g.refund(other.paymentId, "r")).toMatchObject({ status: "succeeded", amount: 0 });
  });
});

describe("simulator: webhooks", () => {
  const g = new PaymentSimulator({ webhookSecret: "whsec_test" });
  const body = JSON.stringify({
    id: "evt_1",
    type: "payment_intent.succeeded",
    created: 1,
    data: { object: { id: "sim_pi_1" } },
  });

  it("verifies a signed event", () => {
    expect(g.verifyWebhook(body, signWebhook(body, "whsec_test"))).toMatchObject({
      id: "evt_1",
      type: "payment_intent.succeeded",
      objectId: "sim_pi_1",
    });
  });

  it("refuses a tampered body, another secret, an old timestamp or no header", () => {
    const header = signWebhook(body, "whsec_test");
    expect(() => g.verifyWebhook(body.replace("evt_1", "evt_2"), header)).toThrow(WebhookSignatureError);
    expect(() => g.verifyWebhook(body, signWebhook(body, "whsec_other"))).toThrow(WebhookSignatureError);
    expect(() => g.verifyWebhook(body, signWebhook(body, "whsec_test", Math.floor(Date.now() / 1000) - 3600))).toThrow(
      WebhookSignatureError,
    );
    expect(() => g.verifyWebhook(body, undefined)).toThrow(WebhookSignatureError);
  });
});
