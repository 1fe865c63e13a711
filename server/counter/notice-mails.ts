import type { Locale } from "#common/locales";
import type { Mailer } from "#server/mail/mailer";
import type { MailKind } from "#server/mail/message";
import type { DbOrTx } from "#server/mail/outbox";
import type { RenderedMail } from "#server/reservations/booking";
import type { ReservationRecord } from "./reservations";

/** A notice about a booking (a change, a cancellation): the customer's in the booking's language, the store's in Japanese. */
export function sendNotice(
  tx: DbOrTx,
  siteId: string,
  row: ReservationRecord,
  mails: { borrower: RenderedMail | null; store: RenderedMail | null },
  kind: Extract<MailKind, "reservation_cancelled" | "reservation_changed" | "payment_settled">,
  mailer: Mailer,
) {
  return mailer.sendAll(tx, siteId, [
    ...(mails.borrower ? [{ ...mails.borrower, locale: row.locale as Locale, kind, reservationId: row.id }] : []),
    ...(mails.store
      ? [{ ...mails.store, locale: "ja" as const, kind: "store_notification" as const, reservationId: row.id }]
      : []),
  ]);
}
