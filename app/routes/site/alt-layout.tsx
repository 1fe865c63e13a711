import { isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import { BrowserAlert } from "../../components/browser-alert";
import { ErrorPage } from "../../components/error-page";
import { useI18n } from "../../lib/i18n";
import { sitePath, useShell } from "../../lib/shell";

/** The alternate header and footer: site name only, no menu (notice pages). */
function AltChrome({ children }: { children: React.ReactNode }) {
  const shell = useShell();
  const { t } = useI18n();
  if (!shell) return <>{children}</>;
  return (
    <div className="flex min-h-screen flex-col">
      <BrowserAlert />
      <header className="site-theme" data-testid="alt-header">
        <div className="mx-auto max-w-4xl px-4 py-4">
          <Link
            to={sitePath(shell)}
            className="text-lg font-bold no-underline"
            aria-label={t("nav.home", { title: shell.title })}
          >
            {shell.title}
          </Link>
        </div>
      </header>
      <div className="flex-1">{children}</div>
      <footer className="border-t border-gray-200 py-6 text-center text-sm text-gray-700" data-testid="alt-footer">
        {t("footer.copyright", { year: shell.footer.since, title: shell.title })}
      </footer>
    </div>
  );
}

export default function AltLayout() {
  return (
    <AltChrome>
      <Outlet />
    </AltChrome>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <AltChrome>
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
    </AltChrome>
  );
}
