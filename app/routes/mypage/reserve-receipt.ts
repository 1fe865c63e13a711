import { requireUser } from "#app/lib/guards.server";
import { getSite, services } from "#app/lib/site.server";
import { invoicePdfResponse, receiptNotFound } from "#app/presenters/invoice.server";
import { parseId } from "#common/params";
import { AppError } from "#server/errors";
import { invoiceFor } from "#server/invoices/invoices";
import { getMemberReservation } from "#server/mypage/reservations";
import type { Route } from "./+types/reserve-receipt";

/**
 * `/mypage/reserves/:reserveId/receipts/:entryId`: a receipt of one of the signed-in member's own
 * bookings, as a PDF (issue 37). Another member's booking, another site's, or an entry that is not
 * a succeeded payment of this booking: the same plain 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const member = await requireUser(context, request);
  const { siteId, bundle } = getSite(context);
  const { db } = services(context);
  const reservationId = parseId(params.reserveId);
  const entryId = parseId(params.entryId);
  if (reservationId === null || entryId === null) return receiptNotFound();
  const row = await getMemberReservation(db, siteId, member.id, reservationId);
  if (!row) return receiptNotFound();
  try {
    const invoice = await invoiceFor(db, siteId, { reservation: row.reservation, entryId });
    return await invoicePdfResponse(invoice, bundle.settings.siteTitle);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return receiptNotFound();
    throw error;
  }
}
