import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { frameAncestors, isEmbeddedPath } from "#common/embedding";
import { type Locale, localeFromPath, localizePath, siteLocales } from "#common/locales";
import { parseId } from "#common/params";
import { notFoundError } from "#server/errors";
import { type AppServices, requestContext, servicesContext } from "#server/http/context";
import { PUBLIC_STATUS, type SiteBundle } from "#server/sites/site-bundle";

const SITE_ID = /^[a-z0-9][a-z0-9_-]{1,62}$/;
/** Resource routes of a site that are files rather than pages. */
const SITE_FILE = /^\/[^/]+\/sitemap\.xml$/;

/** The site of the request, in the path's language; set once by `siteMiddleware`. */
export interface ResolvedSite {
  siteId: string;
  bundle: SiteBundle;
  locale: Locale;
  /** The page belongs to the embedded flow under `/custom_page` (decision 025). */
  embedded: boolean;
}

const siteContext = createContext<ResolvedSite | null>(null);

type Context = Readonly<RouterContextProvider>;

export const services = (context: Context): AppServices => context.get(servicesContext);

/** The request's site; a 404 when the path names no site it may show (every loader under `:siteId` starts here). */
export function getSite(context: Context): ResolvedSite {
  const site = context.get(siteContext);
  if (!site) throw notFoundError();
  return site;
}

/**
 * Resolves the site named by the path once per request, on the `:siteId` layout. Unknown or
 * inactive clients (ClientNotFound) and languages the client does not offer answer 404 (spec §5,
 * §8): the loaders' `getSite` throws it, so the page language's catalogue still loads for the
 * error page. An unpublished site sends every page to its notice (spec §4). Cached: no query when warm.
 */
export const siteMiddleware: MiddlewareFunction<Response> = async ({ request, context, params }, next) => {
  const { db, siteCache, logger } = services(context);
  const siteId = params.siteId;
  const pathname = new URL(request.url).pathname;
  const locale = localeFromPath(pathname);
  const bundle = siteId && SITE_ID.test(siteId) ? await siteCache.get(db, siteId) : null;
  if (!bundle?.client.isActive) {
    logger.warn({ requestId: context.get(requestContext).requestId, siteId: siteId?.slice(0, 64) }, "ClientNotFound");
    return next();
  }
  if (!siteLocales(bundle.settings.supportedLanguages).includes(locale)) return next();

  const noticePath = localizePath(locale, `/${bundle.client.siteId}/unpublished`);
  const onNoticePage = pathname.replace(/(\.data)?\/?$/, "") === noticePath;
  const unpublished = bundle.settings.publicStatus === PUBLIC_STATUS.unpublished;
  if (unpublished && !onNoticePage) {
    // A site's files (its sitemap) are not pages: an unpublished site has none (404), not a notice.
    if (SITE_FILE.test(pathname)) return next();
    throw redirect(noticePath);
  }
  if (!unpublished && onNoticePage) throw redirect(localizePath(locale, `/${bundle.client.siteId}`));

  const embedded = isEmbeddedPath(pathname);
  // Who may frame this page: the server writes it into the CSP (server/http/app.ts).
  if (embedded) context.get(requestContext).embed.frameAncestors = frameAncestors(bundle.settings.embedOrigins);
  context.set(siteContext, { siteId: bundle.client.siteId, bundle, locale, embedded });
  return next();
};

/** A positive integer id from a path segment, or 404. */
export function requireId(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw notFoundError();
  return id;
}
