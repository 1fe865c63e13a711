import { DEFAULT_TIME_ZONE, localDate, localTime } from "./calendar-date";

/** Dates are shown YYYY/MM/DD and times HH:mm (spec §9), in the store's time zone. */
export function formatDate(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return formatIsoDate(localDate(date, timeZone));
}

export function formatTime(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return localTime(date, timeZone);
}

export function formatDateTime(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return `${formatDate(date, timeZone)} ${formatTime(date, timeZone)}`;
}

/** An ISO calendar date (`2026-11-22`) as `2026/11/22`. */
export function formatIsoDate(isoDate: string): string {
  return isoDate.replaceAll("-", "/");
}

/** Thousands separators for yen amounts; the currency word comes from the catalogue (`price.amount`). */
export function formatAmount(yen: number): string {
  return yen.toLocaleString("en-US");
}
