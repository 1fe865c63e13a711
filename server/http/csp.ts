/**
 * The Content-Security-Policy of an HTML page. Scripts run only from this origin, with this
 * request's nonce, or from Google's tag manager (analytics). `frameAncestors` says who may frame
 * the page: `'self'` for the site's own pages, the site's allowed origins for the embedded flow
 * (decision 025).
 */
export function contentSecurityPolicy(nonce: string, frameAncestors: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://www.googletagmanager.com`,
    "connect-src 'self' https://www.google-analytics.com https://*.google-analytics.com https://www.googletagmanager.com",
    "img-src 'self' data: https:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}
