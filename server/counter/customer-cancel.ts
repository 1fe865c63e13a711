import type { Db } from "#server/db/client";
import { AppError } from "#server/errors";
import { type BookingLink, bookingLink } from "#server/reservations/booking-links";
import type { SiteBundle } from "#server/sites/site-bundle";
import { type CancellationDeps, type CancellationOutcome, cancelBooking, proposedFee } from "./cancellation";
import type { CancellationFee } from "./cancellation-fee";
import { cardBalance } from "./card-payments";
import type { ReservationRecord } from "./reservations";
import { rentalStage } from "./stage";

/**
 * Customers cancelling online (issue 24), when the site allows it and until its deadline (hours
 * before departure): a member from My Page, a guest from the signed link of the confirmation mail.
 * They see the fee of the site's schedule and the refund before they confirm; the cancellation is
 * the counter's (`cancelBooking`), so the car is freed, the card refunded and the mails sent once.
 */

type CancelSettings = Pick<SiteBundle["settings"], "customerCancel" | "customerCancelDeadlineHours">;

export type CustomerCancelState = "open" | "not_offered" | "deadline_passed" | "handed_over" | "cancelled";

export interface CustomerCancelTerms {
  state: CustomerCancelState;
  /** Until when the customer may cancel online. */
  deadline: Date;
  fee: CancellationFee | null;
  /** What goes back to the card paid in advance. */
  refund: number;
}

/** The site's deadline, or a guest link's expiry when that comes first. */
const deadlineOf = (r: Pick<ReservationRecord, "startAt">, settings: CancelSettings, until?: Date) => {
  const deadline = new Date(r.startAt.getTime() - settings.customerCancelDeadlineHours * 3_600_000);
  return until && until < deadline ? until : deadline;
};

function stateOf(r: ReservationRecord, settings: CancelSettings, now: Date, until?: Date): CustomerCancelState {
  if (r.status === "cancelled") return "cancelled";
  if (r.status !== "confirmed" || rentalStage(r) !== "booked") return "handed_over";
  if (!settings.customerCancel) return "not_offered";
  if (now > deadlineOf(r, settings, until)) return "deadline_passed";
  return "open";
}

/** Whether the customer may cancel now, and what it would cost them. */
export async function customerCancelTerms(
  db: Db,
  siteId: string,
  r: ReservationRecord,
  settings: CancelSettings,
  now: Date,
  until?: Date,
): Promise<CustomerCancelTerms> {
  const state = stateOf(r, settings, now, until);
  const deadline = deadlineOf(r, settings, until);
  if (state !== "open") return { state, deadline, fee: null, refund: 0 };
  const fee = await proposedFee(db, siteId, r, now);
  return { state, deadline, fee, refund: Math.max(0, (await cardBalance(db, siteId, r)) - fee.fee) };
}

/** Cancels for the customer at the schedule's fee; refused once the deadline has passed or the site stopped it. */
export async function cancelByCustomer(
  db: Db,
  siteId: string,
  r: ReservationRecord,
  settings: CancelSettings,
  deps: CancellationDeps,
  now = new Date(),
  until?: Date,
): Promise<CancellationOutcome> {
  const state = stateOf(r, settings, now, until);
  // A retry after the cancellation answers with it (and completes a refund that did not go through).
  if (state !== "open" && state !== "cancelled") throw new AppError("rejected", { reason: { code: "cancel_closed" } });
  const fee = state === "open" ? (await proposedFee(db, siteId, r, now)).fee : r.cancellationFee;
  return cancelBooking(db, siteId, r, { fee, who: { staffId: null, name: "customer" } }, deps, now);
}

/** A guest's cancellation link, expiring at the site's deadline (null when the site does not offer it). */
export function guestCancelLink(
  siteId: string,
  r: Pick<ReservationRecord, "reserveNo" | "linkSecret" | "startAt">,
  settings: CancelSettings,
): BookingLink | null {
  if (!settings.customerCancel) return null;
  return bookingLink("cancel", siteId, r, deadlineOf(r, settings));
}
