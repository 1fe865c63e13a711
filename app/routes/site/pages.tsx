import { Outlet } from "react-router";

/**
 * A pathless route under each layout: its error boundary renders inside the layout's chrome, so
 * one boundary serves every layout and no layout copies it.
 */
export default function Pages() {
  return <Outlet />;
}

export { errorMeta as meta, RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary";
