import { siteHead } from "#app/lib/seo.server";
import { getSite } from "#app/lib/site.server";
import { AppError } from "#server/errors";
import { sitemapEntries, sitemapXml } from "#server/seo/sitemap";
import { PUBLIC_STATUS } from "#server/sites/site-bundle";
import type { Route } from "./+types/sitemap";

const notFound = () =>
  new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * `/{siteId}/sitemap.xml`: every public page in every language the site offers. A resource route
 * under `:siteId`, so `siteMiddleware` resolves the site from the cache; unknown, inactive and
 * unpublished sites answer 404 (docs/decisions/015-seo.md).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  let site: ReturnType<typeof getSite>;
  try {
    site = getSite(context);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return notFound();
    throw error;
  }
  const { bundle } = site;
  if (bundle.settings.publicStatus !== PUBLIC_STATUS.public) return notFound();
  const { origin } = siteHead(request, context, bundle);
  return new Response(sitemapXml(sitemapEntries(origin, bundle)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
