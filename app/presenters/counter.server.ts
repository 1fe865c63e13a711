import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { formatPersonAddress } from "#common/address";
import type { AdminLocale } from "#common/admin";
import { localDate, localTime } from "#common/calendar-date";
import { LOCALE_NAMES, type Locale } from "#common/locales";
import { formatPhone } from "#common/phone";
import type { ReservationDetail } from "#server/counter/reservations";
import type { ReservationPerson } from "#server/db/schema";

/**
 * What the counter's pages show of a booking (issue 24), worded on the server so the page needs no
 * phone or address rules: the people as the store calls and writes to them, in the staff's language.
 */

export interface PersonView {
  name: string;
  kana: string;
  company: string;
  email: string;
  /** A Japanese number as dialled in Japan, any other with its country code. */
  tel: string;
  address: string;
  licenseNumber: string;
  birthdate: string;
}

export function personView(person: ReservationPerson | null, locale: AdminLocale): PersonView | null {
  if (!person) return null;
  const messages = CATALOGUES[locale];
  return {
    name: person.name ?? "",
    kana: person.kana ?? "",
    company: person.company ? `${person.company}${person.companyKana ? `（${person.companyKana}）` : ""}` : "",
    email: person.email ?? "",
    tel: formatPhone(person.tel),
    address: formatPersonAddress(locale, person, (code) => translate(messages, `pref.${code}` as MessageKey)),
    licenseNumber: person.licenseNumber ?? "",
    birthdate: person.birthdate ?? "",
  };
}

/** The booking's language as its customer chose it, named in the staff's language. */
export const customerLanguage = (locale: string, staff: AdminLocale) =>
  LOCALE_NAMES[locale as Locale] ? (new Intl.DisplayNames([staff], { type: "language" }).of(locale) ?? locale) : locale;

/** A form's date and time fields for an instant, in the store's zone (the forms' defaults). */
export function dateTimeFields(at: Date, timeZone: string): { date: string; time: string } {
  return { date: localDate(at, timeZone), time: localTime(at, timeZone) };
}

/** The booking as the detail page shows it: what the customer entered and the counter's records. */
export function reservationView(detail: ReservationDetail, locale: AdminLocale) {
  const { linkSecret: _secret, ...r } = detail.reservation;
  return {
    ...detail,
    reservation: r,
    borrower: personView(r.borrower, locale),
    driver: personView(r.driver, locale),
    language: customerLanguage(r.locale, locale),
    distanceKm: r.returnMileage !== null && r.departureMileage !== null ? r.returnMileage - r.departureMileage : null,
  };
}
