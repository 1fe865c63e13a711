import { createHash, randomUUID } from "node:crypto";
import { brandOf, checkCardInput, digitsOf, isValidAmount } from "./cards";
import type {
  ActionResult,
  AuthorizeInput,
  CardInput,
  CardSetupResult,
  CardSource,
  GatewayEvent,
  PaymentGateway,
  PaymentReason,
  PaymentResult,
  RefundResult,
  SavedCard,
} from "./types";
import { WebhookSignatureError } from "./types";
import { verifyWebhookSignature } from "./webhook-signature";

/**
 * How a test card behaves, after Stripe's test cards (https://docs.stripe.com/testing).
 * Any other number that passes the checks succeeds. CVC "000" stands for a wrong CVC.
 */
type Behaviour = "ok" | "challenge" | "challenge_setup_only" | PaymentReason;
const TEST_CARDS: Record<string, Behaviour> = {
  "4000000000003220": "challenge", // 3-D Secure 2 required on every payment
  "4000002760003184": "challenge",
  "4000002500003155": "challenge_setup_only", // 3-D Secure once when saved
  "4000000000000002": "card_declined",
  "4000000000009995": "insufficient_funds",
  "4000000000000069": "card_expired",
  "4000000000000127": "incorrect_cvc",
};
export const SIMULATOR_WRONG_CVC = "000";

/**
 * A saved card's id says how the card pays: `sim_pm_3ds_…` asks for 3-D Secure on every payment,
 * any other `sim_pm_…` pays without. The simulator keeps its state in memory, so the id is what
 * survives a restart (and reaches every app process): a saved card it has not seen is taken over
 * from its id when its customer's payment names it. The demo seed makes its members' cards so.
 */
const CHALLENGE_CARD_PREFIX = "sim_pm_3ds_";
const SIMULATOR_CARD_ID = /^sim_pm_[A-Za-z0-9_-]+$/;
export function simulatorCardId(payment: "ok" | "challenge", tag: string = randomUUID()): string {
  return `${payment === "challenge" ? CHALLENGE_CARD_PREFIX : "sim_pm_"}${tag}`;
}

export interface SimulatorLogEntry {
  at: Date;
  op: "customer" | "card" | "setup" | "authorization" | "challenge" | "capture" | "refund";
  id: string;
  status: string;
  amount?: number;
  idempotencyKey?: string;
  reason?: PaymentReason;
}

interface StoredCard extends SavedCard {
  customerId: string;
  behaviour: Behaviour;
}

interface Setup {
  id: string;
  customerId: string;
  result: CardSetupResult;
  pending?: StoredCard;
}

interface Payment {
  id: string;
  result: PaymentResult;
  capture: "automatic" | "manual";
  /** Yen given back so far (a hold released counts as all of it). */
  refunded: number;
  released: boolean;
  /** How the card paid with behaves, for a later charge to it. */
  behaviour?: Behaviour;
}

export interface SimulatorOptions {
  /** Secret for `verifyWebhook` (the simulator signs its own test events with Stripe's scheme). */
  webhookSecret?: string;
  /** Prefix of the challenge page the app serves: `${prefix}/{id}` (default /_simulator/3ds). */
  challengePath?: string;
  now?: () => Date;
}

/**
 * The offline gateway: same interface and outcomes as Stripe's test mode, kept in memory, with a
 * log of everything it did (`log`) for tests and the dev console. State is per instance and lost
 * on restart (it is for demos and tests, never production), except what ids carry: customers and
 * saved cards made before a restart are taken over when a call names them.
 */
export class PaymentSimulator implements PaymentGateway {
  readonly kind = "simulator" as const;
  readonly log: SimulatorLogEntry[] = [];
  private readonly customers = new Map<string, { siteId: string; defaultCard?: string }>();
  private readonly cards = new Map<string, StoredCard>();
  /** Saved cards detached in this instance: never taken over again from their id. */
  private readonly detached = new Set<string>();
  private readonly setups = new Map<string, Setup>();
  private readonly payments = new Map<string, Payment>();
  private readonly idempotent = new Map<string, { fingerprint: string; result: Promise<unknown> }>();
  private readonly webhookSecret: string;
  private readonly challengePath: string;
  private readonly now: () => Date;

  constructor(options: SimulatorOptions = {}) {
    this.webhookSecret = options.webhookSecret ?? "whsec_simulator";
    this.challengePath = options.challengePath ?? "/_simulator/3ds";
    this.now = options.now ?? (() => new Date());
  }

  private record(entry: Omit<SimulatorLogEntry, "at">) {
    this.log.push({ at: this.now(), ...entry });
  }

  /** Runs `fn` once per key; a retry (even concurrent) gets the first promise; other input is refused. */
  private once<T>(scope: string, key: string, fingerprint: string, fn: () => T, refused: () => T): Promise<T> {
    const k = `${scope}\u0000${key}`;
    const earlier = this.idempotent.get(k);
    if (earlier)
      return earlier.fingerprint === fingerprint ? (earlier.result as Promise<T>) : Promise.resolve(refused());
    const result = Promise.resolve().then(fn);
    this.idempotent.set(k, { fingerprint, result });
    return result;
  }

  async createCustomer(siteId: string, _member: { memberId: string }): Promise<string> {
    const id = `sim_cus_${randomUUID()}`;
    this.customers.set(id, { siteId });
    this.record({ op: "customer", id, status: "created" });
    return id;
  }

  /**
   * A customer id this instance has not made: one of ours from before a restart (state is in
   * memory) is taken over with no cards, anything else is unknown.
   */
  private adopt(customerId: string): boolean {
    if (this.customers.has(customerId)) return true;
    if (!/^sim_cus_[A-Za-z0-9-]+$/.test(customerId)) return false;
    this.customers.set(customerId, { siteId: "" });
    this.record({ op: "customer", id: customerId, status: "adopted" });
    return true;
  }

  async startCardSetup(customerId: string) {
    if (!this.adopt(customerId)) throw new Error("unknown customer");
    const id = `sim_seti_${randomUUID()}`;
    this.setups.set(id, { id, customerId, result: { setupId: id, status: "requires_action" } });
    return { setupId: id, clientSecret: `${id}_secret_simulated` };
  }

  private behaviourOf(card: CardInput): Behaviour | PaymentReason {
    const problem = checkCardInput(card, this.now());
    if (problem) return problem;
    if (card.cvc === SIMULATOR_WRONG_CVC) return "incorrect_cvc";
    return TEST_CARDS[digitsOf(card.number)] ?? "ok";
  }

  async confirmCardSetup(setupId: string, source: CardSource): Promise<CardSetupResult> {
    const setup = this.setups.get(setupId);
    if (!setup) return { setupId, status: "failed", reason: "not_found" };
    if (setup.result.status !== "requires_action" || setup.pending) return setup.result;
    if (!("card" in source)) return this.finishSetup(setup, { setupId, status: "failed", reason: "invalid_number" });
    const card = source.card;
    const behaviour = this.behaviourOf(card);
    const digits = digitsOf(card.number);
    const stored: StoredCard = {
      id: simulatorCardId(behaviour === "challenge" ? "challenge" : "ok"),
      customerId: setup.customerId,
      brand: brandOf(digits),
      last4: digits.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
      holder: card.holder.trim(),
      isDefault: false,
      behaviour: behaviour === "challenge_setup_only" ? "ok" : behaviour,
    };
    if (behaviour === "challenge" || behaviour === "challenge_setup_only") {
      setup.pending = stored;
      setup.result = { setupId, status: "requires_action", actionUrl: `${this.challengePath}/${setupId}` };
      this.record({ op: "setup", id: setupId, status: "requires_action" });
      return setup.result;
    }
    if (behaviour !== "ok") return this.finishSetup(setup, { setupId, status: "failed", reason: behaviour });
    return this.finishSetup(setup, { setupId, status: "succeeded" }, stored);
  }

  private finishSetup(setup: Setup, result: CardSetupResult, card?: StoredCard): CardSetupResult {
    if (card) {
      this.cards.set(card.id, card);
      const customer = this.customers.get(card.customerId);
      if (customer && !customer.defaultCard) customer.defaultCard = card.id;
      result.card = this.publicCard(card);
    }
    setup.pending = undefined;
    setup.result = result;
    this.record({ op: "setup", id: setup.id, status: result.status, reason: result.reason });
    return result;
  }

  private publicCard(card: StoredCard): SavedCard {
    const { customerId, behaviour: _b, ...rest } = card;
    return { ...rest, isDefault: this.customers.get(customerId)?.defaultCard === card.id };
  }

  /**
   * A saved card of `customerId`: one this instance holds, or one of ours from before a restart
   * (taken over from its id, see `simulatorCardId`). Undefined when it is another customer's,
   * detached, or not a card id of the simulator.
   */
  private savedCard(cardId: string, customerId: string | undefined): StoredCard | undefined {
    const known = this.cards.get(cardId);
    if (known) return known.customerId === customerId ? known : undefined;
    if (!customerId || this.detached.has(cardId) || !SIMULATOR_CARD_ID.test(cardId) || !this.adopt(customerId)) {
      return undefined;
    }
    const card: StoredCard = {
      id: cardId,
      customerId,
      brand: "unknown",
      last4: "",
      expMonth: 0,
      expYear: 0,
      holder: "",
      isDefault: false,
      behaviour: cardId.startsWith(CHALLENGE_CARD_PREFIX) ? "challenge" : "ok",
    };
    this.cards.set(cardId, card);
    this.record({ op: "card", id: cardId, status: "adopted" });
    return card;
  }

  async listCards(customerId: string): Promise<SavedCard[]> {
    this.adopt(customerId);
    return [...this.cards.values()].filter((c) => c.customerId === customerId).map((c) => this.publicCard(c));
  }

  async detachCard(customerId: string, cardId: string): Promise<boolean> {
    const card = this.savedCard(cardId, customerId);
    if (!card) return false;
    this.cards.delete(cardId);
    this.detached.add(cardId);
    const customer = this.customers.get(customerId);
    if (customer?.defaultCard === cardId) customer.defaultCard = undefined;
    return true;
  }

  async setDefaultCard(customerId: string, cardId: string): Promise<boolean> {
    const card = this.savedCard(cardId, customerId);
    const customer = this.customers.get(customerId);
    if (!card || !customer) return false;
    customer.defaultCard = cardId;
    return true;
  }

  /**
   * What the simulator's challenge page (`actionUrl`) does when the user passes or fails it;
   * the app then calls `completeAction(id)` as it would after Stripe's redirect.
   */
  async resolveChallenge(id: string, outcome: "succeeded" | "failed"): Promise<boolean> {
    const setup = this.setups.get(id);
    if (setup?.pending) {
      this.record({ op: "challenge", id, status: outcome });
      if (outcome === "succeeded") this.finishSetup(setup, { setupId: id, status: "succeeded" }, setup.pending);
      else this.finishSetup(setup, { setupId: id, status: "failed", reason: "authentication_failed" });
      return true;
    }
    const payment = this.payments.get(id);
    if (payment?.result.status === "requires_action") {
      this.record({ op: "challenge", id, status: outcome, amount: payment.result.amount });
      payment.result =
        outcome === "succeeded"
          ? {
              paymentId: id,
              amount: payment.result.amount,
              status: payment.capture === "manual" ? "requires_capture" : "succeeded",
            }
          : { paymentId: id, amount: payment.result.amount, status: "failed", reason: "authentication_failed" };
      this.record({
        op: "authorization",
        id,
        status: payment.result.status,
        amount: payment.result.amount,
        reason: payment.result.reason,
      });
      return true;
    }
    return false;
  }

  async completeAction(id: string): Promise<ActionResult> {
    const setup = this.setups.get(id);
    if (setup) return { kind: "setup", ...setup.result };
    const payment = this.payments.get(id);
    if (payment) return { kind: "payment", ...payment.result };
    return { kind: "payment", paymentId: id, status: "failed", amount: 0, reason: "not_found" };
  }

  authorize(input: AuthorizeInput): Promise<PaymentResult> {
    const source = input.source && "card" in input.source ? input.source.card : undefined;
    const fingerprint = JSON.stringify([
      input.amount,
      input.customerId ?? null,
      input.cardId ?? null,
      input.capture ?? "automatic",
      source
        ? createHash("sha256")
            .update(`${digitsOf(source.number)}|${source.expMonth}|${source.expYear}`)
            .digest("hex")
        : null,
    ]);
    return this.once(
      "authorize",
      input.idempotencyKey,
      fingerprint,
      () => this.doAuthorize(input, source),
      () => ({ paymentId: "", status: "failed", amount: input.amount, reason: "idempotency_key_reused" }),
    );
  }

  private doAuthorize(input: AuthorizeInput, card: CardInput | undefined): PaymentResult {
    const id = `sim_pi_${randomUUID()}`;
    const capture = input.capture ?? "automatic";
    let behaviour: Behaviour | undefined;
    const settle = (result: PaymentResult): PaymentResult => {
      this.payments.set(id, { id, result, capture, refunded: 0, released: false, behaviour });
      this.record({
        op: "authorization",
        id,
        status: result.status,
        amount: input.amount,
        idempotencyKey: input.idempotencyKey,
        reason: result.reason,
      });
      return result;
    };
    const failed = (reason: PaymentReason) => settle({ paymentId: id, status: "failed", amount: input.amount, reason });
    if (!isValidAmount(input.amount)) return failed("amount_invalid");
    if (input.cardId) {
      const saved = this.savedCard(input.cardId, input.customerId);
      if (!saved) return failed("not_found");
      behaviour = saved.behaviour;
    } else if (card) {
      behaviour = this.behaviourOf(card);
    } else {
      return failed("not_found");
    }
    if (behaviour === "challenge") {
      return settle({
        paymentId: id,
        status: "requires_action",
        amount: input.amount,
        actionUrl: `${this.challengePath}/${id}`,
      });
    }
    if (behaviour !== "ok" && behaviour !== "challenge_setup_only") return failed(behaviour);
    return settle({
      paymentId: id,
      status: capture === "manual" ? "requires_capture" : "succeeded",
      amount: input.amount,
    });
  }

  async findPayment(idempotencyKey: string): Promise<PaymentResult | null> {
    const made = this.log.find((e) => e.op === "authorization" && e.idempotencyKey === idempotencyKey);
    const payment = made && this.payments.get(made.id);
    return payment ? { ...payment.result } : null;
  }

  capture(paymentId: string, idempotencyKey: string): Promise<PaymentResult> {
    return this.once(
      "capture",
      idempotencyKey,
      paymentId,
      () => {
        const payment = this.payments.get(paymentId);
        if (!payment) return { paymentId, status: "failed" as const, amount: 0, reason: "not_found" as const };
        if (payment.result.status !== "requires_capture") {
          return { ...payment.result, status: "failed" as const, reason: "not_capturable" as const };
        }
        payment.result = { paymentId, status: "succeeded", amount: payment.result.amount };
        this.record({
          op: "capture",
          id: paymentId,
          status: "succeeded",
          amount: payment.result.amount,
          idempotencyKey,
        });
        return payment.result;
      },
      () => ({ paymentId, status: "failed" as const, amount: 0, reason: "idempotency_key_reused" as const }),
    );
  }

  refund(paymentId: string, idempotencyKey: string, amount?: number): Promise<RefundResult> {
    return this.once(
      "refund",
      idempotencyKey,
      `${paymentId}:${amount ?? "all"}`,
      (): RefundResult => {
        const payment = this.payments.get(paymentId);
        if (!payment) return { paymentId, status: "failed", amount: 0, reason: "not_found" };
        const { status, amount: charged } = payment.result;
        if (payment.released || (status === "succeeded" && payment.refunded >= charged)) {
          return { paymentId, status: "failed", amount: 0, reason: "already_refunded" };
        }
        if (status !== "succeeded" && status !== "requires_capture") {
          return { paymentId, status: "failed", amount: 0, reason: "not_capturable" };
        }
        const refundId = `sim_re_${randomUUID()}`;
        // A hold is released whole (nothing was charged); a charge is given back, in full or in part.
        if (status === "requires_capture") {
          payment.released = true;
          this.record({ op: "refund", id: refundId, status: "succeeded", amount: 0, idempotencyKey });
          return { paymentId, status: "succeeded", amount: 0, refundId };
        }
        const left = charged - payment.refunded;
        if (amount !== undefined && (!Number.isInteger(amount) || amount <= 0 || amount > left)) {
          return { paymentId, status: "failed", amount: 0, reason: "amount_invalid" };
        }
        const given = amount ?? left;
        payment.refunded += given;
        this.record({ op: "refund", id: refundId, status: "succeeded", amount: given, idempotencyKey });
        return { paymentId, status: "succeeded", amount: given, refundId };
      },
      () => ({ paymentId, status: "failed", amount: 0, reason: "idempotency_key_reused" }),
    );
  }

  chargeAgain(paymentId: string, amount: number, idempotencyKey: string): Promise<PaymentResult> {
    return this.once(
      "authorize",
      idempotencyKey,
      JSON.stringify(["again", paymentId, amount]),
      (): PaymentResult => {
        const first = this.payments.get(paymentId);
        const id = `sim_pi_${randomUUID()}`;
        // Off-session: a card that asks for 3-D Secure on every payment cannot be charged without its holder.
        const behaviour = first?.behaviour === "challenge" ? "authentication_failed" : first?.behaviour;
        const ok = behaviour === "ok" || behaviour === "challenge_setup_only";
        const reason: PaymentReason | undefined = !isValidAmount(amount)
          ? "amount_invalid"
          : !first || !behaviour
            ? "not_found"
            : ok
              ? undefined
              : (behaviour as PaymentReason);
        const result: PaymentResult = reason
          ? { paymentId: id, status: "failed", amount, reason }
          : { paymentId: id, status: "succeeded", amount };
        this.payments.set(id, { id, result, capture: "automatic", refunded: 0, released: false, behaviour });
        this.record({ op: "authorization", id, status: result.status, amount, idempotencyKey, reason });
        return result;
      },
      () => ({ paymentId: "", status: "failed", amount, reason: "idempotency_key_reused" }),
    );
  }

  verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | undefined): GatewayEvent {
    const body = verifyWebhookSignature(rawBody, signatureHeader, this.webhookSecret);
    try {
      const event = JSON.parse(body) as {
        id?: unknown;
        type?: unknown;
        created?: unknown;
        data?: { object?: { id?: unknown } };
      };
      if (typeof event.id !== "string" || typeof event.type !== "string") throw new Error();
      const objectId = event.data?.object?.id;
      return {
        id: event.id,
        type: event.type,
        objectId: typeof objectId === "string" ? objectId : null,
        created: typeof event.created === "number" ? event.created : 0,
        data: event.data ?? null,
      };
    } catch {
      throw new WebhookSignatureError();
    }
  }

  /** Successful authorizations (charges and holds) recorded so far. */
  charges(): SimulatorLogEntry[] {
    return this.log.filter(
      (e) => e.op === "authorization" && (e.status === "succeeded" || e.status === "requires_capture"),
    );
  }
}
