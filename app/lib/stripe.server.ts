import type { RouterContextProvider } from "react-router";
import { type Locale, localizePath } from "#common/locales";
import { getSite, services } from "./site.server";
import { type StripeCardConfig, stripeLocale } from "./stripe-js";

/**
 * What a card page needs for Stripe.js (decision 024): the publishable key and the page's language,
 * only when Stripe is the gateway. Null means the page keeps its own typed card fields (simulator).
 */
export function stripeCardConfig(context: Readonly<RouterContextProvider>): StripeCardConfig | null {
  const { payments, stripePublishableKey } = services(context);
  if (payments.kind !== "stripe" || !stripePublishableKey) return null;
  return { publishableKey: stripePublishableKey, locale: stripeLocale(getSite(context).locale) };
}

/**
 * Where to send the browser for a 3-D Secure challenge. The simulator's page (a path of this app)
 * reads where to come back from `return`; Stripe's page (`next_action.redirect_to_url`) already
 * knows: the return URL given with the intent.
 */
export function challengeUrl(actionUrl: string, back: string): string {
  if (!actionUrl.startsWith("/")) return actionUrl;
  const sep = actionUrl.includes("?") ? "&" : "?";
  return `${actionUrl}${sep}return=${encodeURIComponent(back)}`;
}

/** The session key holding the card setup a 3-D Secure challenge is finishing (My Page's card page and the API). */
export const CARD_SETUP_KEY = "cardSetup";

/** My Page's card page, where a 3-D Secure challenge comes back to (`?setup=`). */
export const cardPagePath = (siteId: string, locale: Locale) =>
  localizePath(locale, `/${siteId}/mypage/user/credit_card`);
