import { Form } from "react-router";
import uplotCss from "uplot/dist/uPlot.min.css?url";
import { AdminInput, AdminSelect } from "#app/components/admin/fields";
import { AdminPageHeader } from "#app/components/admin/page";
import { Kpi, ReportSection } from "#app/components/admin/reports/report-section";
import { useStaffChoices } from "#app/components/admin/staff-text";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { reportTables } from "#app/presenters/report-tables";
import { localDate } from "#common/calendar-date";
import { formatYen } from "#common/format";
import { bookingsReport } from "#server/reports/bookings";
import { occupancyReport } from "#server/reports/occupancy";
import { REPORT_STEPS, reportPeriod } from "#server/reports/report.schema";
import { siteTimeZone } from "#server/sites/site-bundle";
import { storeChoices } from "#server/stores/stores";
import type { Route } from "./+types/reports";

/**
 * `/reports?from=&to=&store=&step=` (issue 41): the owner's numbers. Each chart is drawn in the
 * browser from the table beside it; the tables are rendered on the server and are the page's truth
 * (and what works without scripts). Each table downloads as CSV from `/reports/export`.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request, "reports.read");
  const timeZone = siteTimeZone(bundle);
  const period = reportPeriod(new URL(request.url).searchParams, localDate(new Date(), timeZone), timeZone);
  const [occupancy, bookings, stores] = await Promise.all([
    occupancyReport(db, siteId, actor, period),
    bookingsReport(db, siteId, actor, period),
    storeChoices(db, siteId, actor),
  ]);
  return { period, occupancy, bookings, stores };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: uplotCss }];

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.reports.title"));

export function periodQuery(period: { from: string; to: string; storeId: number | null; step: string }) {
  return new URLSearchParams({
    from: period.from,
    to: period.to,
    step: period.step,
    ...(period.storeId ? { store: String(period.storeId) } : {}),
  });
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const path = useAdminPath();
  const staffChoices = useStaffChoices();
  const { period, bookings, occupancy, stores } = loaderData;
  const tables = reportTables({ occupancy, bookings, step: period.step }, t, locale);
  const query = periodQuery(period);
  const csvHref = (kind: string) => path(`/reports/export?${query}&report=${kind}`);
  const available = occupancy.reduce((sum, r) => sum + r.availableHours, 0);
  const rented = occupancy.reduce((sum, r) => sum + r.rentedHours, 0);
  const pct = (rate: number | null) => (rate === null ? "—" : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`);
  return (
    <>
      <AdminPageHeader title={t("admin.reports.title")} lead={t("admin.reports.lead")} />
      <Form
        method="get"
        className="card mb-4 grid items-end gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.4fr_1fr_auto]"
        role="search"
        aria-label={t("admin.reports.filter")}
      >
        <AdminInput
          name="from"
          type="date"
          label={t("admin.reports.from")}
          errors={NO_FORM_ERRORS}
          defaultValue={period.from}
        />
        <AdminInput
          name="to"
          type="date"
          label={t("admin.reports.to")}
          errors={NO_FORM_ERRORS}
          defaultValue={period.to}
        />
        <AdminSelect
          name="store"
          label={t("admin.reports.store")}
          errors={NO_FORM_ERRORS}
          defaultValue={period.storeId ? String(period.storeId) : ""}
          options={[{ value: "", label: t("admin.reports.allStores") }, ...staffChoices(stores)]}
        />
        <AdminSelect
          name="step"
          label={t("admin.reports.step")}
          errors={NO_FORM_ERRORS}
          defaultValue={period.step}
          options={REPORT_STEPS.map((s) => ({ value: s, label: t(`admin.reports.step.${s}`) }))}
        />
        <button type="submit" className="btn-primary" data-testid="reports-show">
          {t("admin.reports.show")}
        </button>
      </Form>
      <p className="mb-3 text-sm text-gray-700" data-testid="reports-period">
        {t("admin.reports.period", {
          from: period.from.replaceAll("-", "/"),
          to: period.to.replaceAll("-", "/"),
          timeZone: period.timeZone,
        })}
      </p>
      <dl className="mb-5 grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-5">
        <Kpi
          label={t("admin.reports.kpi.bookings")}
          value={bookings.totals.bookings.toLocaleString("en-US")}
          testId="kpi-bookings"
        />
        <Kpi label={t("admin.reports.kpi.sales")} value={formatYen(bookings.totals.sales, locale)} testId="kpi-sales" />
        <Kpi
          label={t("admin.reports.kpi.occupancy")}
          value={pct(available ? rented / available : null)}
          testId="kpi-occupancy"
        />
        <Kpi
          label={t("admin.reports.kpi.cancellationRate")}
          value={pct(bookings.totals.cancellationRate)}
          testId="kpi-cancellation-rate"
        />
        <Kpi
          label={t("admin.reports.kpi.medianLead")}
          value={
            bookings.leadTime.medianDays === null
              ? "—"
              : t("admin.reports.days", { days: bookings.leadTime.medianDays })
          }
          testId="kpi-median-lead"
        />
      </dl>
      <div className="grid gap-4 xl:grid-cols-2">
        {tables.map((table) => (
          <ReportSection key={table.kind} table={table} csvHref={csvHref(table.kind)} />
        ))}
      </div>
    </>
  );
}
