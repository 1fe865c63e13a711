import { Link } from "react-router";
import { AdminPageHeader, AdminSection } from "#app/components/admin/page";
import { StoreTodayCard } from "#app/components/admin/store-today";
import type { AdminMessageKey } from "#app/i18n/admin";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { localDate, weekdayOf } from "#common/calendar-date";
import { todayAtStores } from "#server/counter/today-summary";
import { siteOverview } from "#server/sites/overview";
import { siteTimeZone } from "#server/sites/site-bundle";
import type { Route } from "./+types/home";

/**
 * The back office's home is today (issue 41): each store's departures, returns, overdue returns,
 * bookings without a car and cars out and available, each number a link to its list; below, the
 * day's other work one click away, and what is still to set up before the site takes bookings.
 * "Today" is the site's (Japan's) date.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const now = new Date();
  const today = localDate(now, siteTimeZone(bundle));
  const [overview, stores] = await Promise.all([
    siteOverview(db, siteId, actor),
    todayAtStores(db, siteId, actor, today, now),
  ]);
  return { overview, stores, today };
}

const WEEKDAYS: Record<"ja" | "en", string[]> = {
  ja: ["日", "月", "火", "水", "木", "金", "土"],
  en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
};

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.home.title"));

const SHORTCUTS: { to: string; label: AdminMessageKey; testId: string }[] = [
  { to: "/reservations/new", label: "admin.day.newBooking", testId: "shortcut-new-booking" },
  { to: "/today", label: "admin.day.todayList", testId: "shortcut-today" },
  { to: "/dispatch", label: "admin.day.dispatch", testId: "shortcut-dispatch" },
  { to: "/reservations", label: "admin.day.reservations", testId: "shortcut-reservations" },
  { to: "/members", label: "admin.day.members", testId: "shortcut-members" },
  { to: "/takings", label: "admin.day.takings", testId: "shortcut-takings" },
];

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { overview, stores, today } = loaderData;
  const { t, locale } = useAdminI18n();
  const path = useAdminPath();
  const steps: { done: boolean; label: AdminMessageKey; to: string; testId: string }[] = [
    { done: overview.stores > 0, label: "admin.home.stepStores", to: "/stores/new", testId: "step-stores" },
    { done: overview.classes > 0, label: "admin.home.stepClasses", to: "/classes/new", testId: "step-classes" },
    { done: overview.carTypes > 0, label: "admin.home.stepCarTypes", to: "/car-types/new", testId: "step-car-types" },
    { done: overview.vehicles > 0, label: "admin.home.stepVehicles", to: "/vehicles/new", testId: "step-vehicles" },
    { done: overview.feePlans > 0, label: "admin.home.stepFeePlans", to: "/fee-plans/new", testId: "step-fee-plans" },
    { done: overview.published, label: "admin.home.stepPublish", to: "/settings", testId: "step-publish" },
  ];
  const counts: { label: AdminMessageKey; value: number; testId: string }[] = [
    { label: "admin.home.countStores", value: overview.stores, testId: "count-stores" },
    { label: "admin.home.countCarTypes", value: overview.carTypes, testId: "count-car-types" },
    { label: "admin.home.countVehicles", value: overview.vehicles, testId: "count-vehicles" },
    { label: "admin.home.countUpcoming", value: overview.upcoming, testId: "count-upcoming" },
  ];
  return (
    <>
      <AdminPageHeader
        title={t("admin.home.title")}
        lead={t("admin.day.lead", {
          date: today.replaceAll("-", "/"),
          weekday: WEEKDAYS[locale][weekdayOf(today)] ?? "",
        })}
      />
      <div className="grid gap-4">
        {!overview.published ? (
          <p
            className="rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-amber-950"
            data-testid="unpublished-notice"
          >
            {t("admin.home.unpublished")}{" "}
            <Link to={path("/settings")} className="link tap font-semibold">
              {t("admin.home.unpublishedLink")}
            </Link>
          </p>
        ) : null}
        {!overview.webReserveAccepting ? (
          <p className="rounded-md border border-red-300 bg-red-50 px-4 py-3 font-semibold text-red-900">
            {t("admin.home.suspended")}
          </p>
        ) : null}
        {stores.length ? (
          stores.map((day) => <StoreTodayCard key={day.store.id} day={day} date={today} />)
        ) : (
          <p className="card p-4 text-gray-700" data-testid="today-no-stores">
            {t("admin.day.noStores")}
          </p>
        )}
        <nav aria-label={t("admin.day.shortcuts")} className="card grid gap-3 p-4 sm:p-5" data-testid="shortcuts">
          <h2 className="text-lg font-bold">{t("admin.day.shortcuts")}</h2>
          <ul className="flex flex-wrap gap-2">
            {SHORTCUTS.map((s) => (
              <li key={s.testId}>
                <Link to={path(s.to)} className="btn-secondary" data-testid={s.testId}>
                  {t(s.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {steps.some((s) => !s.done) ? (
          <AdminSection title={t("admin.home.setup")} testId="setup-steps">
            <p className="text-gray-700">{t("admin.home.setupLead")}</p>
            <ol className="grid gap-1">
              {steps.map((s) => (
                <li
                  key={s.testId}
                  className="flex min-h-11 items-center gap-3"
                  data-testid={s.testId}
                  data-done={s.done}
                >
                  <span
                    className={`rounded px-2 py-0.5 text-xs font-bold ${s.done ? "bg-green-100 text-green-900" : "bg-gray-200 text-gray-800"}`}
                  >
                    {s.done ? t("admin.home.done") : t("admin.home.todo")}
                  </span>
                  <Link to={path(s.to)} className="link tap">
                    {t(s.label)}
                  </Link>
                </li>
              ))}
            </ol>
          </AdminSection>
        ) : null}
        <AdminSection title={t("admin.day.setupCounts")}>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {counts.map((c) => (
              <div key={c.testId} className="rounded-lg bg-gray-50 p-3">
                <dt className="text-sm text-gray-700">{t(c.label)}</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid={c.testId}>
                  {c.value.toLocaleString(locale === "en" ? "en-US" : "ja-JP")}
                </dd>
              </div>
            ))}
          </dl>
        </AdminSection>
      </div>
    </>
  );
}
