import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { Analytics } from "./components/analytics";
import { ErrorPage } from "./components/error-page";
import { localeFromPath } from "./i18n/locales";
import { CATALOGUES } from "./i18n/messages";
import { isSupportedBrowser } from "./lib/browser";

export function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  return {
    locale,
    messages: CATALOGUES[locale],
    supportedBrowser: isSupportedBrowser(request.headers.get("user-agent")),
    productAnalyticsId: context.productAnalyticsId,
    providerUrl: context.providerUrl,
  };
}

/** The catalogue depends only on the locale prefix. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname);
}

export function Layout({ children }: { children: ReactNode }) {
  const locale = localeFromPath(useLocation().pathname);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <Analytics />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} />;
}
