/**
 * The Content-Security-Policy of an HTML page. Scripts run only from this origin, with this
 * request's nonce, or from Google's tag manager (analytics); `embeddable` pages (the custom-page
 * iframe variants) may be framed by any site, others only by this one.
 */
export function contentSecurityPolicy(nonce: string, embeddable: boolean): string {
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
    `frame-ancestors ${embeddable ? "*" : "'self'"}`,
  ].join("; ");
}
