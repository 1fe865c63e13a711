import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { formatPersonAddress } from "#common/address";
import type { Locale } from "#common/locales";
import { formatPhone } from "#common/phone";
import type { ReservationPerson } from "#server/db/schema";
import type { ReserveSession } from "#server/reservations/reserve-session";

export interface CustomerView {
  borrower: { name: string; kana: string; company: string; email: string; tel: string; address: string };
  driver: { sameAsBorrower: boolean; name: string };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The borrower and driver as the confirmation shows them; a saved driver is named by the caller. */
export function customerView(session: ReserveSession, locale: Locale, savedDriverName = ""): CustomerView {
  const b = session.borrower ?? { name: "" };
  const d = session.driver;
  const driverName = d?.mode === "new" ? text(d.person.name) : d?.mode === "saved" ? savedDriverName : "";
  return {
    borrower: {
      name: text(b.name),
      kana: text(b.kana),
      company: text(b.company),
      email: text(b.email),
      tel: formatPhone(text(b.tel)),
      address: formatPersonAddress(locale, b as ReservationPerson, (code) =>
        translate(CATALOGUES[locale], `pref.${code}` as MessageKey),
      ),
    },
    driver: { sameAsBorrower: !d || d.mode === "same", name: driverName },
  };
}
