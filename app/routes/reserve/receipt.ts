import { getSite, services } from "#app/lib/site.server";
import { invoicePdfResponse, receiptNotFound } from "#app/presenters/invoice.server";
import { parseId } from "#common/params";
import { AppError } from "#server/errors";
import { invoiceFor } from "#server/invoices/invoices";
import { findByReceiptsLink } from "#server/invoices/receipt-link";
import { linkFromQuery } from "#server/reservations/booking-links";
import type { Route } from "./+types/receipt";

/**
 * `/reserve/receipts/:entryId?no=…&exp=…&sig=…`: a guest's receipt as a PDF, through the signed link
 * of the confirmation mail (issue 37). A forged or other site's link is a plain 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { siteId, bundle } = getSite(context);
  const { db } = services(context);
  const entryId = parseId(params.entryId);
  if (entryId === null) return receiptNotFound();
  try {
    const { reservation } = await findByReceiptsLink(db, siteId, linkFromQuery(new URL(request.url).searchParams));
    const invoice = await invoiceFor(db, siteId, { reservation, entryId });
    return await invoicePdfResponse(invoice, bundle.settings.siteTitle);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return receiptNotFound();
    throw error;
  }
}
