import type { ReserveSession } from "../../server/reservations/reserve-session";

export interface CustomerView {
  borrower: { name: string; kana: string; company: string; email: string; tel: string };
  driver: { sameAsBorrower: boolean; name: string };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The borrower and driver as the confirmation shows them; a saved driver is named by the caller. */
export function customerView(session: ReserveSession, savedDriverName = ""): CustomerView {
  const b = session.borrower ?? { name: "" };
  const d = session.driver;
  const driverName = d?.mode === "new" ? text(d.person.name) : d?.mode === "saved" ? savedDriverName : "";
  return {
    borrower: {
      name: text(b.name),
      kana: text(b.kana),
      company: text(b.company),
      email: text(b.email),
      tel: text(b.tel),
    },
    driver: { sameAsBorrower: !d || d.mode === "same", name: driverName },
  };
}
