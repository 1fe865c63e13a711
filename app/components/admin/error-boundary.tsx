import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Link,
  type MetaDescriptor,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { ADMIN_NO_INDEX, type AdminFrame, type AdminT, adminMetaTranslate, useAdminI18n } from "#app/lib/admin";
import { isChunkLoadError, reloadAfterChunkError } from "#app/lib/chunk-reload";
import { isAppErrorPayload } from "#common/app-error";

/** An error page's title: not found, no permission, or the generic error. */
function errorTitle(t: AdminT, status: number): string {
  if (status === 404) return t("admin.error.notFound");
  if (status === 403) return t("admin.error.forbidden");
  return t("admin.error.generic");
}

/**
 * The `meta` of the back office's layouts (`admin`, `admin-shell`): the error page's title when a
 * page below failed, and never indexed. Each page's own `meta` replaces it.
 */
export function adminLayoutMeta({
  error,
  matches,
}: {
  error?: unknown;
  matches: readonly ({ id?: string; loaderData?: unknown } | undefined)[];
}): MetaDescriptor[] {
  if (!error) return [ADMIN_NO_INDEX];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [{ title: errorTitle(adminMetaTranslate(matches), status) }, ADMIN_NO_INDEX];
}

/**
 * The back office's error page, in the staff member's language: not found, no permission (403 with
 * the reason), or the generic error (500, logged on the server with the request id).
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const { t, reasonText } = useAdminI18n();
  const frame = useRouteLoaderData("admin") as AdminFrame | undefined;
  const location = useLocation();
  const chunkFailure = isChunkLoadError(error);
  useEffect(() => {
    if (chunkFailure) reloadAfterChunkError();
  }, [chunkFailure]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const reason = isRouteErrorResponse(error) && isAppErrorPayload(error.data) ? error.data.reason : null;
  const title = errorTitle(t, status);
  const lead =
    status === 404
      ? t("admin.error.notFoundLead")
      : status === 403
        ? reason
          ? reasonText(reason)
          : t("admin.error.forbiddenLead")
        : status === 422 && reason
          ? reasonText(reason)
          : t("admin.error.genericLead");
  return (
    <main
      id="main"
      className="admin-root mx-auto max-w-2xl px-4 py-16 text-center"
      data-testid="error-page"
      data-status={status}
    >
      <p className="text-5xl font-bold text-gray-600">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-4 text-gray-700" data-testid="error-message">
        {lead}
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        {frame ? (
          <Link to={`/admin/${frame.siteId}`} className="btn-primary">
            {t("admin.error.backHome")}
          </Link>
        ) : null}
        {status === 403 && !reason ? (
          <Link to={`${location.pathname}${location.search}`} reloadDocument className="btn-secondary">
            {t("admin.error.reload")}
          </Link>
        ) : null}
      </p>
    </main>
  );
}
