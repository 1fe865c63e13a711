/**
 * Stripe.js's hosts, as Stripe's integration security guide lists them for Elements
 * (docs.stripe.com/security/guide#content-security-policy): the script and its frames come from
 * js.stripe.com and its subdomains, 3-D Secure and redirects use hooks.stripe.com, and the script
 * calls api.stripe.com. maps.googleapis.com, which the guide adds for the Address Element's
 * autocomplete, is left out: no page mounts one.
 */
const STRIPE_JS = ["https://js.stripe.com", "https://*.js.stripe.com"];
const STRIPE_FRAMES = [...STRIPE_JS, "https://hooks.stripe.com"];
const STRIPE_API = ["https://api.stripe.com"];

export interface CspOptions {
  /** The payment gateway is Stripe: the card pages load Stripe.js (decision 024). */
  stripe?: boolean;
}

/**
 * The Content-Security-Policy of an HTML page. Scripts run only from this origin, with this
 * request's nonce, or from Google's tag manager (analytics), plus Stripe.js when Stripe is the
 * gateway. `frameAncestors` says who may frame the page: `'self'` for the site's own pages, the
 * site's allowed origins for the embedded flow (decision 025).
 */
export function contentSecurityPolicy(nonce: string, frameAncestors: string, options: CspOptions = {}): string {
  const stripe = options.stripe === true;
  const withStripe = (hosts: string[]) => (stripe ? ` ${hosts.join(" ")}` : "");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://www.googletagmanager.com${withStripe(STRIPE_JS)}`,
    `connect-src 'self' https://www.google-analytics.com https://*.google-analytics.com https://www.googletagmanager.com${withStripe(STRIPE_API)}`,
    // Without Stripe, frames fall back to default-src 'self'.
    ...(stripe ? [`frame-src 'self' ${STRIPE_FRAMES.join(" ")}`] : []),
    "img-src 'self' data: https:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}
