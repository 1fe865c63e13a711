import { Link, redirect } from "react-router";
import { useI18n } from "#app/lib/i18n";
import { metaTranslate } from "#app/lib/seo";
import { services } from "#app/lib/site.server";
import {
  LOCALE_COOKIE,
  LOCALE_NAMES,
  LOCALES,
  localeFromPath,
  localizePath,
  parseLocaleCookie,
  pickLang,
  readCookie,
  rootLocale,
  siteLocales,
} from "#common/locales";
import { listPublicSites } from "#server/sites/directory";
import type { Route } from "./+types/language-root";

/**
 * The language home. Only on `/` is the language detected: the locale cookie first, then the
 * browser's languages (spec §2). `/?lang=jp` is an explicit choice of Japanese and is not redirected.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  if (url.pathname === "/" && !parseLocaleCookie(url.searchParams.get("lang"))) {
    const detected = rootLocale(
      readCookie(request.headers.get("cookie"), LOCALE_COOKIE),
      request.headers.get("accept-language"),
    );
    if (detected !== "ja") throw redirect(localizePath(detected, "/"));
  }
  const sites = await listPublicSites(services(context).acrossSites);
  return {
    sites: sites
      .filter((s) => siteLocales(s.settings.supportedLanguages).includes(locale))
      .map((s) => ({ siteId: s.siteId, title: pickLang(s.settings, "siteTitle", locale) })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaTranslate(matches)("root.title") }];
}

export default function LanguageRoot({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold" data-testid="page-title">
        {t("root.title")}
      </h1>
      <p className="mt-3 text-gray-700">{t("root.lead")}</p>
      {loaderData.sites.length ? (
        <ul className="mt-8 grid gap-3" data-testid="site-directory">
          {loaderData.sites.map((s) => (
            <li key={s.siteId}>
              <Link
                to={localizePath(locale, `/${s.siteId}`)}
                className="block rounded bg-white p-4 font-semibold shadow-sm hover:shadow"
              >
                {s.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8">{t("root.noSites")}</p>
      )}
      <nav aria-label={t("nav.language")} className="mt-10">
        <ul className="flex gap-4 text-sm">
          {LOCALES.map((l) => (
            <li key={l}>
              <a href={l === "ja" ? "/?lang=jp" : localizePath(l, "/")} lang={l} hrefLang={l} className="link">
                {LOCALE_NAMES[l]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
