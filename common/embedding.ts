/**
 * The embedded booking flow (docs/decisions/025-embedded-booking.md): a client frames
 * `/{siteId}/custom_page` in its own web site. Every page under it uses the bare layout, keeps its
 * own cookies (partitioned, so they work in a third-party frame) and may be framed by the origins
 * the site allows. The booking pages map one to one onto the site's own:
 *
 *   /{site}/reserve                         ↔ /{site}/custom_page
 *   /{site}/reserve/stores/1/cars/2[/options] ↔ /{site}/custom_page/stores/1/cars/2[/options]
 *   /{site}/reserve/{login,user,confirm,credit_card,completed} ↔ /{site}/custom_page/{…}
 */

const PREFIX = "^(/(?:(?:en|kr|tw)/)?[^/]+)";
/** `/{site}/custom_page` and below, in every language, `.data` requests included. */
const EMBEDDED = new RegExp(`${PREFIX}/custom_page(?=[/.?#]|$)`);
const RESERVE = new RegExp(`${PREFIX}/reserve(?=[/?#]|$)`);

export function isEmbeddedPath(pathname: string): boolean {
  return EMBEDDED.test(pathname);
}

/** The embedded twin of a site path (`/sakura/reserve/confirm` → `/sakura/custom_page/confirm`); other paths as they are. */
export function embeddedPath(path: string): string {
  return path.replace(RESERVE, "$1/custom_page");
}

/** The booking steps under `/custom_page/`; any other name there is a client's custom page (`/c/{url}`). */
const FLOW_STEP = /^\/(?:stores|login|user|confirm|credit_card|completed)(?=[/?#.]|$)/;

/**
 * The site's own page for an embedded one (`/en/sakura/custom_page/stores/1/cars/2?sd=…` →
 * `/en/sakura/reserve/stores/1/cars/2?sd=…`, `/sakura/custom_page/faq` → `/sakura/c/faq`): where
 * "continue in a new tab" goes, and the canonical URL.
 */
export function fullSitePath(path: string): string {
  const clean = path.replace(/\.data(?=[?#]|$)/, "");
  const match = EMBEDDED.exec(clean);
  if (!match) return clean;
  const rest = clean.slice(match[0].length);
  const page = rest === "" || /^[?#]/.test(rest) || FLOW_STEP.test(rest) ? `/reserve${rest}` : `/c${rest}`;
  return `${match[1]}${page}`;
}

/**
 * Who may frame a site's embedded pages: `*`, or origins such as `https://www.example.com` and
 * `http://localhost:*` (any port). The same forms CSP's `frame-ancestors` understands.
 */
const ORIGIN_PATTERN =
  /^https?:\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::(?:\d{1,5}|\*))?$/;

export function isEmbedOriginPattern(value: string): boolean {
  return value === "*" || ORIGIN_PATTERN.test(value);
}

/** Whether `origin` (`https://host[:port]`) is one a pattern of the list allows. */
export function embedOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  return patterns.some((pattern) => {
    if (pattern === "*") return true;
    const match = /^(https?):\/\/(\*\.)?([^:]+)(?::(\d+|\*))?$/.exec(pattern);
    if (!match) return false;
    const [, scheme, anySub, host, port] = match;
    if (url.protocol !== `${scheme}:`) return false;
    const hostOk = anySub ? url.hostname.endsWith(`.${host}`) : url.hostname === host;
    const defaultPort = scheme === "https" ? "443" : "80";
    const portOk = port === "*" || (url.port || defaultPort) === (port ?? defaultPort);
    return hostOk && portOk;
  });
}

/** The CSP `frame-ancestors` sources of an embedded page: the site's list, or only this origin when it has none. */
export function frameAncestors(patterns: readonly string[]): string {
  const valid = patterns.filter(isEmbedOriginPattern);
  if (valid.includes("*")) return "*";
  return ["'self'", ...valid].join(" ");
}

/** Messages the embedded pages post to the page that frames them (public/embed.js reads them). */
export const EMBED_MESSAGE_SOURCE = "rentacar-embed";

/**
 * The embedded flow keeps cookies of its own: a partitioned cookie set on a top-level visit would
 * otherwise be sent beside the site's cookie of the same name.
 */
export function scopedCookieName(name: string, embedded: boolean): string {
  return embedded ? `${name}_embed` : name;
}

/**
 * Every cookie's SameSite and Secure attributes, from the request's public URL (decision 026):
 * `Secure` whenever the public scheme is https, so loopback http stays usable for development.
 * Inside a client's frame only `SameSite=None; Secure; Partitioned` (CHIPS) comes back, so the
 * embedded flow always uses that (browsers keep Secure cookies of http://localhost too).
 */
export function cookieAttributes(url: URL): string {
  if (isEmbeddedPath(url.pathname)) return "SameSite=None; Secure; Partitioned";
  return url.protocol === "https:" ? "SameSite=Lax; Secure" : "SameSite=Lax";
}
