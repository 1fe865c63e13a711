/**
 * Card payments behind one interface (docs/decisions/018-payments-and-postal.md): an offline
 * simulator and Stripe implement it. Amounts are integer yen. Results carry reason codes, never
 * text; the delivery layer turns them into messages. Card numbers and CVCs pass through only to
 * be checked or handed to the processor: they are never stored, logged or returned.
 */

export type CardBrand = "visa" | "mastercard" | "amex" | "diners" | "discover" | "jcb" | "unionpay" | "unknown";

/** Why a card or a payment was refused. */
export type PaymentReason =
  | "card_declined"
  | "insufficient_funds"
  | "card_expired"
  | "incorrect_cvc"
  | "invalid_number"
  | "invalid_expiry"
  | "jcb_not_accepted"
  | "authentication_failed"
  | "amount_invalid"
  | "idempotency_key_reused"
  | "not_found"
  | "not_capturable"
  | "already_refunded"
  | "processing_error";

/** A card as typed (simulator, or Stripe when the account may send raw card data: tests only). */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holder: string;
}

/** Where a card comes from: typed details, or a PaymentMethod id made by Stripe.js in the browser. */
export type CardSource = { card: CardInput } | { paymentMethodId: string };

export interface CardSummary {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
}

export interface SavedCard extends CardSummary {
  /** The gateway's id of the saved card (Stripe: a PaymentMethod id). */
  id: string;
  isDefault: boolean;
}

export interface MemberRef {
  memberId: string;
  email?: string;
  name?: string;
}

export type ActionStatus = "succeeded" | "requires_action" | "failed";

export interface CardSetupResult {
  setupId: string;
  status: ActionStatus;
  reason?: PaymentReason;
  /** Where to send the browser for the 3-D Secure challenge (requires_action). */
  actionUrl?: string;
  /** For Stripe.js when the challenge runs in the page instead of a redirect. */
  clientSecret?: string;
  /** The saved card (succeeded). */
  card?: SavedCard;
}

export type PaymentStatus = "succeeded" | "requires_capture" | "requires_action" | "failed";

export interface PaymentResult {
  /** Present whenever the gateway made a payment object, even a failed one. */
  paymentId: string;
  status: PaymentStatus;
  amount: number;
  reason?: PaymentReason;
  actionUrl?: string;
  clientSecret?: string;
}

export interface AuthorizeInput {
  /** Integer yen, tax included, computed on the server (at least ¥50, Stripe's minimum for JPY). */
  amount: number;
  /** Names the payment: a retry with the same key returns the first result and never charges twice. */
  idempotencyKey: string;
  customerId?: string;
  /** A saved card of `customerId`, or a card source for a one-off payment. */
  cardId?: string;
  source?: CardSource;
  /** `automatic` (default) charges now; `manual` only holds the amount until `capture`. */
  capture?: "automatic" | "manual";
  /** Where the 3-D Secure challenge sends the browser back to. */
  returnUrl?: string;
  /** Non-personal references (site id, reservation id) kept with the payment. */
  metadata?: Record<string, string>;
}

export interface RefundResult {
  paymentId: string;
  status: "succeeded" | "failed";
  /** Yen given back (0 when refused). */
  amount: number;
  refundId?: string;
  reason?: PaymentReason;
}

export type ActionResult = ({ kind: "setup" } & CardSetupResult) | ({ kind: "payment" } & PaymentResult);

/** A verified webhook event. The gateway does not remember events: see `verifyWebhook`. */
export interface GatewayEvent {
  /** Unique per event; the same event may be delivered more than once. */
  id: string;
  type: string;
  /** The id of the object the event is about (PaymentIntent, SetupIntent, refund…). */
  objectId: string | null;
  created: number;
  data: unknown;
}

export class WebhookSignatureError extends Error {
  constructor() {
    super("webhook signature verification failed");
    this.name = "WebhookSignatureError";
  }
}

export interface PaymentGateway {
  readonly kind: "simulator" | "stripe";
  /** A customer (a member of one site) that cards are saved to; returns its id. */
  createCustomer(siteId: string, member: MemberRef): Promise<string>;
  /** Begins saving a card; the browser (Stripe.js) may use `clientSecret`. */
  startCardSetup(customerId: string): Promise<{ setupId: string; clientSecret?: string }>;
  /** Attaches the card (3-D Secure may be required: status requires_action and `actionUrl`). */
  confirmCardSetup(setupId: string, source: CardSource, options?: { returnUrl?: string }): Promise<CardSetupResult>;
  listCards(customerId: string): Promise<SavedCard[]>;
  /** False when the card is not one of this customer's. */
  detachCard(customerId: string, cardId: string): Promise<boolean>;
  /** False when the card is not one of this customer's. */
  setDefaultCard(customerId: string, cardId: string): Promise<boolean>;
  /** Charges (or holds, `capture: "manual"`) an amount, once per idempotency key. */
  authorize(input: AuthorizeInput): Promise<PaymentResult>;
  /**
   * After the 3-D Secure challenge sent the browser back: the setup's or payment's final state,
   * read from the gateway (never from the browser's word).
   */
  completeAction(id: string): Promise<ActionResult>;
  /**
   * The payment made under `idempotencyKey`, as the gateway has it now, or null when it has none:
   * reconciliation asks it for a first payment whose answer a crash lost (issue 37).
   */
  findPayment(idempotencyKey: string): Promise<PaymentResult | null>;
  /** Captures a held payment, once per idempotency key. */
  capture(paymentId: string, idempotencyKey: string): Promise<PaymentResult>;
  /**
   * Refunds a payment, in full or `amount` yen of it (or releases a hold), once per idempotency key
   * (spec: payments-cancel; a cancellation fee or a cheaper change keeps the rest).
   */
  refund(paymentId: string, idempotencyKey: string, amount?: number): Promise<RefundResult>;
  /**
   * Charges `amount` yen more to the card of an earlier payment, without the customer present (a
   * dearer change of a booking paid in advance), once per idempotency key. A card that needs the
   * customer (3-D Secure) or cannot be charged again fails: the difference is then paid at the store.
   */
  chargeAgain(paymentId: string, amount: number, idempotencyKey: string): Promise<PaymentResult>;
  /**
   * Checks a webhook's signature over the raw body and returns its event, or throws
   * WebhookSignatureError. Gateways deliver events at least once and in any order: the caller
   * must record `event.id` (a unique key in the database) and skip an id it has already processed.
   */
  verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | undefined): GatewayEvent;
}
