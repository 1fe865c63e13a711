import { Link } from "react-router";
import { localizePath } from "../i18n/locales";
import { useI18n } from "../lib/i18n";
import { sitePath, useShell } from "../lib/shell";

/** Not-found and generic error content; links home (the site top when inside a site). */
export function ErrorPage({ status }: { status: number }) {
  const { locale, t } = useI18n();
  const shell = useShell();
  const notFound = status === 404;
  const home = shell ? sitePath(shell) : localizePath(locale, "/");
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <title>{notFound ? t("error.notFound") : t("error.generic")}</title>
      <p className="text-5xl font-bold text-gray-600">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">{notFound ? t("error.notFound") : t("error.generic")}</h1>
      <p className="mt-4 text-gray-700">{notFound ? t("error.notFoundLead") : t("error.genericLead")}</p>
      <p className="mt-8">
        <Link to={home} className="btn-primary">
          {t("error.backHome")}
        </Link>
      </p>
    </main>
  );
}
