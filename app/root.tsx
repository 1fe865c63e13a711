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
import { isEmbeddedPath } from "../common/embedding";
import { localeFromPath } from "../common/locales";
import { requestContext } from "../server/http/context";
import type { Route } from "./+types/root";
import "./app.css";
import { Analytics } from "./components/analytics";
import { loadCatalogue } from "./i18n/catalogue";
import { catalogueAsset } from "./i18n/catalogue.server";
import { isSupportedBrowser } from "./lib/browser";
import { reloadAfterChunkError } from "./lib/chunk-reload";
import { services } from "./lib/site.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const { productAnalyticsId, providerUrl } = services(context);
  return {
    locale,
    // The messages themselves come from this content-hashed asset, cached across pages (decision 027).
    catalogueUrl: catalogueAsset(locale).url,
    supportedBrowser: isSupportedBrowser(request.headers.get("user-agent")),
    productAnalyticsId,
    providerUrl,
    nonce: context.get(requestContext).nonce,
    csrfToken: context.get(requestContext).csrfToken,
  };
}

/** The catalogue depends only on the locale prefix. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname);
}

/** A navigation into another language fetches that language's catalogue before it renders. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadCatalogue(data.locale, data.catalogueUrl);
  return data;
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = root?.nonce;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {root ? (
          <link
            rel="preload"
            as="fetch"
            crossOrigin="anonymous"
            href={root.catalogueUrl}
            data-catalogue={root.locale}
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

export { RouteErrorBoundary as ErrorBoundary } from "./components/route-error-boundary";
