import { Form } from "react-router";
import uplotCss from "uplot/dist/uPlot.min.css?url";
import { localDate } from "../../../common/calendar-date";
import { formatYen } from "../../../common/format";
import { bookingsReport } from "../../../server/reports/bookings";
import { occupancyReport } from "../../../server/reports/occupancy";
import { REPORT_STEPS, reportPeriod } from "../../../server/reports/report.schema";
import { siteTimeZone } from "../../../server/sites/site-bundle";
import { storeChoices } from "../../../server/stores/stores";
import { AdminInput, AdminSelect } from "../../components/admin/fields";
import { AdminPageHeader } from "../../components/admin/page";
import { ReportChart } from "../../components/admin/report-chart";
import { UntranslatedMark, useStaffTextPlain } from "../../components/admin/staff-text";
import { adminMeta, useAdminI18n, useAdminPath } from "../../lib/admin";
import { requireStaffAccess } from "../../lib/admin.server";
import { NO_FORM_ERRORS } from "../../lib/forms";
import { type ReportTable, reportTables } from "../../presenters/report-tables";
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

function Kpi({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-3 sm:p-4">
      <dt className="text-xs font-semibold text-gray-600 sm:text-sm">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function ReportSection({ table, csvHref }: { table: ReportTable; csvHref: string }) {
  const { t } = useAdminI18n();
  const headingId = `report-${table.kind}`;
  return (
    <section
      className="card grid min-w-0 gap-3 p-4 sm:p-5"
      aria-labelledby={headingId}
      data-testid={`report-${table.kind}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold">
          {table.title}
        </h2>
        <a
          href={csvHref}
          download
          className="btn-secondary text-sm"
          aria-label={t("admin.reports.csvOf", { report: table.title })}
          data-testid={`csv-${table.kind}`}
        >
          {t("admin.reports.csv")}
        </a>
      </div>
      <p className="text-sm text-gray-700">{table.definition}</p>
      {table.rows.length ? (
        <>
          <ReportChart table={table} label={t("admin.reports.chart", { report: table.title })} />
          <section
            aria-label={t("admin.reports.table", { report: table.title })}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
            className="max-h-[28rem] overflow-auto rounded-md border border-gray-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <table className="w-full border-collapse text-sm" data-testid={`table-${table.kind}`}>
              <caption className="sr-only">{table.title}</caption>
              <thead className="sticky top-0 bg-gray-50">
                <tr>
                  {table.columns.map((c) => (
                    <th
                      key={c.label}
                      scope="col"
                      className={`border-b border-gray-200 px-3 py-2 font-semibold whitespace-nowrap ${c.numeric ? "text-right" : "text-left"}`}
                    >
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr
                    key={row.key}
                    className="border-b border-gray-100 last:border-0"
                    data-testid="row"
                    data-key={row.key}
                  >
                    {row.cells.map((cell, i) =>
                      i === 0 ? (
                        <th
                          key={table.columns[i]?.label}
                          scope="row"
                          className="px-3 py-2 text-left font-medium whitespace-nowrap"
                        >
                          <CellText cell={cell} />
                        </th>
                      ) : (
                        <td
                          key={table.columns[i]?.label}
                          className={`px-3 py-2 whitespace-nowrap ${table.columns[i]?.numeric ? "text-right tabular-nums" : ""}`}
                        >
                          <CellText cell={cell} />
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      ) : (
        <p className="text-gray-700" data-testid={`empty-${table.kind}`}>
          {t("admin.reports.noData")}
        </p>
      )}
    </section>
  );
}

function CellText({ cell }: { cell: ReportTable["rows"][number]["cells"][number] }) {
  const { t } = useAdminI18n();
  if (!cell.untranslated) return <>{cell.display}</>;
  return (
    <>
      <span lang="ja">{cell.display}</span> <UntranslatedMark label={t("admin.translations.noEnglish")} />
    </>
  );
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const path = useAdminPath();
  const staffText = useStaffTextPlain();
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
          options={[
            { value: "", label: t("admin.reports.allStores") },
            ...stores.map((s) => ({ value: String(s.id), label: staffText(s.name, s.nameEn) })),
          ]}
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
