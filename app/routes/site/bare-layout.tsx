import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { ErrorPage } from "../../components/error-page";
import { LoadingOverlay } from "../../components/loading-overlay";

/** Content only, for pages embedded in a client's own site through an iframe. */
export default function BareLayout() {
  return (
    <div className="bg-white">
      <Outlet />
      <LoadingOverlay />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
