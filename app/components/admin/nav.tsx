import { NavLink } from "react-router";
import type { AdminMessageKey } from "#app/i18n/admin";
import { useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import type { Permission } from "#server/staff/permissions";

interface NavItem {
  path: string;
  label: AdminMessageKey;
  /** Shown to those who hold it; the server checks it again on every page and action. */
  needs: Permission;
  testId: string;
}

/** The back office's menu, by area: the counter's daily work first. */
export const ADMIN_NAV: readonly { group: AdminMessageKey | null; items: readonly NavItem[] }[] = [
  { group: null, items: [{ path: "", label: "admin.nav.dashboard", needs: "view", testId: "nav-home" }] },
  {
    group: "admin.nav.groupCounter",
    items: [
      { path: "/today", label: "admin.nav.today", needs: "view", testId: "nav-today" },
      { path: "/takings", label: "admin.nav.takings", needs: "view", testId: "nav-takings" },
      { path: "/reports", label: "admin.nav.reports", needs: "reports.read", testId: "nav-reports" },
      { path: "/reservations", label: "admin.nav.reservations", needs: "view", testId: "nav-reservations" },
      { path: "/dispatch", label: "admin.nav.dispatch", needs: "view", testId: "nav-dispatch" },
      { path: "/members", label: "admin.nav.members", needs: "view", testId: "nav-members" },
    ],
  },
  {
    group: "admin.nav.groupSite",
    items: [
      { path: "/settings", label: "admin.nav.settings", needs: "view", testId: "nav-settings" },
      { path: "/theme", label: "admin.nav.theme", needs: "view", testId: "nav-theme" },
      { path: "/cancellation", label: "admin.nav.cancellation", needs: "view", testId: "nav-cancellation" },
      { path: "/return-charges", label: "admin.nav.returnCharges", needs: "view", testId: "nav-return-charges" },
    ],
  },
  {
    group: "admin.nav.groupFleet",
    items: [
      { path: "/stores", label: "admin.nav.stores", needs: "view", testId: "nav-stores" },
      { path: "/classes", label: "admin.nav.classes", needs: "view", testId: "nav-classes" },
      { path: "/car-types", label: "admin.nav.carTypes", needs: "view", testId: "nav-car-types" },
      { path: "/vehicles", label: "admin.nav.vehicles", needs: "view", testId: "nav-vehicles" },
      { path: "/import", label: "admin.nav.import", needs: "catalog.edit", testId: "nav-import" },
    ],
  },
  {
    group: "admin.nav.groupPrices",
    items: [
      { path: "/fee-plans", label: "admin.nav.feePlans", needs: "view", testId: "nav-fee-plans" },
      { path: "/options", label: "admin.nav.options", needs: "view", testId: "nav-options" },
      { path: "/immunity", label: "admin.nav.immunity", needs: "view", testId: "nav-immunity" },
    ],
  },
  {
    group: "admin.nav.groupContent",
    items: [
      { path: "/pages", label: "admin.nav.pages", needs: "view", testId: "nav-pages" },
      { path: "/news", label: "admin.nav.news", needs: "view", testId: "nav-news" },
      { path: "/seo", label: "admin.nav.seo", needs: "view", testId: "nav-seo" },
      { path: "/driver-settings", label: "admin.nav.driverSettings", needs: "view", testId: "nav-driver-settings" },
      { path: "/settlement", label: "admin.nav.settlement", needs: "site.billing", testId: "nav-settlement" },
    ],
  },
  {
    group: "admin.nav.groupTeam",
    items: [
      { path: "/staff", label: "admin.nav.staff", needs: "staff.manage", testId: "nav-staff" },
      { path: "/audit", label: "admin.nav.audit", needs: "audit.read", testId: "nav-audit" },
    ],
  },
  {
    group: "admin.nav.groupIntegrations",
    items: [
      { path: "/api-keys", label: "admin.nav.apiKeys", needs: "integrations.manage", testId: "nav-api-keys" },
      { path: "/webhooks", label: "admin.nav.webhooks", needs: "integrations.manage", testId: "nav-webhooks" },
      {
        path: "/calendar-feeds",
        label: "admin.nav.calendarFeeds",
        needs: "integrations.manage",
        testId: "nav-calendar-feeds",
      },
    ],
  },
];

/** The menu's links, grouped; the current page is marked for screen readers (aria-current). */
export function AdminNavLinks() {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  return (
    <div className="grid gap-4">
      {ADMIN_NAV.map(({ group, items }) => {
        const shown = items.filter((i) => can(i.needs));
        if (!shown.length) return null;
        return (
          <div key={group ?? "top"}>
            {group ? (
              <p className="mb-1 px-3 text-xs font-bold tracking-wide text-gray-600 uppercase">{t(group)}</p>
            ) : null}
            <ul className="grid gap-0.5">
              {shown.map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={path(item.path)}
                    end={item.path === ""}
                    data-testid={item.testId}
                    className={({ isActive }) =>
                      `flex min-h-11 items-center rounded-md px-3 text-sm ${
                        isActive ? "bg-blue-900 font-bold text-white" : "text-gray-900 hover:bg-gray-200"
                      }`
                    }
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
