import { randomBytes, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { cookieAttributes, isEmbeddedPath, scopedCookieName } from "#common/embedding";
import { readCookie } from "#common/locales";
import type { Logger } from "#server/logger";
import { refusalResponse } from "./refusal-page";

// The form field and header names are repeated in app/components/csrf-field.tsx (browser code).
export const CSRF_COOKIE = "csrf";
export const CSRF_FIELD = "_csrf";
export const CSRF_HEADER = "X-CSRF-Token";
/** How much of a form body the check reads to find the field. */
export const CSRF_BODY_LIMIT = 64 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Paths that no browser posts to and whose requests authenticate themselves: the payment gateway's
 * webhook, signed with the gateway's secret (docs/decisions/021-booking.md). Exact paths only:
 * anything below, beside or under a prefix of one keeps the check.
 */
export const CSRF_EXEMPT_PATHS: ReadonlySet<string> = new Set(["/_webhooks/payments"]);
/**
 * The payment simulator's 3-D Secure challenge stands for the card issuer's page, which keeps no
 * cookie of ours and may be shown inside a client's frame (decision 025): its form names an
 * unguessable challenge, so it needs the origin check only.
 */
const ORIGIN_CHECK_ONLY = /^\/_simulator\/3ds\/[^/]+$/;
/** 32 random bytes in base64url (43 characters); anything else in the cookie is replaced. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newCsrfToken(): string {
  return randomBytes(32).toString("base64url");
}

export function validCsrfToken(value: string | null | undefined): string | null {
  return value && TOKEN.test(value) ? value : null;
}

/**
 * A state-changing request must come from our own pages: `Sec-Fetch-Site`, when the browser sends
 * it, must be same-origin or none, and `Origin`, when present, must be the request's public origin
 * (scheme, host and port; behind a trusted proxy, the one the visitor used: decision 026). React
 * Router makes the same comparison before an action and throws on a mismatch; this check answers
 * first, with a 403 the visitor can read. Clients that send neither header still need the token.
 */
export function originAllowed(headers: {
  secFetchSite?: string | null;
  origin?: string | null;
  /** The request's public origin, `https://booking.example.com`. */
  expected: string;
}): boolean {
  if (headers.secFetchSite && headers.secFetchSite !== "same-origin" && headers.secFetchSite !== "none") return false;
  if (headers.origin == null) return true;
  try {
    return new URL(headers.origin).origin === headers.expected;
  } catch {
    return false; // `Origin: null` (sandboxed frames, some redirects) and garbage
  }
}

/** Constant-time comparison of the cookie's token with the submitted one. */
export function tokensMatch(cookieToken: string | null, submitted: string | null): boolean {
  if (!cookieToken || !submitted) return false;
  const a = Buffer.from(cookieToken);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The `_csrf` value of a urlencoded body's first bytes; a field cut off by the limit is ignored. */
export function tokenFromUrlEncoded(body: Uint8Array, truncated: boolean): string | null {
  let text = new TextDecoder().decode(body);
  if (truncated) text = text.slice(0, Math.max(0, text.lastIndexOf("&")));
  return new URLSearchParams(text).get(CSRF_FIELD);
}

/** The `_csrf` part of a multipart body's first bytes (the field should come first in the form). */
export function tokenFromMultipart(body: Uint8Array, contentType: string): string | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const delimiter = boundary ? `--${boundary[1] ?? boundary[2]}` : null;
  if (!delimiter) return null;
  const text = Buffer.from(body).toString("latin1");
  for (const part of text.split(delimiter).slice(1)) {
    const headEnd = part.indexOf("\r\n\r\n");
    if (headEnd < 0) return null;
    if (!/^content-disposition:[^\r\n]*;\s*name="_csrf"\s*(?:;|\r|$)/im.test(part.slice(0, headEnd + 2))) continue;
    const valueEnd = part.indexOf("\r\n", headEnd + 4);
    // Without the part's end in view the value may be incomplete.
    return valueEnd < 0 ? null : part.slice(headEnd + 4, valueEnd);
  }
  return null;
}

/** Up to `limit` bytes of the body, read from a clone so the original stays whole for the router. */
async function readBodyStart(request: Request, limit: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const stream = request.clone().body;
  if (!stream) return { bytes: new Uint8Array(), truncated: false };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < limit && !done) {
    const read = await reader.read();
    done = read.done;
    if (read.value) {
      chunks.push(read.value);
      size += read.value.byteLength;
    }
  }
  if (!done) reader.cancel().catch(() => {});
  return { bytes: Buffer.concat(chunks).subarray(0, limit), truncated: !done };
}

async function submittedToken(request: Request): Promise<string | null> {
  const header = request.headers.get(CSRF_HEADER);
  if (header !== null) return header;
  const contentType = request.headers.get("content-type") ?? "";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") return null;
  const { bytes, truncated } = await readBodyStart(request, CSRF_BODY_LIMIT);
  return type === "multipart/form-data"
    ? tokenFromMultipart(bytes, contentType)
    : tokenFromUrlEncoded(bytes, truncated);
}

/**
 * Double-submit CSRF protection (docs/decisions/012-csrf.md): every state-changing request passes
 * the origin check and carries the `csrf` cookie's token in `_csrf` or `X-CSRF-Token`; HTML pages
 * issue the cookie when it is missing. Sets `c.get("csrfToken")` for the pages to render.
 * `CSRF_EXEMPT_PATHS` (signed webhooks) skip the token check. A refusal answers 403 in the page's
 * language and is logged at warn, with both origins when they differ.
 */
export function csrf(
  logger: Logger,
): MiddlewareHandler<{ Variables: { csrfToken: string; embedStorageRefused: boolean; requestId?: string } }> {
  return async (c, next) => {
    const embedded = isEmbeddedPath(c.req.path);
    const cookieName = scopedCookieName(CSRF_COOKIE, embedded);
    const cookieToken = validCsrfToken(readCookie(c.req.header("cookie"), cookieName));
    // Only a page loading inside a frame counts: a link opened in a tab of its own starts afresh.
    const inFrame = c.req.header("sec-fetch-dest") === "iframe";
    const refused = embedded && inFrame && !cookieToken && cameFromEmbeddedPage(c.req.header("referer"), c.req.url);
    if (!SAFE_METHODS.has(c.req.method)) {
      const expected = new URL(c.req.url).origin;
      const sent = { origin: c.req.header("origin")?.slice(0, 200), secFetchSite: c.req.header("sec-fetch-site") };
      // Signed webhooks need neither the token nor Sec-Fetch-Site; a browser's foreign Origin is still
      // refused there, as React Router would refuse it with a throw.
      const exempt = CSRF_EXEMPT_PATHS.has(c.req.path);
      const origin = originAllowed({ ...sent, secFetchSite: exempt ? null : sent.secFetchSite, expected });
      const tokenless = exempt || ORIGIN_CHECK_ONLY.test(c.req.path);
      if (!origin || (!tokenless && !tokensMatch(cookieToken, await submittedToken(c.req.raw)))) {
        // A form of our own frame whose cookies the browser refused: show that page again, where
        // the refusal is explained (decision 025), rather than a bare 403.
        if (origin && refused) return c.redirect(c.req.url, 303);
        const why = origin ? { reason: "token" } : { reason: "origin", ...sent, expected };
        logger.warn({ requestId: c.get("requestId"), path: c.req.path.slice(0, 200), ...why }, "csrf refusal");
        return refusalResponse(c.req.path, c.req.header("accept"));
      }
    }
    const token = cookieToken ?? newCsrfToken();
    c.set("csrfToken", token);
    c.set("embedStorageRefused", refused);
    await next();
    if (cookieToken || c.req.method !== "GET" || !c.res.headers.get("content-type")?.startsWith("text/html")) return;
    c.res.headers.append("Set-Cookie", csrfCookie(cookieName, token, new URL(c.req.url)));
  };
}

/** The `Set-Cookie` value that issues a token (pages, and the JSON API's `csrf-cookie`). */
export const csrfCookie = (name: string, token: string, url: URL) =>
  `${name}=${token}; Path=/; HttpOnly; ${cookieAttributes(url)}`;

/**
 * Whether the previous page was one of our embedded pages: it issued the cookie, so a request
 * without it means the browser refuses this frame's cookies (third-party storage blocked).
 */
export function cameFromEmbeddedPage(referer: string | undefined, requestUrl: string): boolean {
  if (!referer) return false;
  try {
    const from = new URL(referer);
    return from.origin === new URL(requestUrl).origin && isEmbeddedPath(from.pathname);
  } catch {
    return false;
  }
}
