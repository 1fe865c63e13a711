import { type ReactNode, useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { isAdminPath } from "#common/admin";
import { isSupportedBrowser } from "#common/browser";
import { isEmbeddedPath } from "#common/embedding";
import { localeFromPath } from "#common/locales";
import { requestContext } from "#server/http/context";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { Analytics } from "./components/analytics";
import { type CatalogueName, loadCatalogue } from "./i18n/catalogue";
import { catalogueAsset } from "./i18n/catalogue.server";
import { adminLocaleOf } from "./lib/admin.server";
import { reloadAfterChunkError } from "./lib/chunk-reload";
import { services } from "./lib/site.server";

export function loader({ request, context }: Route.LoaderArgs) {
  // The back office speaks its staff member's language, not the path's (decision 029).
  const admin = adminLocaleOf(context);
  const locale = admin ?? localeFromPath(new URL(request.url).pathname);
  const catalogue: CatalogueName = admin ? `admin-${admin}` : locale;
  const { productAnalyticsId, providerUrl } = services(context);
  return {
    locale,
    catalogue,
    // The messages themselves come from this content-hashed asset, cached across pages (decision 027).
    catalogueUrl: catalogueAsset(catalogue).url,
    supportedBrowser: isSupportedBrowser(request.headers.get("user-agent")),
    productAnalyticsId,
    providerUrl,
    nonce: context.get(requestContext).nonce,
    csrfToken: context.get(requestContext).csrfToken,
  };
}

/**
 * The catalogue depends only on the locale prefix; in the back office, on the staff member, whom a
 * form (signing in, choosing a language) may change.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs) {
  if (isAdminPath(currentUrl.pathname) !== isAdminPath(nextUrl.pathname)) return true;
  if (isAdminPath(nextUrl.pathname)) return Boolean(formMethod && formMethod !== "GET");
  return localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname);
}

/** A navigation into another language fetches that language's catalogue before it renders. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadCatalogue(data.catalogue, data.catalogueUrl);
  return data;
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const root = useRouteLoaderData<typeof loader>("root");
  const locale = root?.locale ?? localeFromPath(pathname);
  const nonce = root?.nonce;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React 19 writes it before the module preloads it hoists from <Scripts>,
            so the first paint need not wait for them on a slow line (Lighthouse's mobile FCP). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
        {root ? (
          <link
            rel="preload"
            as="fetch"
            crossOrigin="anonymous"
            href={root.catalogueUrl}
            data-catalogue={root.catalogue}
          />
        ) : null}
        <Analytics nonce={nonce} />
      </head>
      <body>
        {children}
        {/* A client's frame is as tall as its page and may not use storage: nothing to restore. */}
        {isEmbeddedPath(pathname) ? null : <ScrollRestoration nonce={nonce} />}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // A route chunk a new deploy removed: reload for the new build, at most once a minute (spec §8).
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (reloadAfterChunkError()) event.preventDefault();
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => window.removeEventListener("vite:preloadError", onPreloadError);
  }, []);
  return <Outlet />;
}

export { errorMeta as meta, RouteErrorBoundary as ErrorBoundary } from "./components/route-error-boundary";
