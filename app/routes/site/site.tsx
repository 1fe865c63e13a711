import type { CSSProperties } from "react";
import { isRouteErrorResponse, Outlet, redirect, type ShouldRevalidateFunctionArgs, useRouteError } from "react-router";
import { buildShell } from "../../../server/sites/shell";
import { ErrorPage } from "../../components/error-page";
import { localizePath } from "../../i18n/locales";
import { requireSite } from "../../lib/site.server";
import type { Route } from "./+types/site";

const UNPUBLISHED = 2;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { bundle, locale } = await requireSite(context, request, params.siteId);
  const noticePath = localizePath(locale, `/${bundle.client.siteId}/unpublished`);
  const onNoticePage = new URL(request.url).pathname.replace(/\/$/, "") === noticePath;
  const unpublished = bundle.settings.publicStatus === UNPUBLISHED;
  if (unpublished && !onNoticePage) throw redirect(noticePath);
  if (!unpublished && onNoticePage) throw redirect(localizePath(locale, `/${bundle.client.siteId}`));
  return { shell: buildShell(bundle, locale) };
}

/** Site data changes only with the site or the language. */
export function shouldRevalidate({
  currentParams,
  nextParams,
  currentUrl,
  nextUrl,
  formMethod,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return true;
  const prefix = (u: URL) => u.pathname.split("/")[1];
  return currentParams.siteId !== nextParams.siteId || prefix(currentUrl) !== prefix(nextUrl);
}

export default function Site({ loaderData }: Route.ComponentProps) {
  const { theme, faviconPath } = loaderData.shell;
  const style = { "--site-color": theme.siteColor, "--site-font-color": theme.fontColor } as CSSProperties;
  return (
    <div className="site-root" style={style}>
      <link rel="icon" href={faviconPath} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
