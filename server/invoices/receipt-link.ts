import type { Db } from "#server/db/client";
import { notFoundError } from "#server/errors";
import { type BookingLink, bookingLink, findByLink, linkExpiry } from "#server/reservations/booking-links";

/**
 * A guest's receipts (issue 37): the confirmation mail carries a link signed for the purpose
 * "receipts" (decision 032's HMAC with the booking's own secret), valid for seven years after the
 * return, as long as books are kept. A forged, altered, expired or other site's link is not found.
 */
const KEPT_MS = 7 * 366 * 24 * 3_600_000;

export function receiptsLinkFor(
  siteId: string,
  r: { reserveNo: string; linkSecret: string; endAt: Date },
): BookingLink {
  return bookingLink("receipts", siteId, r, new Date(r.endAt.getTime() + KEPT_MS));
}

export async function findByReceiptsLink(db: Db, siteId: string, link: Partial<BookingLink>, now = new Date()) {
  const found = await findByLink(db, siteId, "receipts", link);
  if (now > linkExpiry(found.link)) throw notFoundError();
  return found;
}
