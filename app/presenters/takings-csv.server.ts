import { ADMIN_CATALOGUES, type AdminMessageKey } from "#app/i18n/admin";
import { translateKey } from "#app/i18n/translate";
import type { AdminLocale } from "#common/admin";
import { formatDateTime } from "#common/format";
import { toCsv } from "#server/imports/csv";
import type { StoreTakings } from "#server/takings/takings";

/** The day's takings as a CSV for Excel: one row per entry, each store's net by method after. */
export function takingsCsv(days: readonly StoreTakings[], locale: AdminLocale): string {
  const t = (key: AdminMessageKey) => translateKey(ADMIN_CATALOGUES[locale], key);
  // Amounts stay plain integers so a spreadsheet can add them; the header names the currency.
  const yenColumn = (key: AdminMessageKey) =>
    translateKey(ADMIN_CATALOGUES[locale], "admin.csv.yenColumn", { label: t(key) });
  const rows: (string | number)[][] = [
    [
      t("admin.takings.store"),
      t("admin.takings.time"),
      t("admin.reservations.reserveNo"),
      t("admin.takings.what"),
      t("admin.takings.method"),
      yenColumn("admin.takings.amount"),
    ],
  ];
  for (const day of days) {
    for (const line of day.lines) {
      rows.push([
        day.store.name,
        formatDateTime(line.at, day.store.timeZone),
        line.reserveNo,
        t(`admin.takings.operation.${line.operation}`),
        t(`admin.takings.${line.method}`),
        line.amount,
      ]);
    }
    for (const method of ["cash", "terminal", "card"] as const) {
      rows.push([day.store.name, day.date, "", t("admin.takings.net"), t(`admin.takings.${method}`), day.net[method]]);
    }
  }
  return toCsv(rows);
}
