import type { Locale } from "#common/locales";
import type { Reason } from "#server/availability/reasons";
import type { reservations } from "#server/db/schema";
import type { Logger } from "#server/logger";
import type { Mailer } from "#server/mail/mailer";
import type { MailAttachment } from "#server/mail/message";
import type { CardSource, PaymentGateway } from "#server/payments/types";
import type { SiteBundle } from "#server/sites/site-bundle";
import type { ReserveSession } from "./reserve-session";

// The booking's words: what a submit takes and answers, how it pays, and the refusals it names.

/** Spec §5, §9: advance card payment is refused for a departure this many days ahead or more. */
export const ADVANCE_CARD_LIMIT_DAYS = 50;

/** How long a held car waits for its card payment (3-D Secure included) before it is released. */
export const HOLD_MINUTES = 15;

/** How long a submitted idempotency key answers with its first result. */
export const IDEMPOTENCY_HOURS = 24;

export const PAY_METHOD = { advanceCard: 1, cash: 2, cardAtStore: 3, other: 4 } as const;

/** Where a booking comes from (the `channel` column). */
export type BookingChannel = "web" | "counter" | "api";

/** What a submit answers; a retry with the same idempotency key gets the same answer back. */
export type SubmitAnswer =
  | { outcome: "completed"; reservationId: number; reserveNo: string }
  | { outcome: "requires_action"; reservationId: number; reserveNo: string; actionUrl: string }
  | { outcome: "refused"; reason: Reason };

export type Reservation = typeof reservations.$inferSelect;

export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with it: the booking's `.ics` in the customer's mails (issue 25). */
  attachments?: MailAttachment[];
}

/** Renders a booking's mails in the booking's language (the delivery side knows the words). */
export type BookingMailComposer = (reservation: Reservation) => {
  borrower: RenderedMail | null;
  store: RenderedMail | null;
};

export interface BookingDeps {
  mailer: Mailer;
  payments: PaymentGateway;
  /** The site's mail composer; loaded per site so webhooks can use it without a page. */
  mails: (siteId: string) => Promise<BookingMailComposer>;
  logger?: Logger;
}

export interface SubmitInput {
  bundle: SiteBundle;
  /** The reservation session as stored, read again for this request. */
  session: ReserveSession;
  idempotencyKey: string;
  memberId: number | null;
  locale: Locale;
  now: Date;
  /** For an advance card payment: a saved card of the member's customer, or a card typed now. */
  card?: { customerId?: string; cardId?: string; source?: CardSource };
  /** Where the 3-D Secure challenge sends the browser back to (a path of this site). */
  returnUrl?: string;
  /**
   * Where the booking comes from: the public site (default), or staff at the counter taking a phone
   * call or a walk-in (issue 24), to whom web suspension and the web's lead time do not apply and who
   * take payment at the store; or a program with an API key (issue 42), which pays at the store or by
   * the card link mailed to the customer, as the counter does.
   */
  channel?: BookingChannel;
  /** A counter booking: taken on the phone (the default) or from a customer at the desk. */
  counterContact?: "phone" | "in_person";
  /** A counter booking: the staff member who took it. */
  takenByStaffId?: number | null;
}

export const refused = (code: Reason["code"], params?: Reason["params"]): SubmitAnswer => ({
  outcome: "refused",
  reason: params ? { code, params } : { code },
});

export function sqlError(error: unknown): { code?: string; constraint?: string } {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code) return e;
    e = e.cause as typeof e;
  }
  return {};
}

/** The capacity trigger's refusal (drizzle/0009_booking_guard.sql). */
export const isFullyBooked = (error: unknown) => sqlError(error).code === "RB001";
