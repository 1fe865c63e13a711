import { adminLocaleOf, requireStaffAccess } from "#app/lib/admin.server";
import { receiptNotFound } from "#app/presenters/invoice.server";
import { certificateDocument, pdfResponse } from "#app/presenters/paperwork.server";
import { AppError } from "#server/errors";
import { renderCertificatePdf } from "#server/paperwork/certificate-pdf";
import { paperworkFor } from "#server/paperwork/paperwork";
import type { Route } from "./+types/reservation-certificate";

/**
 * `/reservations/:reserveNo/certificate.pdf`: the rental certificate (貸渡証) the driver carries
 * (issue 41). Any staff member who may see the booking may print it; store staff only for their
 * stores' bookings. An unknown, cancelled or hidden booking is a plain 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request, "view");
  const locale = adminLocaleOf(context) ?? "ja";
  try {
    const paperwork = await paperworkFor(db, siteId, actor, { reserveNo: params.reserveNo, lang: locale });
    const bytes = await renderCertificatePdf(
      certificateDocument(paperwork, locale, bundle.settings.siteTitle, new Date()),
    );
    return pdfResponse(bytes, `certificate-${paperwork.reserveNo}.pdf`);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return receiptNotFound();
    throw error;
  }
}
