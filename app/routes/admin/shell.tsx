import { useEffect, useRef } from "react";
import { Form, Link, Outlet, useLocation } from "react-router";
import { AdminLanguageSwitch } from "../../components/admin/language-switch";
import { AdminNavLinks } from "../../components/admin/nav";
import { AdminFlashMessage } from "../../components/admin/page";
import { CsrfField } from "../../components/csrf-field";
import { useAdminFrame, useAdminI18n, useAdminPath } from "../../lib/admin";
import { requireStaffAccess } from "../../lib/admin.server";
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
 * The back office's frame: a bar with the site, the language and the account; the menu beside the
 * page on a desktop and folded above it on a phone.
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
    sync();
    wide.addEventListener("change", sync);
    return () => wide.removeEventListener("change", sync);
  }, [location.pathname]);
  if (!staff) return null;
  const roleName = t(`admin.role.${staff.role}`);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t("admin.skip")}
      </a>
      <header className="bg-blue-950 text-white print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
          <Link to={path()} className="flex min-h-11 flex-col justify-center no-underline" data-testid="admin-home">
            <span className="text-xs text-blue-100">{t("admin.product")}</span>
            <span className="font-bold leading-tight" data-testid="admin-site-title">
              {frame.siteTitle}
            </span>
          </Link>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
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
          Sticky only as tall as the window: a longer menu scrolls in itself rather than sliding down a long page.
          It takes focus so a keyboard can scroll it, also before the script opens the menu (its links then count as hidden).
        */}
        <nav
          aria-label={t("admin.nav.label")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          className="lg:sticky lg:top-4 lg:-m-1 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto lg:p-1 print:hidden"
        >
          <details
            ref={menu}
            className="admin-menu card p-2 lg:bg-transparent lg:p-0 lg:shadow-none"
            data-testid="admin-menu"
          >
            <summary className="flex min-h-11 cursor-pointer items-center px-2 font-semibold lg:hidden">
              {t("admin.nav.open")}
            </summary>
            <div className="pt-2 lg:pt-0">
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
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary, adminLayoutMeta as meta } from "../../components/admin/error-boundary";
