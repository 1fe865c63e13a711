import { useEffect } from "react";
import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { isAppErrorPayload } from "../../../common/app-error";
import { type AdminFrame, useAdminI18n } from "../../lib/admin";
import { isChunkLoadError, reloadAfterChunkError } from "../../lib/chunk-reload";

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
  const [title, lead] =
    status === 404
      ? [t("admin.error.notFound"), t("admin.error.notFoundLead")]
      : status === 403
        ? [t("admin.error.forbidden"), reason ? reasonText(reason) : t("admin.error.forbiddenLead")]
        : status === 422 && reason
          ? [t("admin.error.generic"), reasonText(reason)]
          : [t("admin.error.generic"), t("admin.error.genericLead")];
  return (
    <main
      id="main"
      className="admin-root mx-auto max-w-2xl px-4 py-16 text-center"
      data-testid="error-page"
      data-status={status}
    >
      <title>{title}</title>
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
