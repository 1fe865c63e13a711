import { useEffect, useRef } from "react";
import { Form, Link, Outlet, useLocation } from "react-router";
import { AdminLanguageSwitch } from "#app/components/admin/language-switch";
import { AdminNavLinks } from "#app/components/admin/nav";
import { AdminFlashMessage } from "#app/components/admin/page";
import { AdminSearchBox } from "#app/components/admin/search-box";
import { CsrfField } from "#app/components/csrf-field";
import { useAdminFrame, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import type { Route } from "./+types/shell";

/** Tailwind's `lg`, where the menu stands beside the page. */
const WIDE = "(min-width: 64rem)";

/** Every page inside the back office's frame needs a signed-in staff member (before any loader runs). */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, request }, next) => {
    requireStaffAccess(context, request);
    return next();
  },
];

/**
 * The back office's frame: a bar with the site, the search box, the language and the account; the
 * menu beside the page on a desktop, and on a phone a drawer over the page behind a button in the bar.
 */
export default function Shell() {
  const frame = useAdminFrame();
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const staff = frame.staff;
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // The menu is always open beside the page on a desktop; on a phone it folds again once a page is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const sync = () => {
      if (menu.current) menu.current.open = wide.matches;
    };
    // Escape closes the phone's drawer and gives focus back to its button.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || wide.matches || !menu.current?.open) return;
      menu.current.open = false;
      menu.current.querySelector("summary")?.focus();
    };
    sync();
    wide.addEventListener("change", sync);
    document.addEventListener("keydown", onKey);
    return () => {
      wide.removeEventListener("change", sync);
      document.removeEventListener("keydown", onKey);
    };
  }, [location.pathname]);
  if (!staff) return null;
  const roleName = t(`admin.role.${staff.role}`);
  const close = () => {
    if (menu.current && !window.matchMedia(WIDE).matches) menu.current.open = false;
  };
  return (
    <div className="admin-frame relative">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t("admin.skip")}
      </a>
      <header className="bg-blue-950 text-white print:hidden">
        {/* On a phone: the site and the menu's button on one line, the search box under them; the account is in the menu. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-3 py-1.5 max-lg:pl-20 lg:px-4 lg:py-2">
          <Link
            to={path()}
            className="flex min-h-11 min-w-0 flex-1 flex-col justify-center no-underline lg:flex-none"
            data-testid="admin-home"
          >
            <span className="text-xs text-blue-100">{t("admin.product")}</span>
            <span className="truncate font-bold leading-tight" data-testid="admin-site-title">
              {frame.siteTitle}
            </span>
          </Link>
          <AdminSearchBox />
          <div
            className="admin-account flex flex-wrap items-center gap-x-3 gap-y-1 text-sm max-lg:hidden"
            data-testid="admin-account"
          >
            <AdminLanguageSwitch tone="dark" />
            <a
              href={frame.publicPath}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center text-white underline"
              aria-label={t("admin.nav.viewSiteNewTab")}
            >
              {t("admin.nav.viewSite")} ↗
            </a>
            <Link
              to={path("/account")}
              className="inline-flex min-h-11 items-center text-white underline"
              data-testid="nav-account"
              onClick={close}
            >
              {t("admin.nav.signedInAs", { name: staff.name || staff.email, role: roleName })}
            </Link>
            <Form method="post" action={path("/logout")}>
              <CsrfField />
              <button type="submit" className="min-h-11 rounded px-2 text-white underline" data-testid="logout">
                {t("admin.nav.logout")}
              </button>
            </Form>
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-4 lg:grid-cols-[14rem_1fr] lg:gap-8">
        {/*
          On a desktop the menu stands beside the page, sticky only as tall as the window: a longer menu
          scrolls in itself and takes focus so a keyboard can scroll it, also before the script opens it.
          On a phone it is a button in the header bar that opens a drawer over the page (a <details>,
          so it works without JavaScript too).
        */}
        <nav
          aria-label={t("admin.nav.label")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          className="max-lg:absolute max-lg:top-1.5 max-lg:left-3 lg:sticky lg:top-4 lg:-m-1 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto lg:p-1 print:hidden"
        >
          <details ref={menu} className="admin-menu" data-testid="admin-menu">
            <summary
              className="admin-menu-button relative z-50 flex min-h-11 min-w-11 cursor-pointer list-none flex-col items-center justify-center rounded-md border border-white/40 bg-blue-950 px-1.5 text-xs font-semibold text-white lg:hidden"
              data-testid="admin-menu-button"
            >
              <span aria-hidden="true" className="text-lg leading-none">
                ☰
              </span>
              <span className="admin-menu-open">{t("admin.nav.menu")}</span>
              <span className="admin-menu-close">{t("admin.nav.close")}</span>
            </summary>
            <div className="admin-menu-backdrop lg:hidden" aria-hidden="true" onClick={close} />
            <div className="admin-menu-panel" data-testid="admin-menu-panel">
              <AdminNavLinks />
            </div>
          </details>
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 outline-none">
          {staff.twoFactorSuggested ? (
            <p
              className="mb-4 rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-amber-950 print:hidden"
              data-testid="two-factor-reminder"
            >
              {t("admin.reminder.twoFactor")}{" "}
              <Link to={path("/account/two-factor")} className="link tap font-semibold">
                {t("admin.reminder.twoFactorLink")}
              </Link>
            </p>
          ) : null}
          <AdminFlashMessage />
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary, adminLayoutMeta as meta } from "#app/components/admin/error-boundary";
