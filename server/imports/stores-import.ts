import { type StoreInput, StoreSchema } from "#server/stores/store.schema";
import { insertStore } from "#server/stores/stores";
import { type Importer, parseRow, yesNo } from "./import";

/** Stores from a CSV file: the columns of the store form (names and addresses in four languages, hours, order). */
export const storesImporter: Importer<StoreInput> = {
  kind: "stores",
  permission: "store.create",
  columns: [
    { field: "store_name", ja: "店舗名", required: true, example: "那覇空港店" },
    { field: "store_name_en", ja: "店舗名（英語）", example: "Naha Airport" },
    { field: "store_name_kr", ja: "店舗名（韓国語）" },
    { field: "store_name_tw", ja: "店舗名（繁体字）" },
    { field: "zip", ja: "郵便番号", example: "901-0142" },
    { field: "pref_code", ja: "都道府県コード", example: "47" },
    { field: "address_a", ja: "住所", example: "那覇市鏡水150" },
    { field: "address_a_en", ja: "住所（英語）" },
    { field: "address_b", ja: "建物名" },
    { field: "address_b_en", ja: "建物名（英語）" },
    { field: "tel", ja: "電話番号", example: "098-000-0000" },
    { field: "email", ja: "メールアドレス" },
    { field: "business_start_time", ja: "営業開始", example: "08:00" },
    { field: "business_end_time", ja: "営業終了", example: "20:00" },
    { field: "is_open_24h", ja: "24時間営業", example: "0" },
    { field: "regular_holiday_week", ja: "定休日（曜日）", example: "" },
    { field: "display_order", ja: "表示順", example: "1" },
    { field: "management_status", ja: "予約受付", example: "1" },
  ],
  lookups: async () => undefined,
  readRow(cells) {
    return parseRow(StoreSchema, {
      pref_code: cells.pref_code || "0",
      business_hours_type: "2",
      business_start_time: cells.business_start_time || "10:00",
      business_end_time: cells.business_end_time || "18:00",
      display_order: cells.display_order || "0",
      turnaround_minutes: "0",
      management_status: cells.management_status || "1",
      ...Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== "")),
      is_open_24h: yesNo(cells.is_open_24h),
      regular_holiday_week: weekdays(cells.regular_holiday_week ?? ""),
    });
  },
  async write(tx, siteId, rows) {
    const written: unknown[] = [];
    for (const row of rows) written.push({ id: await insertStore(tx, siteId, row), storeName: row.store_name });
    return written;
  },
};

const WEEKDAY_NAMES: Record<string, string> = {
  日: "0",
  月: "1",
  火: "2",
  水: "3",
  木: "4",
  金: "5",
  土: "6",
  sun: "0",
  mon: "1",
  tue: "2",
  wed: "3",
  thu: "4",
  fri: "5",
  sat: "6",
};

/** "0,6", "日・土" or "Sun Sat" as the form's weekday checkboxes would send them. */
function weekdays(cell: string): string[] {
  return cell
    .split(/[\s,、・/]+/)
    .filter(Boolean)
    .map((d) => WEEKDAY_NAMES[d.toLowerCase().slice(0, 3)] ?? WEEKDAY_NAMES[d.slice(0, 1)] ?? d);
}
