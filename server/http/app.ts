import { randomBytes } from "node:crypto";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import {
  LOCALE_CODE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  localeFromPath,
  localizePath,
  parseLocaleCookie,
  readCookie,
} from "../../common/locales";
import type { AppServices, RouterContexts } from "./context";

export interface AppDeps extends AppServices {
  build: ServerBuild;
  /** Built client assets (`build/client`); absent in dev, where Vite serves them. */
  clientDir?: string;
  mode?: "production" | "development";
}

/**
 * A control character (%00-%1F, %7F) in the path. No page has one, and React Router re-reads a
 * decoded path with `new URL()`, which drops tabs and line breaks: `/%0A/` became `//`, and a 500.
 */
const CONTROL_IN_PATH = /%(?:[01][0-9a-f]|7f)/i;

/** Pages that a client may embed in its own site through an iframe. */
const EMBEDDABLE = /^\/(?:(?:en|kr|tw)\/)?[^/]+\/custom_page(?:\/|$)/;

export function createApp(deps: AppDeps) {
  const app = new Hono<{ Variables: { requestId: string } }>();
  const handle = createRequestHandler(deps.build, deps.mode ?? "production");
  // The context keys come from the build, which holds the module instances its routes read.
  const { servicesContext, requestContext } = (deps.build.entry.module as unknown as { routerContexts: RouterContexts })
    .routerContexts;
  const { db, siteCache, logger, productAnalyticsId, providerUrl, publicOrigin } = deps;
  const services: AppServices = { db, siteCache, logger, productAnalyticsId, providerUrl, publicOrigin };

  app.use(requestId());
  app.use(async (c, next) => {
    const start = performance.now();
    await next();
    deps.logger.info(
      {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path.slice(0, 200),
        status: c.res.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
      },
      "request",
    );
  });
  app.use(async (c, next) => {
    await next();
    // Custom-page iframe variants may be framed by any client site; everything else may not.
    if (!EMBEDDABLE.test(c.req.path)) c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
  });
  app.use(
    secureHeaders({
      xFrameOptions: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-site",
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: "max-age=31536000; includeSubDomains",
    }),
  );
  app.use(compress());

  if (deps.clientDir) {
    const root = deps.clientDir;
    const assets = serveStatic({
      root,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    });
    const files = serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") });
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
    if (!c.res.headers.get("content-type")?.startsWith("text/html")) return;
    const code = LOCALE_CODE[localeFromPath(path)];
    const current = readCookie(c.req.header("cookie"), LOCALE_COOKIE);
    if (parseLocaleCookie(current) === localeFromPath(path) && current === code) return;
    c.header("Set-Cookie", `${LOCALE_COOKIE}=${code}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`, {
      append: true,
    });
  });

  app.all("*", (c) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, { requestId: c.get("requestId"), nonce: randomBytes(16).toString("base64") });
    const url = new URL(c.req.url);
    if (CONTROL_IN_PATH.test(url.pathname)) {
      // The not-found page of the path's language, with its 404.
      const notFound = new URL(localizePath(localeFromPath(url.pathname), "/404"), url);
      return handle(new Request(notFound, { headers: c.req.raw.headers }), context);
    }
    return handle(c.req.raw, context);
  });

  app.onError((err, c) => {
    deps.logger.error({ requestId: c.get("requestId"), err }, "unhandled error");
    return c.text("An error has occurred.", 500);
  });

  return app;
}
