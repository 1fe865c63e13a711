import { ReportChart } from "#app/components/admin/report-chart";
import { UntranslatedMark } from "#app/components/admin/staff-text";
import { useAdminI18n } from "#app/lib/admin";
import type { ReportTable } from "#app/presenters/report-tables";

/** One figure of the period, large, above the reports. */
export function Kpi({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-3 sm:p-4">
      <dt className="text-xs font-semibold text-gray-600 sm:text-sm">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** One report: its chart, drawn in the browser from the table below it, the table, and its CSV. */
export function ReportSection({ table, csvHref }: { table: ReportTable; csvHref: string }) {
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
                      // Headings wrap so that four columns fit a phone without scrolling sideways.
                      className={`border-b border-gray-200 px-2 py-2 font-semibold sm:px-3 ${c.numeric ? "text-right" : "text-left"}`}
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
                          className="px-2 py-2 text-left font-medium whitespace-nowrap sm:px-3"
                        >
                          <CellText cell={cell} />
                        </th>
                      ) : (
                        <td
                          key={table.columns[i]?.label}
                          className={`px-2 py-2 whitespace-nowrap sm:px-3 ${table.columns[i]?.numeric ? "text-right tabular-nums" : ""}`}
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
