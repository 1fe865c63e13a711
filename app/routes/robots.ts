import { publicOrigin } from "#app/lib/seo.server";
import { services } from "#app/lib/site.server";
import { robotsTxt } from "#server/seo/robots";
import { listPublicSites } from "#server/sites/directory";
import type { Route } from "./+types/robots";

/** `/robots.txt`, one for the platform: the disallowed booking and account paths and every published site's sitemap. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sites = await listPublicSites(services(context).acrossSites);
  const body = robotsTxt(
    publicOrigin(request, context),
    sites.map((s) => s.siteId),
  );
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
