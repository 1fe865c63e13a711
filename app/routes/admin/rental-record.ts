import { adminLocaleOf, requireStaffAccess } from "#app/lib/admin.server";
import { receiptNotFound } from "#app/presenters/invoice.server";
import { pdfResponse, recordDocument } from "#app/presenters/paperwork.server";
import { localDate } from "#common/calendar-date";
import { parseId } from "#common/params";
import { AppError } from "#server/errors";
import { rentalRecordFor } from "#server/paperwork/paperwork";
import { renderRecordPdf } from "#server/paperwork/record-pdf";
import { seesStore } from "#server/staff/permissions";
import type { Route } from "./+types/rental-record";

/**
 * `/rental-record.pdf?store=&period=`: a store's rental record (貸渡簿) for a day (`2026-12-01`) or
 * a month (`2026-12`), today by default (issue 41). Store staff only for their stores; a store they
 * may not see, or none, is a plain 404, and a period that is neither a day nor a month a 400.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request, "view");
  const locale = adminLocaleOf(context) ?? "ja";
  const query = new URL(request.url).searchParams;
  const storeId = parseId(query.get("store")) ?? bundle.stores.find((s) => seesStore(actor, s.id))?.id;
  const store = bundle.stores.find((s) => s.id === storeId);
  if (!store) return receiptNotFound();
  const period = query.get("period") || localDate(new Date(), store.timeZone);
  try {
    const record = await rentalRecordFor(db, siteId, actor, { storeId: store.id, period, lang: locale });
    const bytes = await renderRecordPdf(recordDocument(record, locale, bundle.settings.siteTitle, new Date()));
    return pdfResponse(bytes, `rental-record-${store.id}-${period}.pdf`);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return receiptNotFound();
    throw error;
  }
}
