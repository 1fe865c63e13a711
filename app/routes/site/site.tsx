import type { CSSProperties } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { flashPending } from "#app/lib/flash";
import { flashMiddleware, getFlash } from "#app/lib/flash.server";
import { unauthorizedToLogin } from "#app/lib/guards.server";
import { siteHead } from "#app/lib/seo.server";
import { sessionMiddleware } from "#app/lib/session.server";
import { SiteProvider } from "#app/lib/site";
import { getSite, siteMiddleware } from "#app/lib/site.server";
import { buildShell } from "#app/presenters/shell.server";
import { isEmbeddedPath } from "#common/embedding";
import type { Route } from "./+types/site";

/**
 * Every page under `/:siteId` runs with its site resolved once (404, unpublished notice), its
 * session (the member re-read on each request), its flash, and 401 → login.
 */
export const middleware: Route.MiddlewareFunction[] = [
  siteMiddleware,
  sessionMiddleware,
  flashMiddleware,
  unauthorizedToLogin,
];

export function loader({ request, context }: Route.LoaderArgs) {
  const { bundle, locale, embedded } = getSite(context);
  return {
    shell: buildShell(bundle, locale, embedded),
    flash: getFlash(context),
    head: siteHead(request, context, bundle),
  };
}

/** Site data changes only with the site, the language or the embedding, or when a flash waits to be shown. */
export function shouldRevalidate({
  currentParams,
  nextParams,
  currentUrl,
  nextUrl,
  formMethod,
}: ShouldRevalidateFunctionArgs) {
  if ((formMethod && formMethod !== "GET") || flashPending()) return true;
  const prefix = (u: URL) => u.pathname.split("/")[1];
  return (
    currentParams.siteId !== nextParams.siteId ||
    prefix(currentUrl) !== prefix(nextUrl) ||
    isEmbeddedPath(currentUrl.pathname) !== isEmbeddedPath(nextUrl.pathname)
  );
}

export default function Site({ loaderData }: Route.ComponentProps) {
  const { shell, flash } = loaderData;
  const style = { "--site-color": shell.theme.siteColor, "--site-font-color": shell.theme.fontColor } as CSSProperties;
  return (
    <SiteProvider shell={shell} flash={flash}>
      <div className="site-root" style={style}>
        <Outlet />
      </div>
    </SiteProvider>
  );
}

export { errorMeta as meta, RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary";
