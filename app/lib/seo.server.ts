import type { RouterContextProvider } from "react-router";
import { absoluteUrl } from "#common/seo";
import type { SiteBundle } from "#server/sites/site-bundle";
import type { SiteHead } from "./seo";
import { services } from "./site.server";

/** `PUBLIC_ORIGIN` when set, else the origin the request came to. */
export function publicOrigin(request: Request, context: Readonly<RouterContextProvider>): string {
  return services(context).publicOrigin ?? new URL(request.url).origin;
}

/** What every page head of a site needs besides the shell: the origin of its URLs and its image. */
export function siteHead(request: Request, context: Readonly<RouterContextProvider>, bundle: SiteBundle): SiteHead {
  const origin = publicOrigin(request, context);
  const image = bundle.topInfo?.siteImagePath || bundle.logo?.imgPath || null;
  return { origin, image: image ? absoluteUrl(origin, image) : null };
}
