import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { StripeGateway } from "./stripe";
import { WebhookSignatureError } from "./types";

/** Enough of Stripe's wire format: form-encoded requests in, JSON objects out. */
interface Seen {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}
const seen: Seen[] = [];
let server: Server;
let gateway: StripeGateway;
const WEBHOOK_SECRET = "whsec_test_secret";

const pm = (id: string, brand: string, last4: string, customer: string | null = "cus_1") => ({
  id,
  object: "payment_method",
  type: "card",
  customer,
  billing_details: { name: "TARO YAMADA" },
  card: { brand, last4, exp_month: 12, exp_year: 2030 },
});
const METHODS: Record<string, ReturnType<typeof pm>> = {
  pm_visa: pm("pm_visa", "visa", "4242"),
  pm_3ds: pm("pm_3ds", "visa", "3220"),
  pm_declined: pm("pm_declined", "visa", "0002"),
  pm_jcb: pm("pm_jcb", "jcb", "0505"),
  pm_other: pm("pm_other", "visa", "1111", "cus_2"),
};
const intent = (form: URLSearchParams, status: string, extra: object = {}) => ({
  id: "pi_1",
  object: "payment_intent",
  amount: Number(form.get("amount")),
  currency: form.get("currency"),
  client_secret: "pi_1_secret_x",
  status,
  next_action: null,
  last_payment_error: null,
  ...extra,
});

function route(method: string, path: string, form: URLSearchParams): [number, unknown] {
  if (method === "POST" && path === "/v1/customers") return [200, { id: "cus_1", object: "customer" }];
  if (method === "POST" && path === "/v1/setup_intents") {
    return [
      200,
      { id: "seti_1", object: "setup_intent", client_secret: "seti_1_secret_x", status: "requires_payment_method" },
    ];
  }
  if (method === "POST" && path === "/v1/setup_intents/seti_1/confirm") {
    const pmId = form.get("payment_method");
    if (pmId === "pm_3ds") {
      return [
        200,
        {
          id: "seti_1",
          object: "setup_intent",
          status: "requires_action",
          client_secret: "seti_1_secret_x",
          next_action: {
            type: "redirect_to_url",
            redirect_to_url: { url: "https://hooks.stripe.test/3ds/seti_1", return_url: "x" },
          },
        },
      ];
    }
    return [
      200,
      { id: "seti_1", object: "setup_intent", status: "succeeded", customer: "cus_1", payment_method: pmId },
    ];
  }
  if (method === "GET" && path === "/v1/customers/cus_1") {
    return [200, { id: "cus_1", object: "customer", invoice_settings: { default_payment_method: "pm_visa" } }];
  }
  if (method === "GET" && path === "/v1/customers/cus_1/payment_methods") {
    return [200, { object: "list", data: [METHODS.pm_visa, METHODS.pm_3ds], has_more: false, url: path }];
  }
  const pmMatch = /^\/v1\/payment_methods\/(\w+)$/.exec(path);
  if (method === "GET" && pmMatch) {
    const found = METHODS[pmMatch[1]!];
    return found ? [200, found] : [404, { error: { type: "invalid_request_error", code: "resource_missing" } }];
  }
  if (method === "POST" && path === "/v1/payment_intents") {
    if (form.get("amount") === "9999") {
      return [
        400,
        {
          error: {
            type: "idempotency_error",
            message: "Keys for idempotent requests can only be used with the same parameters",
          },
        },
      ];
    }
    switch (form.get("payment_method")) {
      case "pm_3ds":
        return [
          200,
          intent(form, "requires_action", {
            next_action: {
              type: "redirect_to_url",
              redirect_to_url: { url: "https://hooks.stripe.test/3ds/pi_1", return_url: "x" },
            },
          }),
        ];
      case "pm_declined":
        return [
          402,
          {
            error: {
              type: "card_error",
              code: "card_declined",
              decline_code: "generic_decline",
              message: "Your card was declined.",
              payment_intent: intent(form, "requires_payment_method"),
            },
          },
        ];
      default:
        return [200, intent(form, "succeeded")];
    }
  }
  if (method === "GET" && path === "/v1/payment_intents/pi_1") {
    return [200, { id: "pi_1", object: "payment_intent", amount: 12100, status: "succeeded" }];
  }
  if (method === "POST" && path === "/v1/refunds") {
    return [
      200,
      { id: "re_1", object: "refund", amount: 12100, status: "succeeded", payment_intent: form.get("payment_intent") },
    ];
  }
  return [
    404,
    { error: { type: "invalid_request_error", code: "resource_missing", message: `no route ${method} ${path}` } },
  ];
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const form = new URLSearchParams(req.method === "GET" ? url.search : body);
      const key = req.headers["idempotency-key"];
      seen.push({
        method: req.method ?? "",
        path: url.pathname,
        form,
        idempotencyKey: typeof key === "string" ? key : undefined,
      });
      const [status, json] = route(req.method ?? "", url.pathname, form);
      res.writeHead(status, { "content-type": "application/json", "request-id": "req_test" });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  gateway = new StripeGateway({
    secretKey: "sk_test_local",
    webhookSecret: WEBHOOK_SECRET,
    host: "127.0.0.1",
    port: (server.address() as AddressInfo).port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

const posts = (path: string) => seen.filter((s) => s.method === "POST" && s.path === path);

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
    expect(seen.filter((s) => s.method === "POST")).toEqual([]);
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
