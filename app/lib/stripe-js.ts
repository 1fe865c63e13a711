import type { Locale } from "#common/locales";
import type { ReasonCode } from "#server/availability/reasons";

/**
 * Stripe.js in the browser (decision 024): loaded from Stripe, never bundled (Stripe's rule), and
 * only by the card pages. The few calls the Card Element needs are typed here by hand rather than
 * adding a dependency for them.
 */
export const STRIPE_JS_URL = "https://js.stripe.com/v3/";

/** What a card page's loader hands its component when Stripe is the gateway. */
export interface StripeCardConfig {
  publishableKey: string;
  locale: StripeLocale;
}

/** Stripe.js's codes for our four page languages (all four are in its list of supported locales). */
export type StripeLocale = "ja" | "en" | "ko" | "zh-TW";
const STRIPE_LOCALE: Record<Locale, StripeLocale> = { ja: "ja", en: "en", ko: "ko", "zh-TW": "zh-TW" };
export const stripeLocale = (locale: Locale): StripeLocale => STRIPE_LOCALE[locale];

export interface StripeJsError {
  type?: string;
  code?: string;
}

export interface CardElementChange {
  empty: boolean;
  complete: boolean;
  brand?: string;
  error?: StripeJsError;
}

export interface CardElement {
  mount(node: HTMLElement): void;
  destroy(): void;
  clear(): void;
  focus(): void;
  on(event: "change", handler: (e: CardElementChange) => void): void;
  on(event: "ready", handler: () => void): void;
}

export interface StripeInstance {
  elements(options: { locale: StripeLocale }): {
    create(type: "card", options: Record<string, unknown>): CardElement;
  };
  createPaymentMethod(input: {
    type: "card";
    card: CardElement;
    billing_details: { name: string };
  }): Promise<{ paymentMethod?: { id: string; card?: { brand?: string } }; error?: StripeJsError }>;
}

type StripeFactory = (publishableKey: string, options: { locale: StripeLocale }) => StripeInstance;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

/**
 * Stripe.js's error codes (the Card Element's validation and `createPaymentMethod`) as our
 * reason codes, so the message comes from our catalogues in the page's language. An empty field
 * reads as "not entered"; anything we have no words for is the generic card failure.
 */
export function stripeErrorReason(error: StripeJsError, empty: boolean): ReasonCode {
  switch (error.code) {
    case "incomplete_number":
    case "incomplete_expiry":
    case "incomplete_cvc":
    case "incomplete_zip":
      return empty ? "card_number_required" : "card_incomplete";
    case "invalid_number":
    case "incorrect_number":
      return "invalid_number";
    case "invalid_expiry_month":
    case "invalid_expiry_year":
      return "invalid_expiry";
    case "invalid_expiry_month_past":
    case "invalid_expiry_year_past":
    case "expired_card":
      return "card_expired";
    case "invalid_cvc":
    case "incorrect_cvc":
      return "incorrect_cvc";
    case "card_declined":
      return "card_declined";
    default:
      return "card_failed";
  }
}

/** JCB is refused (spec §5, §9): the browser says so as soon as Stripe.js knows the brand. */
export const isRefusedBrand = (brand: string | undefined) => brand === "jcb";

/** How long to wait for Stripe.js before telling the visitor it could not be loaded. */
export const STRIPE_LOAD_TIMEOUT_MS = 10_000;

const instances = new Map<string, StripeInstance>();

/**
 * Calls `onLoad` with Stripe.js once it has run. The card page renders its script tag with the
 * request's nonce; should it be missing, it is added here with the same nonce. A script that
 * failed before this was called sends no event, so `onError` also comes after a timeout; a late
 * load still calls `onLoad`.
 */
export function whenStripeJsLoaded(
  onLoad: (factory: StripeFactory) => void,
  onError: () => void,
  nonce?: string,
): () => void {
  if (window.Stripe) {
    onLoad(window.Stripe);
    return () => {};
  }
  let script = document.querySelector<HTMLScriptElement>(`script[src="${STRIPE_JS_URL}"]`);
  if (!script) {
    script = document.createElement("script");
    script.src = STRIPE_JS_URL;
    script.async = true;
    if (nonce) script.nonce = nonce;
    document.head.append(script);
  }
  const timer = window.setTimeout(onError, STRIPE_LOAD_TIMEOUT_MS);
  const loaded = () => {
    window.clearTimeout(timer);
    if (window.Stripe) onLoad(window.Stripe);
    else onError();
  };
  script.addEventListener("load", loaded);
  script.addEventListener("error", onError);
  const added = script;
  return () => {
    window.clearTimeout(timer);
    added.removeEventListener("load", loaded);
    added.removeEventListener("error", onError);
  };
}

/** One Stripe instance per key and language, as Stripe asks. */
export function stripeInstance(factory: StripeFactory, config: StripeCardConfig): StripeInstance {
  const key = `${config.publishableKey}\u0000${config.locale}`;
  let stripe = instances.get(key);
  if (!stripe) {
    stripe = factory(config.publishableKey, { locale: config.locale });
    instances.set(key, stripe);
  }
  return stripe;
}
