import { useEffect } from "react";
import { isRouteErrorResponse, Link, type MetaDescriptor, useLocation, useRouteError } from "react-router";
import { reasonMessage } from "#app/i18n/labels";
import type { MessageKey } from "#app/i18n/messages";
import { isChunkLoadError, reloadAfterChunkError } from "#app/lib/chunk-reload";
import { useI18n } from "#app/lib/i18n";
import { type MetaMatch, metaTranslate, siteIconOf } from "#app/lib/seo";
import { sitePath, useOptionalSite } from "#app/lib/site";
import { isAppErrorPayload } from "#common/app-error";
import { localizePath } from "#common/locales";

/** What a visitor reads for an error status (spec §8): not found, log in again, a refusal, or the generic error. */
function messagesFor(status: number): { title: MessageKey; lead: MessageKey } {
  if (status === 404) return { title: "error.notFound", lead: "error.notFoundLead" };
  if (status === 401) return { title: "error.unauthorized", lead: "error.unauthorizedLead" };
  // A form the server refused before any page code ran (CSRF, decision 026): open the page again.
  if (status === 403) return { title: "error.refused", lead: "error.refusedLead" };
  return { title: "error.generic", lead: "error.genericLead" };
}

/** The head of an error page: its title, never indexed, and the site's icon inside a site. */
export function errorPageMeta(matches: readonly MetaMatch[], status: number): MetaDescriptor[] {
  const t = metaTranslate(matches);
  return [{ title: t(messagesFor(status).title) }, { name: "robots", content: "noindex" }, ...siteIconOf(matches)];
}

/**
 * The `meta` of each layout with this boundary: the error page's head when a route below failed,
 * else what every page below shares (the site's icon), which their own `meta` replaces.
 */
export function errorMeta({ error, matches }: { error?: unknown; matches: readonly MetaMatch[] }): MetaDescriptor[] {
  if (error) return errorPageMeta(matches, isRouteErrorResponse(error) ? error.status : 500);
  return siteIconOf(matches);
}

/** Not-found and error content; links home (the site top when inside a site). Never indexed. */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const { locale, t } = useI18n();
  const shell = useOptionalSite();
  const { title, lead } = messagesFor(status);
  const home = shell ? sitePath(shell) : localizePath(locale, "/");
  const location = useLocation();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center" data-testid="error-page" data-status={status}>
      <p className="text-5xl font-bold text-gray-600">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">{t(title)}</h1>
      <p className="mt-4 text-gray-700" data-testid="error-message">
        {message ?? t(lead)}
      </p>
      <p className="mt-8">
        {status === 403 ? (
          // A new document, which brings a fresh token with it.
          <Link to={`${location.pathname}${location.search}`} reloadDocument className="btn-primary">
            {t("error.reload")}
          </Link>
        ) : (
          <Link to={home} className="btn-primary">
            {t("error.backHome")}
          </Link>
        )}
      </p>
    </main>
  );
}

/**
 * The one error boundary of every layout and of the root: maps a route error to its page. An
 * AppError arrives as an ErrorResponse with its status and payload; anything else is a 500,
 * already logged with the request id on the server.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useI18n();
  const chunkFailure = isChunkLoadError(error);
  useEffect(() => {
    if (chunkFailure) reloadAfterChunkError();
  }, [chunkFailure]);
  if (!isRouteErrorResponse(error)) return <ErrorPage status={500} />;
  const reason = isAppErrorPayload(error.data) ? error.data.reason : null;
  const key = error.status === 422 && reason ? reasonMessage(reason.code) : null;
  const message = key ? t(key, reason?.params) : undefined;
  return <ErrorPage status={error.status} message={message} />;
}
