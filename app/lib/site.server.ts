import { type AppLoadContext, data } from "react-router";
import type { SiteBundle } from "../../server/sites/site-bundle";
import { type Locale, localeFromPath, siteLocales } from "../i18n/locales";

const SITE_ID = /^[a-z0-9][a-z0-9_-]{1,62}$/;

export function notFound(): never {
  throw data(null, { status: 404 });
}

export interface ResolvedSite {
  bundle: SiteBundle;
  locale: Locale;
}

/**
 * The site named by the path, in the path's language. Unknown or inactive clients (ClientNotFound)
 * and languages the client does not offer answer 404 (spec §5, §8). Cached: no query when warm.
 */
export async function requireSite(
  context: AppLoadContext,
  request: Request,
  siteId: string | undefined,
): Promise<ResolvedSite> {
  const locale = localeFromPath(new URL(request.url).pathname);
  const bundle = siteId && SITE_ID.test(siteId) ? await context.siteCache.get(context.db, siteId) : null;
  if (!bundle?.client.isActive) {
    context.logger.warn({ requestId: context.requestId, siteId: siteId?.slice(0, 64) }, "ClientNotFound");
    notFound();
  }
  if (!siteLocales(bundle.settings.supportedLanguages).includes(locale)) notFound();
  return { bundle, locale };
}

/** A positive integer id from a path segment, or 404. */
export function requireId(value: string | undefined): number {
  if (!value || !/^[1-9][0-9]{0,8}$/.test(value)) notFound();
  return Number(value);
}
