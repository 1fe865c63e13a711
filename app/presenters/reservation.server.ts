import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { formatPersonAddress } from "#common/address";
import { formatDateTime } from "#common/format";
import { type Locale, pickLang } from "#common/locales";
import { formatPhone } from "#common/phone";
import type { ReservationPerson } from "#server/db/schema";
import { type MemberReservation, type ReservationStatus, reservationStatus } from "#server/mypage/reservations";

/** The renter or the driver as booked (the reservation's snapshot), ready to show. */
export interface PersonView {
  company: string;
  name: string;
  kana: string;
  tel: string;
  email: string;
  /** A Japanese address in the order of the page's language, one abroad in its country's; "" when none was given. */
  address: string;
}

function personView(person: ReservationPerson | null, locale: Locale): PersonView | null {
  if (!person) return null;
  return {
    company: person.company ?? "",
    name: person.name,
    kana: person.kana ?? "",
    tel: formatPhone(person.tel),
    email: person.email ?? "",
    address: formatPersonAddress(locale, person, (code) => translate(CATALOGUES[locale], `pref.${code}` as MessageKey)),
  };
}

/** A member's reservation as My Page shows it, in one language. */
export interface ReservationView {
  id: number;
  reserveNo: string;
  status: ReservationStatus;
  departure: string;
  return: string;
  storeName: string;
  returnStoreName: string;
  storeTel: string;
  className: string;
  carTypeName: string;
  rentalFee: number;
  optionFee: number;
  immunityFee: number;
  totalFee: number;
  payMethod: number;
  payMethodOther: string | null;
  options: { name: string; quantity: number; fee: number }[];
  destination: string;
  purpose: string;
  passengers: number | null;
  remarks: string;
  renter: PersonView | null;
  driver: PersonView | null;
}

export function reservationView(row: MemberReservation, locale: Locale, now: Date): ReservationView {
  const r = row.reservation;
  const zone = row.store.timeZone;
  const storeName = pickLang(row.store, "storeName", locale);
  return {
    id: r.id,
    reserveNo: r.reserveNo,
    status: reservationStatus(r, now),
    departure: formatDateTime(r.startAt, zone),
    return: formatDateTime(r.endAt, zone),
    storeName,
    returnStoreName: row.returnStore?.storeName ? pickLang(row.returnStore, "storeName", locale) : storeName,
    storeTel: row.store.tel,
    className: pickLang(row.carClass, "className", locale),
    carTypeName: pickLang(row.carType, "typeName", locale),
    rentalFee: r.rentalFee,
    optionFee: r.optionFee,
    immunityFee: r.immunityFee,
    totalFee: r.totalFee,
    payMethod: r.payMethod,
    payMethodOther: r.payMethodOther,
    options: r.options.map((o) => ({
      name: o.name[locale] || o.name.ja || Object.values(o.name)[0] || "",
      quantity: o.quantity,
      fee: o.fee,
    })),
    destination: r.destination,
    purpose: r.purpose,
    passengers: r.passengers,
    remarks: r.remarks,
    renter: personView(r.borrower, locale),
    driver: personView(r.driver, locale),
  };
}
