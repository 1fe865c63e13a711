import { Link, Outlet } from "react-router";
import { BrowserAlert } from "#app/components/browser-alert";
import { useI18n } from "#app/lib/i18n";
import { sitePath, useSite } from "#app/lib/site";

/** The alternate header and footer: site name only, no menu (notice pages). */
export default function AltLayout() {
  const shell = useSite();
  const { t } = useI18n();
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
      <div className="flex-1">
        <Outlet />
      </div>
      <footer className="border-t border-gray-200 py-6 text-center text-sm text-gray-700" data-testid="alt-footer">
        {t("footer.copyright", { year: shell.footer.since, title: shell.title })}
      </footer>
    </div>
  );
}
