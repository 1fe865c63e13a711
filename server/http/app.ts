import { randomBytes } from "node:crypto";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { adminSiteOfPath, isAdminPath } from "#common/admin";
import { cookieAttributes, isEmbeddedPath } from "#common/embedding";
import {
  LOCALE_CODE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  localeFromPath,
  localizePath,
  parseLocaleCookie,
  readCookie,
} from "#common/locales";
import { calendarFeedResponse } from "#server/calendar/feed-http";
import type { DbHandle } from "#server/db/client";
import { parseMediaPath } from "#server/media/images";
import { mountHealth, readinessCheck } from "#server/ops/health";
import type { AppServices, JsonApiFactory, RequestInfo, RouterContexts } from "./context";
import { contentSecurityPolicy } from "./csp";
import { csrf } from "./csrf";
import { embedDemoPage } from "./embed-demo";
import { prefixCaseRedirect } from "./locale-prefix";
import { errorHandler, requestLogger } from "./logging";
import { createPageCache, type PageCache } from "./page-cache";
import { resolvePublicRequest, type TrustProxy } from "./proxy";
import { requestId } from "./request-id";
import { groupedRequestHandler } from "./route-groups";

export interface AppDeps extends Omit<AppServices, "db" | "acrossSites" | "forSite"> {
  database: Pick<DbHandle, "db" | "forSite">;
  build: ServerBuild;
  /** True once a graceful stop has begun (server/ops/shutdown.ts): `/readyz` answers 503. */
  stopping?: () => boolean;
  /** Built client assets (`build/client`); absent in dev, where Vite serves them. */
  clientDir?: string;
  mode?: "production" | "development";
  /** `TRUST_PROXY` (decision 026): whose forwarded headers are believed; none when absent. */
  trustProxy?: TrustProxy;
  /** Anonymous visitors' public pages, kept for a second (decision 036); none when absent. */
  pageCache?: PageCache;
}

/**
 * A control character (%00-%1F, %7F) in the path. No page has one, and React Router re-reads a
 * decoded path with `new URL()`, which drops tabs and line breaks: `/%0A/` became `//`, and a 500.
 */
const CONTROL_IN_PATH = /%(?:[01][0-9a-f]|7f)/i;

/**
 * The payment simulator's 3-D Secure challenge stands for the card issuer's page, which 3-D Secure
 * shows inside the merchant's page, so inside a client's frame too (decision 025).
 */
const FRAMED_BY_ANYONE = /^\/_simulator\/3ds\//;

const SITE_SEGMENT = /^\/([a-z0-9][a-z0-9_-]{1,62})(?:[/.]|$)/;

/**
 * The site a path names (`/en/sakura/…` and `/admin/sakura/…` → sakura), or "" for none; the site
 * middleware decides if it exists.
 */
export function siteOfPath(path: string): string {
  if (isAdminPath(path)) return adminSiteOfPath(path) ?? "";
  return SITE_SEGMENT.exec(path.replace(/^\/(?:en|kr|tw)(?=\/|$)/, ""))?.[1] ?? "";
}

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);

/** The one answer to a method no page takes; React Router's own 405 names internal route ids. */
function methodNotAllowed(): Response {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: [...ALLOWED_METHODS].join(", "), "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The socket's peer address from @hono/node-server's bindings. */
function peerAddress(env: unknown): string {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

/**
 * The request as its visitor sent it (decision 026): behind a trusted proxy, the public scheme and
 * host replace the ones the app was reached by, so React Router, CSRF, cookies, redirects,
 * canonical URLs and logs all see the public origin; and the client's address is the real one.
 */
function publicRequest(trust: TrustProxy): MiddlewareHandler<{ Variables: { clientIp: string } }> {
  return (c, next) => {
    const raw = c.req.raw;
    const url = new URL(raw.url);
    const seen = resolvePublicRequest(trust, peerAddress(c.env), raw.headers, {
      protocol: url.protocol,
      host: url.host,
    });
    c.set("clientIp", seen.clientIp);
    if (seen.protocol !== url.protocol || seen.host !== url.host) {
      // A new URL, not the setters: `url.host = "a.example"` keeps the old port.
      const publicUrl = `${seen.protocol}//${seen.host}${url.pathname}${url.search}`;
      const headers = new Headers(raw.headers);
      headers.set("host", seen.host);
      c.req.raw = new Request(publicUrl, {
        method: raw.method,
        headers,
        body: raw.body,
        signal: raw.signal,
        duplex: "half",
      } as RequestInit);
    }
    return next();
  };
}

export function createApp(deps: AppDeps) {
  const app = new Hono<{
    Variables: {
      requestId: string;
      nonce: string;
      csrfToken: string;
      clientIp: string;
      embedStorageRefused: boolean;
      embed: RequestInfo["embed"];
    };
  }>();
  // One handler per language tree and one for the back office (decision 031).
  const handle = groupedRequestHandler(deps.build, deps.mode ?? "production");
  // The context keys come from the build, which holds the module instances its routes read.
  const { servicesContext, requestContext } = (deps.build.entry.module as unknown as { routerContexts: RouterContexts })
    .routerContexts;
  const {
    build: _build,
    clientDir: _clientDir,
    mode: _mode,
    trustProxy,
    stopping,
    database,
    pageCache = createPageCache({ ttlMs: 0 }),
    ...services
  } = deps;

  mountHealth(app, readinessCheck(database), stopping);
  app.use(publicRequest(trustProxy ?? { kind: "off" }));
  app.use(requestId());
  app.use(requestLogger(deps.logger));
  // The request's CSP nonce: React Router renders it on its scripts, the header names it.
  const csp = { stripe: deps.payments.kind === "stripe" };
  app.use(async (c, next) => {
    c.set("nonce", randomBytes(16).toString("base64"));
    const embed: RequestInfo["embed"] = { refusedStorage: false, frameAncestors: null };
    c.set("embed", embed);
    await next();
    // The embedded flow may be framed by the origins its site allows (set by the site middleware);
    // every other page by this origin only.
    const ancestors = FRAMED_BY_ANYONE.test(c.req.path)
      ? "*"
      : isEmbeddedPath(c.req.path)
        ? (embed.frameAncestors ?? "'self'")
        : "'self'";
    if (ancestors === "'self'") c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
    const type = c.res.headers.get("content-type");
    if (!type?.startsWith("text/html")) return;
    if (!/charset=/i.test(type)) c.res.headers.set("Content-Type", "text/html; charset=utf-8");
    if (!c.res.headers.has("Content-Security-Policy")) {
      c.res.headers.set("Content-Security-Policy", contentSecurityPolicy(c.get("nonce"), ancestors, csp));
    }
  });
  // The embedding snippet's script is loaded by clients' own pages (decision 025).
  app.use("/embed.js", async (c, next) => {
    await next();
    c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  });
  app.use(
    secureHeaders({
      xFrameOptions: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-site",
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: false,
    }),
  );
  // HSTS only where the visitor came over https: over plain http it would be ignored, or wrong.
  app.use(async (c, next) => {
    await next();
    if (c.req.url.startsWith("https:")) {
      c.res.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  });
  // Before any work: `.data` URLs would otherwise run loaders for TRACE or PROPFIND.
  // The API for programs (issue 42) changes a reservation with PATCH; no page takes it.
  app.use((c, next) =>
    ALLOWED_METHODS.has(c.req.method) || (c.req.method === "PATCH" && c.req.path.startsWith("/api/partner/v1/"))
      ? next()
      : Promise.resolve(methodNotAllowed()),
  );
  // The public site's uploaded pictures (car photos, logos): a key never changes its bytes.
  app.get("/media/:file", async (c) => {
    const media = parseMediaPath(c.req.path);
    const bytes = media ? await deps.media.get(media.key) : null;
    if (!media || !bytes) return c.text("Not Found", 404);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": `image/${media.format}`,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Cross-Origin-Resource-Policy": "cross-origin",
    });
  });
  // Stores' calendar feeds (decision 035): `/calendar/{siteId}/{token}.ics`, polled by calendar apps
  // with no session or page, so answered here before React Router; the site scope is set inside,
  // once the id is checked. Anything but a live feed of that site is a plain 404; a path not ending
  // in .ics goes on to the pages (a site whose id is "calendar" keeps them).
  app.get("/calendar/:siteId/:file", (c, next) =>
    c.req.param("file").endsWith(".ics")
      ? calendarFeedResponse(database, c.req.param("siteId"), c.req.param("file"), {
          lang: c.req.query("lang"),
          // The links name the public origin, as the pages' canonical URLs do; the UIDs never the request's host.
          origin: deps.publicOrigin ?? new URL(c.req.url).origin,
          publicOrigin: deps.publicOrigin,
        })
      : next(),
  );
  app.use(compress());
  app.use((c, next) => {
    const url = new URL(c.req.url);
    const target = prefixCaseRedirect(url.pathname, url.search);
    return target ? Promise.resolve(c.redirect(target, 301)) : next();
  });

  if (deps.clientDir) {
    const root = deps.clientDir;
    // The build writes a Brotli and a gzip copy of each text file (scripts/compress-assets.mjs): the
    // one the browser accepts is sent as it is, and compress() leaves an encoded answer alone.
    const assets = serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    });
    const files = serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
    });
    app.use("/assets/*", assets);
    // Only paths that name a file reach the disk; pages skip the lookup.
    app.use("*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()));
  }

  // Remember the page's language for 365 days (spec §2); the root path decides by itself.
  app.use(async (c, next) => {
    await next();
    const path = c.req.path;
    if (c.req.method !== "GET" || c.res.status !== 200) return;
    if (path === "/" && !parseLocaleCookie(c.req.query("lang"))) return;
    // A client's frame does not choose the visitor's language on the site itself.
    if (isEmbeddedPath(path)) return;
    if (!c.res.headers.get("content-type")?.startsWith("text/html")) return;
    const code = LOCALE_CODE[localeFromPath(path)];
    const current = readCookie(c.req.header("cookie"), LOCALE_COOKIE);
    if (parseLocaleCookie(current) === localeFromPath(path) && current === code) return;
    const attributes = cookieAttributes(new URL(c.req.url));
    c.header("Set-Cookie", `${LOCALE_COOKIE}=${code}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; ${attributes}`, {
      append: true,
    });
  });

  // A request that may write forgets its site's kept pages when it begins and again when it ends,
  // so no page rendered while it ran is kept (decision 036).
  app.use(async (c, next) => {
    const scope = pageCache.enabled ? pageCache.writeScope(c.req.raw, siteOfPath) : null;
    if (scope === null) return next();
    pageCache.invalidate(scope);
    try {
      await next();
    } finally {
      pageCache.invalidate(scope);
    }
  });

  // The JSON API (decision 033) checks its callers itself: a key, or the session with CSRF.
  const entry = deps.build.entry.module as unknown as {
    createJsonApi?: JsonApiFactory;
    createPartnerApi?: JsonApiFactory;
  };
  if (entry.createJsonApi) {
    const api = entry.createJsonApi({ database, services });
    for (const prefix of ["", "/en", "/kr", "/tw"]) app.route(`${prefix}/api/v1`, api);
  }
  // The API for programs (issue 42): keys only, the site from the key, English.
  if (entry.createPartnerApi) app.route("/api/partner/v1", entry.createPartnerApi({ database, services }));

  app.use(csrf(deps.logger));

  // A client's page that frames the embedded flow, for the demo and the browser tests (decision 025).
  app.get("/_demo/embed", (c) => {
    const { html, csp } = embedDemoPage(new URL(c.req.url));
    return c.html(html, 200, { "Content-Security-Policy": csp });
  });

  app.all("*", async (c) => {
    const secrets = { nonce: c.get("nonce"), csrfToken: c.get("csrfToken") };
    const siteId = siteOfPath(c.req.path);
    const cacheKey = pageCache.keyOf(c.req.raw);
    const kept = cacheKey ? pageCache.get(cacheKey, siteId, secrets) : null;
    if (kept) return kept;
    const startStamp = pageCache.stamp(siteId);
    const context = new RouterContextProvider();
    // The one place a request's queries get their site (decision 022).
    context.set(servicesContext, {
      ...services,
      db: database.forSite(siteId),
      acrossSites: database.db,
      forSite: database.forSite,
    });
    const url = new URL(c.req.url);
    context.set(requestContext, {
      requestId: c.get("requestId"),
      nonce: c.get("nonce"),
      csrfToken: c.get("csrfToken"),
      clientIp: c.get("clientIp"),
      // The same object the CSP above reads: the site middleware writes the frame ancestors into it.
      embed: Object.assign(c.get("embed"), { refusedStorage: c.get("embedStorageRefused") }),
      rootDataOnly: url.pathname.endsWith(".data") && url.searchParams.get("_routes") === "root",
    });
    // React Router rebuilds the path with new URL(), which drops tabs and line breaks: such a path
    // gets the not-found page of its language, with its 404.
    const request = CONTROL_IN_PATH.test(url.pathname)
      ? new Request(new URL(localizePath(localeFromPath(url.pathname), "/404"), url), { headers: c.req.raw.headers })
      : c.req.raw;
    const response = await handle(request, context);
    if (response.status === 405) return methodNotAllowed();
    // Pages may depend on the session: browsers may keep them, shared caches may not.
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-cache");
    // The language root redirects by cookie and browser language (language-root.tsx).
    if (url.pathname === "/" || url.pathname === "/_root.data")
      response.headers.append("Vary", "Cookie, Accept-Language");
    return cacheKey ? pageCache.keep(cacheKey, siteId, startStamp, response, secrets) : response;
  });

  app.onError(errorHandler(deps.logger));

  return app;
}
