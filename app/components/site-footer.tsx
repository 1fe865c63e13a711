import { Link, useRouteLoaderData } from "react-router";
import { useI18n } from "#app/lib/i18n";
import { sitePath } from "#app/lib/site";
import type { SiteShell } from "#app/presenters/shell.server";
import type { loader as rootLoader } from "#app/root";

export function SiteFooter({ shell }: { shell: SiteShell }) {
  const { t } = useI18n();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <footer className="site-theme mt-16" data-testid="site-footer">
      <div className="mx-auto max-w-6xl px-4 py-8">
        {shell.footer.pages.length > 0 ? (
          <nav aria-label={t("footer.pages")}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {shell.footer.pages.map((p) => (
                <li key={p.url}>
                  <Link
                    to={sitePath(shell, `/c/${p.url}`)}
                    className="tap underline-offset-2 hover:underline"
                    data-testid="footer-page-link"
                  >
                    {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {shell.footer.text ? <p className="mt-4 whitespace-pre-line text-sm">{shell.footer.text}</p> : null}
        <div className="mt-6 flex flex-col gap-2 border-t border-current/30 pt-4 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p data-testid="copyright">{t("footer.copyright", { year: shell.footer.since, title: shell.title })}</p>
          <p className="flex gap-4">
            <a href={root?.providerUrl} className="tap underline" data-testid="powered-by" rel="noopener">
              {t("footer.poweredBy")}
            </a>
            <a href="#top" className="tap underline" data-testid="back-to-top">
              {t("footer.backToTop")}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
