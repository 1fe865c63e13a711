import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import type { AnalyticsHandle } from "#app/components/analytics";
import type { AdminFrame } from "#app/lib/admin";
import { adminMiddleware, adminRequest, getAdminSite } from "#app/lib/admin.server";
import { pickLang } from "#common/locales";
import { can, needsTwoFactor, PERMISSIONS } from "#server/staff/permissions";
import type { Route } from "./+types/admin";

/**
 * `/admin/:siteId`: the back office of a site (decision 029). Its middleware finds the site, the
 * staff session and the language once; every page below reads them from here.
 */
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

/** No analytics in the back office: it is not the client's public site. */
export const handle: AnalyticsHandle = { analytics: false };

export function loader({ context }: Route.LoaderArgs): AdminFrame {
  const { siteId, bundle } = getAdminSite(context);
  const state = adminRequest(context);
  const session = state?.session;
  const staff = session && !session.twoFactorPending ? session.staff : null;
  return {
    siteId,
    siteTitle: pickLang(bundle.settings, "siteTitle", "ja") || siteId,
    publicPath: `/${siteId}`,
    locale: state?.locale ?? "ja",
    flash: state?.flash ?? null,
    staff: staff && {
      name: staff.name,
      email: staff.email,
      role: staff.role,
      storeIds: staff.storeIds,
      twoFactorEnabled: staff.twoFactorEnabled,
      twoFactorSuggested: needsTwoFactor(staff.role) && !staff.twoFactorEnabled,
      permissions: PERMISSIONS.filter((p) => can(staff, p, staff.storeIds[0])),
    },
  };
}

/** The frame changes with what a form does (signing in or out, a flash); a plain link keeps it. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return true;
  if (typeof document !== "undefined" && /(?:^|;\s*)admin_flash=/.test(document.cookie)) return true;
  return defaultShouldRevalidate;
}

/** The product's icon: the back office is not the client's site. */
export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg" }];

export default function Admin() {
  return (
    <div className="admin-root min-h-screen">
      <Outlet />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary, adminLayoutMeta as meta } from "#app/components/admin/error-boundary";
