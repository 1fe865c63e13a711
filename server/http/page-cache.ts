import { randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { isAdminPath } from "#common/admin";
import { isSupportedBrowser } from "#common/browser";

// The site's API (§7) and the API for programs (issue 42), whose writes name no site in the path:
// without `X-Site-Id`, a write forgets every site's pages.
const API_PATH = /^(?:(?:\/(?:en|kr|tw))?\/api\/v1|\/api\/partner\/v1)(?:\/|$)/;
const READ_METHODS = new Set(["GET", "HEAD"]);
/** Cookies that change nothing a public page shows: the CSRF token (put back per request) and the language. */
const NEUTRAL_COOKIES = new Set(["csrf", "i18n_redirected"]);
/** Past this many sites with writes, their counters start again from a new global generation. */
const MAX_SITE_GENERATIONS = 10_000;

interface Entry {
  html: string;
  status: number;
  headers: [string, string][];
  storedAt: number;
  stamp: string;
}

export interface PageCacheOptions {
  /** How long a page is served again (default 1 s, the site cache's freshness: decision 002); 0 turns it off. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
  /**
   * Whether a path (or its `.data` request) is a page every anonymous visitor sees alike: the
   * routes say so (`publicPagesOf` in ./public-pages). None is, unless given.
   */
  isPublicPage?: (pathname: string) => boolean;
}

/** The per-request values a kept page carries: each visitor gets their own. */
export interface RequestSecrets {
  nonce: string;
  csrfToken: string;
}

/** Whether every cookie the request carries is one a public page does not depend on. */
function onlyNeutralCookies(header: string | null): boolean {
  if (!header) return true;
  for (const part of header.split(";")) {
    const name = part.slice(0, part.indexOf("=") >>> 0).trim();
    if (name && !NEUTRAL_COOKIES.has(name)) return false;
  }
  return true;
}

/**
 * An in-process cache of rendered public pages for visitors without a session (decision 036).
 * A page is served again for at most `ttlMs`, and never after a request that may have written
 * to its site began: writes through this process are seen at once, writes elsewhere within
 * `ttlMs`. Each answer gets the request's own CSP nonce and CSRF token.
 */
export function createPageCache(options: PageCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 1000;
  const maxEntries = options.maxEntries ?? 200;
  const now = options.now ?? Date.now;
  const routePublic = options.isPublicPage ?? (() => false);
  // `/admin` alone would read as a site called "admin".
  const isPublicPage = (pathname: string) => routePublic(pathname) && !isAdminPath(pathname);
  const entries = new Map<string, Entry>();
  let global = 0;
  const sites = new Map<string, number>();
  // Stand-ins for the request's secrets in a kept page; random, so no page text can look like them.
  const NONCE_MARK = `\u0000n${randomBytes(9).toString("hex")}`;
  const CSRF_MARK = `\u0000c${randomBytes(9).toString("hex")}`;

  const stamp = (siteId: string) => `${global}.${sites.get(siteId) ?? 0}`;

  return {
    enabled: ttlMs > 0,

    /**
     * The site a request may write to ("" for any site: webhooks, or a path naming none), or null
     * for a read that changes nothing a kept page shows.
     */
    writeScope(request: Request, siteOfPath: (path: string) => string): string | null {
      const { pathname } = new URL(request.url);
      const api = API_PATH.test(pathname);
      if (READ_METHODS.has(request.method)) {
        if (api || isPublicPage(pathname)) return null;
        return siteOfPath(pathname);
      }
      return api ? (request.headers.get("x-site-id") ?? "") : siteOfPath(pathname);
    },

    /** Forgets the pages of one site, or of every site for "". */
    invalidate(siteId: string) {
      if (!siteId || sites.size >= MAX_SITE_GENERATIONS) {
        global += 1;
        sites.clear();
      } else {
        sites.set(siteId, (sites.get(siteId) ?? 0) + 1);
      }
      if (!siteId) entries.clear();
    },

    /** The key a request's page is kept under, or null when it must be rendered for this visitor. */
    keyOf(request: Request): string | null {
      if (ttlMs <= 0 || request.method !== "GET") return null;
      const url = new URL(request.url);
      if (url.pathname.endsWith(".data") || !isPublicPage(url.pathname)) return null;
      if (!onlyNeutralCookies(request.headers.get("cookie"))) return null;
      // The two things of the request's headers a public page shows besides its URL.
      const agent = request.headers.get("user-agent");
      return `${isSupportedBrowser(agent) ? 1 : 0}${agent && isbot(agent) ? 1 : 0} ${url.origin}${url.pathname}${url.search}`;
    },

    /** The generation a render of this site starts from: it is kept only if no write began since. */
    stamp,

    /** The kept page for this key, with this request's secrets, or null. */
    get(key: string, siteId: string, secrets: RequestSecrets): Response | null {
      const entry = entries.get(key);
      if (!entry) return null;
      if (now() - entry.storedAt >= ttlMs || entry.stamp !== stamp(siteId)) {
        entries.delete(key);
        return null;
      }
      const html = entry.html.replaceAll(NONCE_MARK, secrets.nonce).replaceAll(CSRF_MARK, secrets.csrfToken);
      return new Response(html, { status: entry.status, headers: entry.headers });
    },

    /**
     * Answers with `response` and keeps a copy of its page when it is one every anonymous visitor
     * would get: a complete 200 HTML page that sets no cookie, rendered with no write begun since
     * `startStamp`.
     */
    keep(key: string, siteId: string, startStamp: string, response: Response, secrets: RequestSecrets): Response {
      const type = response.headers.get("content-type");
      if (response.status !== 200 || !response.body || !type?.startsWith("text/html")) return response;
      if (response.headers.has("set-cookie")) return response;
      // Now: the layers outside add this visitor's own headers (cookies, CSP) to the same object.
      const headers = [...response.headers];
      const [toVisitor, toCache] = response.body.tee();
      new Response(toCache)
        .text()
        .then((html) => {
          if (stamp(siteId) !== startStamp) return;
          entries.delete(key);
          for (const [k, entry] of entries) {
            if (entries.size < maxEntries && now() - entry.storedAt < ttlMs) break;
            entries.delete(k);
          }
          entries.set(key, {
            html: html.replaceAll(secrets.nonce, NONCE_MARK).replaceAll(secrets.csrfToken, CSRF_MARK),
            status: response.status,
            headers,
            storedAt: now(),
            stamp: startStamp,
          });
        })
        .catch(() => {}); // an aborted render is simply not kept
      return new Response(toVisitor, { status: response.status, headers: response.headers });
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
