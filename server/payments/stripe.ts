import Stripe from "stripe";
import { brandOf, checkCardInput, digitsOf, isRefusedBrand, isValidAmount } from "./cards";
import type {
  ActionResult,
  AuthorizeInput,
  CardBrand,
  CardSetupResult,
  CardSource,
  GatewayEvent,
  MemberRef,
  PaymentGateway,
  PaymentReason,
  PaymentResult,
  RefundResult,
  SavedCard,
} from "./types";
import { WebhookSignatureError } from "./types";

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** `any` asks for 3-D Secure on every card (Japan's 2025 rule); `automatic` lets Stripe decide. */
  threeDSecure?: "any" | "automatic";
  /** For tests against a local server. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

const KNOWN_BRANDS = new Set<CardBrand>(["visa", "mastercard", "amex", "diners", "discover", "jcb", "unionpay"]);
const brand = (b: string | undefined | null): CardBrand =>
  KNOWN_BRANDS.has(b as CardBrand) ? (b as CardBrand) : "unknown";

/** Stripe's error and decline codes → ours. */
export function reasonOf(code: string | undefined, declineCode?: string): PaymentReason {
  switch (declineCode ?? code) {
    case "insufficient_funds":
      return "insufficient_funds";
    case "expired_card":
      return "card_expired";
    case "incorrect_cvc":
    case "invalid_cvc":
      return "incorrect_cvc";
    case "incorrect_number":
    case "invalid_number":
      return "invalid_number";
    case "invalid_expiry_month":
    case "invalid_expiry_year":
      return "invalid_expiry";
    case "payment_intent_authentication_failure":
    case "setup_intent_authentication_failure":
    case "authentication_required":
      return "authentication_failed";
    case "amount_too_small":
    case "amount_too_large":
      return "amount_invalid";
    case "resource_missing":
      return "not_found";
    case "charge_already_refunded":
      return "already_refunded";
    default:
      return code === "card_declined" || declineCode ? "card_declined" : "processing_error";
  }
}

function actionOf(intent: { next_action?: Stripe.PaymentIntent.NextAction | Stripe.SetupIntent.NextAction | null }) {
  return intent.next_action?.redirect_to_url?.url ?? undefined;
}

/** Stripe: Customers, SetupIntents and PaymentIntents with 3-D Secure, PaymentMethods, Refunds, webhooks. */
export class StripeGateway implements PaymentGateway {
  readonly kind = "stripe" as const;
  readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly threeDSecure: "any" | "automatic";

  constructor(options: StripeGatewayOptions) {
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 30_000,
      telemetry: false,
    });
    this.webhookSecret = options.webhookSecret;
    this.threeDSecure = options.threeDSecure ?? "any";
  }

  async createCustomer(siteId: string, member: MemberRef): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: member.email, name: member.name, metadata: { siteId, memberId: member.memberId } },
      { idempotencyKey: `customer:${siteId}:${member.memberId}` },
    );
    return customer.id;
  }

  async startCardSetup(customerId: string) {
    const intent = await this.stripe.setupIntents.create({
      customer: customerId,
      usage: "off_session",
      payment_method_options: { card: { request_three_d_secure: this.threeDSecure } },
    });
    return { setupId: intent.id, clientSecret: intent.client_secret ?? undefined };
  }

  /**
   * A PaymentMethod id for the source, or a refusal made before Stripe saw the card: JCB (by BIN for
   * typed cards, by the PaymentMethod's brand otherwise) and malformed cards never reach a payment.
   */
  private async paymentMethodFor(source: CardSource): Promise<{ id: string } | { reason: PaymentReason }> {
    if ("card" in source) {
      const problem = checkCardInput(source.card);
      if (problem) return { reason: problem };
      const pm = await this.stripe.paymentMethods.create({
        type: "card",
        card: {
          number: digitsOf(source.card.number),
          exp_month: source.card.expMonth,
          exp_year: source.card.expYear,
          cvc: source.card.cvc,
        },
        billing_details: { name: source.card.holder },
      });
      return { id: pm.id };
    }
    const pm = await this.stripe.paymentMethods.retrieve(source.paymentMethodId);
    if (isRefusedBrand(pm.card?.brand ?? "")) return { reason: "jcb_not_accepted" };
    return { id: pm.id };
  }

  private async setupResult(intent: Stripe.SetupIntent): Promise<CardSetupResult> {
    const base = { setupId: intent.id };
    if (intent.status === "succeeded") {
      const pmId = typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
      const customerId = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
      const card = pmId && customerId ? (await this.listCards(customerId)).find((c) => c.id === pmId) : undefined;
      return { ...base, status: "succeeded", card };
    }
    if (intent.status === "requires_action") {
      return {
        ...base,
        status: "requires_action",
        actionUrl: actionOf(intent),
        clientSecret: intent.client_secret ?? undefined,
      };
    }
    const err = intent.last_setup_error;
    return { ...base, status: "failed", reason: err ? reasonOf(err.code, err.decline_code) : "card_declined" };
  }

  async confirmCardSetup(
    setupId: string,
    source: CardSource,
    options: { returnUrl?: string } = {},
  ): Promise<CardSetupResult> {
    try {
      const pm = await this.paymentMethodFor(source);
      if ("reason" in pm) return { setupId, status: "failed", reason: pm.reason };
      const intent = await this.stripe.setupIntents.confirm(setupId, {
        payment_method: pm.id,
        return_url: options.returnUrl,
      });
      return await this.setupResult(intent);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) {
        return { setupId, status: "failed", reason: reasonOf(err.code, err.decline_code) };
      }
      throw err;
    }
  }

  async listCards(customerId: string): Promise<SavedCard[]> {
    const [customer, methods] = await Promise.all([
      this.stripe.customers.retrieve(customerId),
      this.stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 100 }),
    ]);
    const defaultPm =
      "deleted" in customer && customer.deleted ? null : customer.invoice_settings?.default_payment_method;
    const defaultId = typeof defaultPm === "string" ? defaultPm : defaultPm?.id;
    return methods.data
      .filter((pm) => pm.card)
      .map((pm) => ({
        id: pm.id,
        brand: brand(pm.card?.brand),
        last4: pm.card?.last4 ?? "",
        expMonth: pm.card?.exp_month ?? 0,
        expYear: pm.card?.exp_year ?? 0,
        holder: pm.billing_details?.name ?? "",
        isDefault: pm.id === defaultId,
      }));
  }

  /** Whether the PaymentMethod belongs to this customer (an id of another member is not found). */
  private async owns(customerId: string, cardId: string): Promise<boolean> {
    try {
      const pm = await this.stripe.paymentMethods.retrieve(cardId);
      const owner = typeof pm.customer === "string" ? pm.customer : pm.customer?.id;
      return owner === customerId;
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return false;
      throw err;
    }
  }

  async detachCard(customerId: string, cardId: string): Promise<boolean> {
    if (!(await this.owns(customerId, cardId))) return false;
    await this.stripe.paymentMethods.detach(cardId);
    return true;
  }

  async setDefaultCard(customerId: string, cardId: string): Promise<boolean> {
    if (!(await this.owns(customerId, cardId))) return false;
    await this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: cardId } });
    return true;
  }

  private paymentResult(intent: Stripe.PaymentIntent): PaymentResult {
    const base = { paymentId: intent.id, amount: intent.amount };
    switch (intent.status) {
      case "succeeded":
        return { ...base, status: "succeeded" };
      case "requires_capture":
        return { ...base, status: "requires_capture" };
      case "requires_action":
        return {
          ...base,
          status: "requires_action",
          actionUrl: actionOf(intent),
          clientSecret: intent.client_secret ?? undefined,
        };
      default: {
        const err = intent.last_payment_error;
        return { ...base, status: "failed", reason: err ? reasonOf(err.code, err.decline_code) : "card_declined" };
      }
    }
  }

  async authorize(input: AuthorizeInput): Promise<PaymentResult> {
    const refused = (reason: PaymentReason): PaymentResult => ({
      paymentId: "",
      status: "failed",
      amount: input.amount,
      reason,
    });
    if (!isValidAmount(input.amount)) return refused("amount_invalid");
    try {
      let paymentMethod: string;
      if (input.cardId) {
        if (!input.customerId) return refused("not_found");
        const pm = await this.stripe.paymentMethods.retrieve(input.cardId);
        const owner = typeof pm.customer === "string" ? pm.customer : pm.customer?.id;
        if (owner !== input.customerId) return refused("not_found");
        if (isRefusedBrand(pm.card?.brand ?? "")) return refused("jcb_not_accepted");
        paymentMethod = pm.id;
      } else if (input.source) {
        if ("card" in input.source && isRefusedBrand(brandOf(input.source.card.number)))
          return refused("jcb_not_accepted");
        const pm = await this.paymentMethodFor(input.source);
        if ("reason" in pm) return refused(pm.reason);
        paymentMethod = pm.id;
      } else {
        return refused("not_found");
      }
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: "jpy",
          customer: input.customerId,
          payment_method: paymentMethod,
          capture_method: input.capture === "manual" ? "manual" : "automatic",
          confirm: true,
          return_url: input.returnUrl,
          payment_method_options: { card: { request_three_d_secure: this.threeDSecure } },
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return this.paymentResult(intent);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeIdempotencyError) return refused("idempotency_key_reused");
      if (err instanceof Stripe.errors.StripeError) {
        return {
          paymentId: err.payment_intent?.id ?? "",
          status: "failed",
          amount: input.amount,
          reason: reasonOf(err.code, err.decline_code),
        };
      }
      throw err;
    }
  }

  async chargeAgain(paymentId: string, amount: number, idempotencyKey: string): Promise<PaymentResult> {
    const failed = (reason: PaymentReason): PaymentResult => ({ paymentId: "", status: "failed", amount, reason });
    if (!isValidAmount(amount)) return failed("amount_invalid");
    try {
      const first = await this.stripe.paymentIntents.retrieve(paymentId);
      const paymentMethod = typeof first.payment_method === "string" ? first.payment_method : first.payment_method?.id;
      const customer = typeof first.customer === "string" ? first.customer : first.customer?.id;
      if (!paymentMethod) return failed("not_found");
      const intent = await this.stripe.paymentIntents.create(
        {
          amount,
          currency: "jpy",
          customer,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          metadata: first.metadata,
        },
        { idempotencyKey },
      );
      return this.paymentResult(intent);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeIdempotencyError) return failed("idempotency_key_reused");
      if (err instanceof Stripe.errors.StripeError) return failed(reasonOf(err.code, err.decline_code));
      throw err;
    }
  }

  async findPayment(idempotencyKey: string): Promise<PaymentResult | null> {
    // Our first payments carry their ledger key in the metadata (server/reservations/first-payment.ts).
    const found = await this.stripe.paymentIntents.search({
      query: `metadata['ledgerKey']:'${idempotencyKey.replace(/'/g, "")}'`,
      limit: 1,
    });
    const [intent] = found.data;
    return intent ? this.paymentResult(intent) : null;
  }

  async completeAction(id: string): Promise<ActionResult> {
    if (id.startsWith("seti_")) {
      return { kind: "setup", ...(await this.setupResult(await this.stripe.setupIntents.retrieve(id))) };
    }
    return { kind: "payment", ...this.paymentResult(await this.stripe.paymentIntents.retrieve(id)) };
  }

  async capture(paymentId: string, idempotencyKey: string): Promise<PaymentResult> {
    try {
      return this.paymentResult(await this.stripe.paymentIntents.capture(paymentId, {}, { idempotencyKey }));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) {
        const reason = err.code === "payment_intent_unexpected_state" ? "not_capturable" : reasonOf(err.code);
        return { paymentId, status: "failed", amount: 0, reason };
      }
      throw err;
    }
  }

  async refund(paymentId: string, idempotencyKey: string, amount?: number): Promise<RefundResult> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(paymentId);
      if (intent.status === "requires_capture") {
        await this.stripe.paymentIntents.cancel(paymentId, {}, { idempotencyKey });
        return { paymentId, status: "succeeded", amount: 0 };
      }
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentId, ...(amount === undefined ? {} : { amount }) },
        { idempotencyKey },
      );
      const ok = refund.status === "succeeded" || refund.status === "pending";
      return ok
        ? { paymentId, status: "succeeded", amount: refund.amount, refundId: refund.id }
        : { paymentId, status: "failed", amount: 0, refundId: refund.id, reason: "processing_error" };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeIdempotencyError) {
        return { paymentId, status: "failed", amount: 0, reason: "idempotency_key_reused" };
      }
      if (err instanceof Stripe.errors.StripeError)
        return { paymentId, status: "failed", amount: 0, reason: reasonOf(err.code) };
      throw err;
    }
  }

  verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | undefined): GatewayEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        typeof rawBody === "string" ? rawBody : Buffer.from(rawBody),
        signatureHeader ?? "",
        this.webhookSecret,
      );
    } catch {
      throw new WebhookSignatureError();
    }
    const object = event.data.object as { id?: unknown };
    return {
      id: event.id,
      type: event.type,
      objectId: typeof object.id === "string" ? object.id : null,
      created: event.created,
      data: event.data,
    };
  }
}
