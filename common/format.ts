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

/**
 * A Japanese address in the order of the page's language: Japanese keeps 〒 and the postcode
 * first, largest to smallest; English reads smallest to largest with the postcode and the
 * country last; Korean and Chinese keep the largest-first order with the postcode after.
 */
export function formatAddress(
  locale: "ja" | "en" | "ko" | "zh-TW",
  address: { zip: string; region: string; street: string },
): string {
  const { zip, region, street } = address;
  switch (locale) {
    case "ja":
      return [zip ? `〒${zip}` : "", `${region}${street}`].filter(Boolean).join(" ");
    case "en":
      return [street, region, [zip, "Japan"].filter(Boolean).join(", ")].filter(Boolean).join(", ");
    default:
      return [[region, street].filter(Boolean).join(" "), zip ? `(${zip})` : ""].filter(Boolean).join(" ");
  }
}

/** A map search for an address: a plain link, no map script on our pages. */
export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
