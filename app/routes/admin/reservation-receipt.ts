import { requireStaffAccess } from "#app/lib/admin.server";
import { invoicePdfResponse, receiptNotFound } from "#app/presenters/invoice.server";
import { parseId } from "#common/params";
import { findReservation } from "#server/counter/reservations";
import { AppError } from "#server/errors";
import { invoiceFor } from "#server/invoices/invoices";
import type { Route } from "./+types/reservation-receipt";

/**
 * `/reservations/:reserveNo/receipts/:entryId`: one payment's receipt or qualified invoice as a PDF
 * (issue 37). Any staff member who may see the booking may download it (read-only staff included);
 * store staff only for their stores' bookings. Anything else is a plain 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const entryId = parseId(params.entryId);
  if (entryId === null) return receiptNotFound();
  try {
    const reservation = await findReservation(db, siteId, actor, params.reserveNo);
    const invoice = await invoiceFor(db, siteId, { reservation, entryId });
    return await invoicePdfResponse(invoice, bundle.settings.siteTitle);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return receiptNotFound();
    throw error;
  }
}
