import { adminLocaleOf, requireStaffAccess } from "#app/lib/admin.server";
import { receiptNotFound } from "#app/presenters/invoice.server";
import { checkSheetDocument, pdfResponse } from "#app/presenters/paperwork.server";
import { AppError } from "#server/errors";
import { renderCheckSheetPdf } from "#server/paperwork/certificate-pdf";
import { paperworkFor } from "#server/paperwork/paperwork";
import type { Route } from "./+types/reservation-check-sheet";

/**
 * `/reservations/:reserveNo/check-sheet.pdf`: the check sheet to fill in at the car, with what the
 * counter recorded already (issue 41). Any staff member who may see the booking may print it; store
 * staff only for their stores' bookings. An unknown, cancelled or hidden booking is a plain 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request, "view");
  const locale = adminLocaleOf(context) ?? "ja";
  try {
    const paperwork = await paperworkFor(db, siteId, actor, { reserveNo: params.reserveNo, lang: locale });
    const bytes = await renderCheckSheetPdf(
      checkSheetDocument(paperwork, locale, bundle.settings.siteTitle, new Date()),
    );
    return pdfResponse(bytes, `check-sheet-${paperwork.reserveNo}.pdf`);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return receiptNotFound();
    throw error;
  }
}
