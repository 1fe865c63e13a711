import type { AdminT } from "#app/lib/admin";
import { pickStaffText } from "#app/lib/staff-text";
import type { AdminLocale } from "#common/admin";
import { formatYen } from "#common/format";
import type { BookingsReport } from "#server/reports/bookings";
import type { OccupancyRow } from "#server/reports/occupancy";
import type { ReportKind, ReportStep } from "#server/reports/report.schema";

/**
 * The reports' tables (issue 41), built once for the page, its charts and its CSV downloads, so a
 * chart, the table beside it and the file always hold the same numbers.
 */
export interface ReportCell {
  /** What a spreadsheet gets: plain numbers (yen as integers, rates as percentages). */
  value: string | number;
  /** What the page shows. */
  display: string;
  /** A staff-entered name with no text in the staff member's language (shown in Japanese, marked). */
  untranslated?: boolean;
}

export interface ReportTable {
  kind: ReportKind;
  title: string;
  definition: string;
  columns: { label: string; numeric: boolean }[];
  rows: { key: string; cells: ReportCell[] }[];
  /** The chart: one label per row, and the series it draws from the table's columns. */
  chart: {
    labels: string[];
    series: { label: string; unit: "count" | "yen" | "percent"; values: (number | null)[] }[];
  };
}

export interface ReportData {
  occupancy: OccupancyRow[];
  bookings: BookingsReport;
  step: ReportStep;
}

const percent = (rate: number | null): ReportCell =>
  rate === null
    ? { value: "", display: "—" }
    : { value: Math.round(rate * 1000) / 10, display: `${(Math.round(rate * 1000) / 10).toFixed(1)}%` };
const count = (n: number): ReportCell => ({ value: n, display: n.toLocaleString("en-US") });
const hours = (n: number): ReportCell => ({
  value: n,
  display: n.toLocaleString("en-US", { maximumFractionDigits: 2 }),
});
const text = (s: string, untranslated = false): ReportCell => ({ value: s, display: s, untranslated });

/** `2026-12-07` as the bucket's label: a day, the week starting that Monday, or the month. */
function bucketLabel(start: string, step: ReportStep, locale: AdminLocale): string {
  const slash = start.replaceAll("-", "/");
  if (step === "month") return slash.slice(0, 7);
  if (step === "week") return locale === "ja" ? `${slash}週` : `w/c ${slash}`;
  return slash;
}

export function reportTables(data: ReportData, t: AdminT, locale: AdminLocale): ReportTable[] {
  const yen = (n: number): ReportCell => ({ value: n, display: formatYen(n, locale) });
  const yenHeader = (label: string) => t("admin.csv.yenColumn", { label });
  const { bookings } = data;

  const occupancy: ReportTable = {
    kind: "occupancy",
    title: t("admin.reports.occupancy"),
    definition: t("admin.reports.occupancy.definition"),
    columns: [
      { label: t("admin.reports.store.column"), numeric: false },
      { label: t("admin.reports.class.column"), numeric: false },
      { label: t("admin.reports.occupancy.vehicles"), numeric: true },
      { label: t("admin.reports.occupancy.available"), numeric: true },
      { label: t("admin.reports.occupancy.rented"), numeric: true },
      { label: `${t("admin.reports.occupancy.rate")} (%)`, numeric: true },
    ],
    rows: data.occupancy.map((r) => {
      const store = pickStaffText(r.storeName, r.storeNameEn, locale);
      const cls = pickStaffText(r.className, r.classNameEn, locale);
      return {
        key: `${r.storeId}:${r.classId}`,
        cells: [
          text(store.text, store.untranslated),
          text(cls.text, cls.untranslated),
          count(r.vehicles),
          hours(r.availableHours),
          hours(r.rentedHours),
          percent(r.rate),
        ],
      };
    }),
    chart: { labels: [], series: [] },
  };
  occupancy.chart = {
    labels: occupancy.rows.map((r) => `${r.cells[0]?.display} · ${r.cells[1]?.display}`),
    series: [
      {
        label: t("admin.reports.occupancy.rate"),
        unit: "percent",
        values: data.occupancy.map((r) => (r.rate === null ? null : Math.round(r.rate * 1000) / 10)),
      },
    ],
  };

  const labels = bookings.series.map((b) => bucketLabel(b.start, data.step, locale));
  const sales: ReportTable = {
    kind: "sales",
    title: t("admin.reports.sales"),
    definition: t("admin.reports.sales.definition"),
    columns: [
      { label: t("admin.reports.bucket"), numeric: false },
      { label: t("admin.reports.bookings"), numeric: true },
      { label: yenHeader(t("admin.reports.salesAmount")), numeric: true },
    ],
    rows: bookings.series.map((b, i) => ({
      key: b.start,
      cells: [text(labels[i] ?? b.start), count(b.bookings), yen(b.sales)],
    })),
    chart: {
      labels,
      series: [
        { label: t("admin.reports.salesAmount"), unit: "yen", values: bookings.series.map((b) => b.sales) },
        { label: t("admin.reports.bookings"), unit: "count", values: bookings.series.map((b) => b.bookings) },
      ],
    },
  };

  const cancellations: ReportTable = {
    kind: "cancellations",
    title: t("admin.reports.cancellations"),
    definition: t("admin.reports.cancellations.definition"),
    columns: [
      { label: t("admin.reports.bucket"), numeric: false },
      { label: t("admin.reports.bookings"), numeric: true },
      { label: t("admin.reports.cancelled"), numeric: true },
      { label: `${t("admin.reports.cancellationRate")} (%)`, numeric: true },
    ],
    rows: bookings.series.map((b, i) => ({
      key: b.start,
      cells: [text(labels[i] ?? b.start), count(b.bookings), count(b.cancelled), percent(b.cancellationRate)],
    })),
    chart: {
      labels,
      series: [{ label: t("admin.reports.cancelled"), unit: "count", values: bookings.series.map((b) => b.cancelled) }],
    },
  };

  const medianDays = bookings.leadTime.medianDays;
  const leadTime: ReportTable = {
    kind: "lead-time",
    title: t("admin.reports.leadTime"),
    definition: t("admin.reports.leadTime.definition", {
      median: medianDays === null ? "—" : t("admin.reports.days", { days: medianDays }),
    }),
    columns: [
      { label: t("admin.reports.leadTime.band"), numeric: false },
      { label: t("admin.reports.bookings"), numeric: true },
      { label: `${t("admin.reports.share")} (%)`, numeric: true },
    ],
    rows: bookings.leadTime.bands.map((b) => ({
      key: b.key,
      cells: [text(t(`admin.reports.leadTime.band.${b.key}`)), count(b.bookings), percent(b.share)],
    })),
    chart: {
      labels: bookings.leadTime.bands.map((b) => t(`admin.reports.leadTime.band.${b.key}`)),
      series: [
        { label: t("admin.reports.bookings"), unit: "count", values: bookings.leadTime.bands.map((b) => b.bookings) },
      ],
    },
  };

  const mixTable = (
    kind: "languages" | "channels",
    rows: { key: string; bookings: number; sales: number; share: number }[],
    name: (key: string) => string,
  ): ReportTable => ({
    kind,
    title: t(`admin.reports.${kind}`),
    definition: t(`admin.reports.${kind}.definition`),
    columns: [
      { label: t(kind === "languages" ? "admin.reports.language" : "admin.reports.channel"), numeric: false },
      { label: t("admin.reports.bookings"), numeric: true },
      { label: `${t("admin.reports.share")} (%)`, numeric: true },
      { label: yenHeader(t("admin.reports.salesAmount")), numeric: true },
    ],
    rows: rows.map((r) => ({
      key: r.key,
      cells: [text(name(r.key)), count(r.bookings), percent(r.share), yen(r.sales)],
    })),
    chart: {
      labels: rows.map((r) => name(r.key)),
      series: [{ label: t("admin.reports.bookings"), unit: "count", values: rows.map((r) => r.bookings) }],
    },
  });
  const languageName = (key: string) =>
    ["ja", "en", "ko", "zh-TW"].includes(key)
      ? t(`admin.reports.language.${key as "ja" | "en" | "ko" | "zh-TW"}`)
      : key;
  const channelName = (key: string) =>
    t(`admin.reports.channel.${key as "web" | "api" | "counter_phone" | "counter_in_person"}`);

  return [
    occupancy,
    sales,
    cancellations,
    leadTime,
    mixTable("languages", bookings.languages, languageName),
    mixTable("channels", bookings.channels, channelName),
  ];
}

/** A table as CSV rows: the header, then the plain values. */
export function reportCsvRows(table: ReportTable): (string | number)[][] {
  return [table.columns.map((c) => c.label), ...table.rows.map((r) => r.cells.map((c) => c.value))];
}
