import { ADMIN_CATALOGUES } from "#app/i18n/admin";
import { translateKey } from "#app/i18n/translate";
import { adminLocaleOf, requireStaffAccess } from "#app/lib/admin.server";
import { reportCsvRows, reportTables } from "#app/presenters/report-tables";
import { localDate } from "#common/calendar-date";
import { csvResponse, toCsv } from "#server/imports/csv";
import { bookingsReport } from "#server/reports/bookings";
import { occupancyReport } from "#server/reports/occupancy";
import { REPORT_KINDS, type ReportKind, reportPeriod } from "#server/reports/report.schema";
import { siteTimeZone } from "#server/sites/site-bundle";
import type { Route } from "./+types/reports-export";

/** `/reports/export?report=&from=&to=&store=&step=`: one report's table as a CSV for Excel. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request, "reports.read");
  const params = new URL(request.url).searchParams;
  const kind = params.get("report") as ReportKind;
  if (!REPORT_KINDS.includes(kind)) throw new Response(null, { status: 404 });
  const timeZone = siteTimeZone(bundle);
  const period = reportPeriod(params, localDate(new Date(), timeZone), timeZone);
  const locale = adminLocaleOf(context) ?? "ja";
  const [occupancy, bookings] = await Promise.all([
    occupancyReport(db, siteId, actor, period),
    bookingsReport(db, siteId, actor, period),
  ]);
  const tables = reportTables(
    { occupancy, bookings, step: period.step },
    (key, p) => translateKey(ADMIN_CATALOGUES[locale], key, p, locale),
    locale,
  );
  const table = tables.find((x) => x.kind === kind);
  if (!table) throw new Response(null, { status: 404 });
  return csvResponse(toCsv(reportCsvRows(table)), `${kind}-${period.from}-${period.to}.csv`);
}
