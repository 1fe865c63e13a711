import { onlineDeadline } from "#server/counter/cancellation-preview";
import { guestCancelLink } from "#server/counter/customer-cancel";
import { type BookingLink, linkExpiry } from "#server/reservations/booking-links";
import type { SiteBundle } from "#server/sites/site-bundle";

/**
 * How a customer cancels a new booking (issue 37, item 7), one answer for the confirmation mail and
 * the completion page: while the site lets customers cancel online, a guest through the booking's
 * signed link and a member on My Page, each until the deadline; `null` (call the store) when the site
 * does not, or when the deadline had already passed as the booking was made.
 */
export type CancelWay =
  | { kind: "guest"; link: BookingLink; deadline: Date }
  | { kind: "member"; deadline: Date }
  | null;

export function cancelWay(
  bundle: SiteBundle,
  r: { reserveNo: string; linkSecret: string; startAt: Date; createdAt: Date; memberId: number | null },
): CancelWay {
  const settings = bundle.settings;
  if (r.memberId === null) {
    const link = guestCancelLink(bundle.client.siteId, r, settings);
    return link && linkExpiry(link) > r.createdAt ? { kind: "guest", link, deadline: linkExpiry(link) } : null;
  }
  const deadline = onlineDeadline(r, {
    customerCancel: settings.customerCancel,
    deadlineHours: settings.customerCancelDeadlineHours,
  });
  return deadline && deadline > r.createdAt ? { kind: "member", deadline } : null;
}
