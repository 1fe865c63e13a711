import type { Hono } from "hono";
import { createContext } from "react-router";
import type { Sleep } from "#server/auth/throttle";
import type { Db, DbHandle } from "#server/db/client";
import type { Logger } from "#server/logger";
import type { Mailer } from "#server/mail/mailer";
import type { PaymentGateway } from "#server/payments/types";
import type { PostalLookup } from "#server/postal/types";
import type { SiteCache } from "#server/sites/site-cache";
import type { BlobStore } from "#server/uploads/blob-store";

/** What the server builds once at boot and every loader, action and middleware may use. */
export interface AppServices {
  /**
   * The request's database: the app role with the path's site set (decision 022), so tenant tables
   * show that site's rows only, and none on a path that names no site.
   */
  db: Db;
  /** The named path across sites (the site directory, robots.txt, the payment webhook): no row-level security. */
  acrossSites: Db;
  /** The app role in the scope of a site a cross-site path has found (the payment webhook writes through it). */
  forSite(siteId: string): Db;
  siteCache: SiteCache;
  logger: Logger;
  productAnalyticsId: string;
  providerUrl: string;
  /** `PUBLIC_ORIGIN`: the origin of absolute URLs in page heads, sitemaps and robots.txt; else the request's. */
  publicOrigin?: string;
  mailer: Mailer;
  payments: PaymentGateway;
  /** Stripe's publishable key for Stripe.js on the card pages; set only when Stripe is the gateway. */
  stripePublishableKey?: string;
  postal: PostalLookup;
  /** `WEBHOOK_HTTP_LOOPBACK`: webhook endpoints may be http on this machine (decision 034). */
  webhookHttpLoopback?: boolean;
  blobs: BlobStore;
  /** The key of the API's fingerprints of secret fields (DATA_DIR/secrets); a per-process one when unset. */
  fingerprintKey?: Buffer;
  /** The sign-in throttle's wait (decision 047); tests pass one that returns at once. Real timers when unset. */
  sleep?: Sleep;
  /** The public site's uploaded pictures (car photos, logos), served at `/media/…`; never personal data. */
  media: BlobStore;
}

/**
 * What belongs to one request: its id (in logs and `X-Request-Id`), its CSP nonce and the CSRF
 * token its forms must send back (the `csrf` cookie's value, or the one this response issues).
 */
export interface RequestInfo {
  requestId: string;
  nonce: string;
  csrfToken: string;
  /** The peer's address (login throttling); "unknown" when the socket has none. */
  clientIp: string;
  /**
   * The embedded flow in a client's frame (decision 025): `refusedStorage` when the browser did not
   * send back the cookie the previous embedded page issued; `frameAncestors` set by the site
   * middleware from the site's allowed origins, read by the server for the CSP.
   */
  embed: { refusedStorage: boolean; frameAncestors: string | null };
  /**
   * A `.data` request for the root's loader alone. React Router fetches a route that has a
   * `clientLoader` (the root's, which loads the catalogue) in a request of its own, beside the one
   * for the page's loaders, and hands both requests to the routes without `.data` and `_routes`.
   */
  rootDataOnly: boolean;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();

/** The JSON API's factory, which the build's entry exports (app/api/api.server.ts, decision 033). */
export type JsonApiFactory = (deps: {
  database: Pick<DbHandle, "db" | "forSite">;
  services: Omit<AppServices, "db" | "acrossSites" | "forSite">;
  // biome-ignore lint/suspicious/noExplicitAny: the sub-app's variables are its own
}) => Hono<any>;

export type RouterContexts = { servicesContext: typeof servicesContext; requestContext: typeof requestContext };
