import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { reservations } from "#server/db/schema";
import { notFoundError } from "#server/errors";

/**
 * Links in a booking's mails that act without a login (decision 032): a guest cancelling, a phone
 * customer paying by card, a guest downloading receipts (issue 37). `sig` is HMAC-SHA256 over the purpose, the site, the reservation number
 * and the expiry, keyed with the booking's own random `link_secret`, which never leaves the server.
 */

export type LinkPurpose = "cancel" | "pay" | "receipts";

export interface BookingLink {
  no: string;
  /** Seconds since the epoch after which the link no longer acts. */
  exp: string;
  sig: string;
}

type Signable = { reserveNo: string; linkSecret: string };
type Reservation = typeof reservations.$inferSelect;

const sign = (purpose: LinkPurpose, siteId: string, r: Signable, exp: string) =>
  createHmac("sha256", r.linkSecret).update(`${purpose}\n${siteId}\n${r.reserveNo}\n${exp}`).digest("base64url");

export function bookingLink(purpose: LinkPurpose, siteId: string, r: Signable, expiresAt: Date): BookingLink {
  const exp = String(Math.floor(expiresAt.getTime() / 1000));
  return { no: r.reserveNo, exp, sig: sign(purpose, siteId, r, exp) };
}

export const linkExpiry = (link: BookingLink) => new Date(Number(link.exp) * 1000);

/** A link's query string parts as a URL carries them. */
export const linkFromQuery = (params: URLSearchParams): Partial<BookingLink> => ({
  no: params.get("no") ?? undefined,
  exp: params.get("exp") ?? undefined,
  sig: params.get("sig") ?? undefined,
});

/**
 * The booking a link names, when its signature holds for this purpose; anything else (a wrong
 * signature, an unknown number, another site's booking, a held or lapsed one) is not found.
 */
export async function findByLink(
  db: Db,
  siteId: string,
  purpose: LinkPurpose,
  link: Partial<BookingLink>,
): Promise<{ reservation: Reservation; link: BookingLink }> {
  const { no, exp, sig } = link;
  if (!no || !exp || !sig || !/^\d{1,12}$/.test(exp) || no.length > 40 || sig.length > 100) throw notFoundError();
  const [r] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.reserveNo, no)));
  if (!r || r.status === "held" || r.status === "expired") throw notFoundError();
  const expected = Buffer.from(sign(purpose, siteId, r, exp));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFoundError();
  return { reservation: r, link: { no, exp, sig } };
}
