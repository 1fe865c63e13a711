import { Link } from "react-router";
import { siteOverview } from "../../../server/sites/overview";
import { AdminPageHeader, AdminSection } from "../../components/admin/page";
import type { AdminMessageKey } from "../../i18n/admin";
import { adminMeta, useAdminFrame, useAdminI18n, useAdminPath } from "../../lib/admin";
import { requireStaffAccess } from "../../lib/admin.server";
import type { Route } from "./+types/home";

/** The back office's home: what is still to set up before the site takes bookings, and the counts. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  return { overview: await siteOverview(db, siteId, actor) };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.home.title"));

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  const { t, locale } = useAdminI18n();
  const { siteTitle } = useAdminFrame();
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
      <AdminPageHeader title={t("admin.home.title")} lead={t("admin.home.lead", { site: siteTitle })} />
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
        <AdminSection title={t("admin.home.counts")}>
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
