import type { ReactNode } from "react";
import { useAdminI18n } from "#app/lib/admin";

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned figures (prices, counts). */
  numeric?: boolean;
}

/**
 * A list of rows: a table on a desktop; on a phone each row becomes a card whose cells carry their
 * column's name (`admin-table` in app.css). It stays a table for screen readers either way.
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  testId,
  empty,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  testId?: string;
  empty?: ReactNode;
}) {
  const { t } = useAdminI18n();
  if (!rows.length) {
    return (
      <p className="card p-5 text-gray-700" data-testid={testId ? `${testId}-empty` : "table-empty"}>
        {empty ?? t("admin.table.empty")}
      </p>
    );
  }
  return (
    <table className="admin-table" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={c.numeric ? "text-right" : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid="row">
            {columns.map((c) => (
              <td key={c.key} data-label={c.header} className={c.numeric ? "tabular-nums sm:text-right" : undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
