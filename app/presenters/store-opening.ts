import type { MessageKey } from "#app/i18n/messages";

/** Who took a counter booking, for the store's notification: the staff member's name. */
export interface Taker {
  takenBy?: string;
}

interface Booked {
  reserveNo: string;
  channel: string;
  counterContact: string | null;
}

/**
 * How the store's notification of a new booking opens (issue 37): a booking made on the website, or
 * one taken by phone or at the counter, and by whom. Its subject and its lead lines, in Japanese.
 */
export function storeOpening(
  r: Booked,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
  site: string,
  takenBy: string,
): { subject: string; lead: string[] } {
  if (r.channel !== "counter") {
    return {
      subject: t("bookingMail.store.subject", { site, reserveNo: r.reserveNo }),
      lead: [t("bookingMail.store.lead")],
    };
  }
  const inPerson = r.counterContact === "in_person";
  const name = takenBy.replace(/[\r\n]+/g, " ").trim();
  return {
    subject: t(inPerson ? "bookingMail.store.subjectInPerson" : "bookingMail.store.subjectPhone", {
      site,
      reserveNo: r.reserveNo,
    }),
    lead: [
      t(inPerson ? "bookingMail.store.leadInPerson" : "bookingMail.store.leadPhone"),
      ...(name ? [t("bookingMail.store.takenBy", { staff: name })] : []),
    ],
  };
}
