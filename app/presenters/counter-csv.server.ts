import { ADMIN_CATALOGUES, type AdminMessageKey } from "#app/i18n/admin";
import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { type TranslateParams, translateKey } from "#app/i18n/translate";
import type { AdminLocale } from "#common/admin";
import { formatDateTime } from "#common/format";
import { formatPhone } from "#common/phone";
import type { BoardBooking } from "#server/counter/boards";
import type { ReservationListRow } from "#server/counter/reservations";
import { toCsv } from "#server/imports/csv";

/**
 * The counter's CSV exports (issue 24): one row a booking, headers and words in the staff member's
 * language, times in each store's zone, for Excel (UTF-8 with a byte-order mark).
 */
const COLUMNS: AdminMessageKey[] = [
  "admin.reservations.reserveNo",
  "admin.reservations.stage",
  "admin.reservations.store",
  "admin.reservations.departure",
  "admin.reservations.return",
  "admin.reservations.carType",
  "admin.counter.car",
  "admin.reservations.borrower",
  "admin.counter.tel",
  "admin.reservations.total",
  "admin.reservation.payMethod",
];

type Cells = (string | number)[];

/** The header and a row maker in the staff member's language. */
function reservationColumns(locale: AdminLocale): { header: Cells; cells: (r: ReservationListRow) => Cells } {
  const admin = ADMIN_CATALOGUES[locale];
  const site = CATALOGUES[locale];
  const t = (key: AdminMessageKey, params?: TranslateParams) => translateKey(admin, key, params);
  return {
    header: COLUMNS.map((key) =>
      key === "admin.reservations.total" ? t("admin.csv.yenColumn", { label: t(key) }) : t(key),
    ),
    cells: (r) => [
      r.reserveNo,
      t(`admin.stage.${r.stage}`),
      r.storeName,
      formatDateTime(r.startAt, r.timeZone),
      formatDateTime(r.endAt, r.timeZone),
      r.carTypeName,
      r.vehicle ?? "",
      r.borrowerName,
      formatPhone(r.borrowerTel),
      r.totalFee,
      translate(site, `reserves.pay.${r.payMethod}` as MessageKey),
    ],
  };
}

export function reservationsCsv(rows: readonly ReservationListRow[], locale: AdminLocale): string {
  const { header, cells } = reservationColumns(locale);
  return toCsv([header, ...rows.map(cells)]);
}

/**
 * The day's CSV (issue 41): each store's departures, then its returns (overdue ones from before
 * included), a first column saying which each row is.
 */
export function dayCsv(
  days: readonly { departures: readonly BoardBooking[]; returns: readonly BoardBooking[] }[],
  locale: AdminLocale,
): string {
  const t = (key: AdminMessageKey) => translateKey(ADMIN_CATALOGUES[locale], key);
  const { header, cells } = reservationColumns(locale);
  return toCsv([
    [t("admin.csv.kind"), ...header],
    ...days.flatMap((d) => [
      ...d.departures.map((r) => [t("admin.csv.kindDeparture"), ...cells(r)]),
      ...d.returns.map((r) => [t(r.overdue ? "admin.csv.kindOverdue" : "admin.csv.kindReturn"), ...cells(r)]),
    ]),
  ]);
}
