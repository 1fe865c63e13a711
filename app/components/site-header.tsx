import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { useI18n } from "#app/lib/i18n";
import { sitePath } from "#app/lib/site";
import type { SiteShell } from "#app/presenters/shell.server";
import { LOCALE_NAMES, type Locale, localizePath, stripLocale } from "#common/locales";

function SiteLogo({ shell }: { shell: SiteShell }) {
  const { t } = useI18n();
  return (
    <Link
      to={sitePath(shell)}
      className="flex items-center no-underline"
      aria-label={t("nav.home", { title: shell.title })}
      data-testid="site-home"
    >
      {shell.logo ? (
        <img
          src={shell.logo.src}
          width={shell.logo.width}
          height={shell.logo.height}
          alt={shell.title}
          className={`logo-image${shell.logo.resize ? " logo-resize" : ""}`}
          data-testid="site-logo"
        />
      ) : (
        <span className="text-lg font-bold sm:text-xl" data-testid="site-title">
          {shell.title}
        </span>
      )}
    </Link>
  );
}

function LanguageSwitcher({ shell }: { shell: SiteShell }) {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  const rest = stripLocale(pathname);
  return (
    <nav aria-label={t("nav.language")} data-testid="language-switcher">
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {shell.locales.map((l: Locale) => (
          <li key={l}>
            <Link
              to={`${localizePath(l, rest)}${search}`}
              lang={l}
              hrefLang={l}
              aria-current={l === locale ? "true" : undefined}
              className={`tap ${l === locale ? "font-bold underline" : "underline-offset-2 hover:underline"}`}
              reloadDocument
            >
              {LOCALE_NAMES[l]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteHeader({ shell, signedIn }: { shell: SiteShell; signedIn: boolean }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  // Close the small-screen menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => setOpen(false), [pathname]);

  const links = [
    { to: sitePath(shell, "/reserve"), label: t("nav.search"), testId: "nav-search" },
    { to: sitePath(shell, shell.priceListPath), label: t("nav.fee"), testId: "nav-fee" },
    { to: sitePath(shell, "/store"), label: t("nav.store"), testId: "nav-store" },
  ];
  const { features } = shell;
  const hasMenu = features.fullHeaderMenu || features.loginLink || features.languageSwitcher;

  return (
    <header className="site-theme shadow" data-testid="site-header">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2 focus:text-black"
      >
        {t("a11y.skipToContent")}
      </a>
      {shell.headerMessage ? (
        <p className="bg-black/10 px-4 py-1 text-center text-sm" data-testid="header-message">
          {shell.headerMessage}
        </p>
      ) : null}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-2">
        <SiteLogo shell={shell} />
        {hasMenu ? (
          <button
            type="button"
            className="flex h-11 w-11 items-center justify-center rounded-lg border border-current md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((o) => !o)}
            data-testid="menu-toggle"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="24"
              height="24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
            <span className="sr-only">{open ? t("nav.closeMenu") : t("nav.openMenu")}</span>
          </button>
        ) : null}
        {hasMenu ? (
          <div
            id={menuId}
            className={`${open ? "flex" : "hidden"} w-full flex-col gap-3 md:flex md:w-auto md:flex-row md:items-center md:gap-6`}
            data-testid="header-menu"
          >
            <nav aria-label={t("nav.main")}>
              <ul className="flex flex-col gap-2 md:flex-row md:gap-5">
                {features.fullHeaderMenu
                  ? links.map((l) => (
                      <li key={l.testId}>
                        <Link to={l.to} className="tap font-semibold hover:underline" data-testid={l.testId}>
                          {l.label}
                        </Link>
                      </li>
                    ))
                  : null}
                {features.loginLink ? (
                  <li>
                    {signedIn ? (
                      <Link
                        to={sitePath(shell, "/mypage")}
                        className="tap font-semibold hover:underline"
                        data-testid="nav-mypage"
                      >
                        {t("nav.mypage")}
                      </Link>
                    ) : (
                      <Link
                        to={sitePath(shell, "/login")}
                        className="tap font-semibold hover:underline"
                        data-testid="nav-login"
                      >
                        {t("nav.login")}
                      </Link>
                    )}
                  </li>
                ) : null}
              </ul>
            </nav>
            {features.languageSwitcher ? <LanguageSwitcher shell={shell} /> : null}
          </div>
        ) : null}
      </div>
    </header>
  );
}
