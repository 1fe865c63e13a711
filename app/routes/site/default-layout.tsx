import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { BrowserAlert } from "../../components/browser-alert";
import { ErrorPage } from "../../components/error-page";
import { JumpToTop } from "../../components/jump-to-top";
import { LoadingOverlay } from "../../components/loading-overlay";
import { SiteFooter } from "../../components/site-footer";
import { SiteHeader } from "../../components/site-header";
import { useShell } from "../../lib/shell";

/** Header, footer, jump-to-top and the unsupported-browser alert (spec §2). */
function DefaultChrome({ children }: { children: React.ReactNode }) {
  const shell = useShell();
  if (!shell) return <>{children}</>;
  return (
    <div id="top" className="flex min-h-screen flex-col">
      <BrowserAlert />
      <SiteHeader shell={shell} />
      <div className="flex-1">{children}</div>
      {shell.features.footer ? <SiteFooter shell={shell} /> : null}
      <JumpToTop />
      <LoadingOverlay />
    </div>
  );
}

export default function DefaultLayout() {
  return (
    <DefaultChrome>
      <Outlet />
    </DefaultChrome>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <DefaultChrome>
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
    </DefaultChrome>
  );
}
