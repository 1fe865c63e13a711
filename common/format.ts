import { DEFAULT_TIME_ZONE, localDate, localTime } from "./calendar-date";
import type { Locale } from "./locales";

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

/** Thousands separators alone, for a number set in a sentence or a field's hint (not for money: see formatYen). */
export function formatAmount(value: number): string {
  return value.toLocaleString("en-US");
}

/**
 * Yen, written one way per language (decision 048): 16,280円 in Japanese, ¥16,280 in English and
 * Korean, 16,280 日圓 in Traditional Chinese, where ¥ alone could be read as the renminbi.
 */
const YEN: Record<Locale, Intl.NumberFormat> = {
  ja: new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY", currencyDisplay: "name" }),
  en: new Intl.NumberFormat("en-US", { style: "currency", currency: "JPY" }),
  ko: new Intl.NumberFormat("ko-KR", { style: "currency", currency: "JPY", currencyDisplay: "narrowSymbol" }),
  "zh-TW": new Intl.NumberFormat("zh-TW", { style: "currency", currency: "JPY", currencyDisplay: "name" }),
};

export function formatYen(amount: number, locale: Locale): string {
  return YEN[locale].format(amount);
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
