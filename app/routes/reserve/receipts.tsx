import { LinkedBooking } from "#app/components/reservation/linked-booking";
import { ReceiptLinks } from "#app/components/reservation/receipt-links";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { getSite, services } from "#app/lib/site.server";
import { linkedBookingView } from "#app/presenters/customer-cancel.server";
import { receiptLinksView } from "#app/presenters/receipts.server";
import { localizePath } from "#common/locales";
import { receiptsOf } from "#server/invoices/invoices";
import { findByReceiptsLink } from "#server/invoices/receipt-link";
import { linkFromQuery } from "#server/reservations/booking-links";
import type { Route } from "./+types/receipts";

/**
 * `/reserve/receipts?no=…&exp=…&sig=…`: a guest's booking and the receipts of its payments, from the
 * signed link of the confirmation mail (issue 37). A link whose signature does not hold is not found.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { siteId, bundle, locale } = getSite(context);
  const { db } = services(context);
  const url = new URL(request.url);
  const { reservation: r, link } = await findByReceiptsLink(db, siteId, linkFromQuery(url.searchParams));
  const receipts = await receiptsOf(db, siteId, { reservationId: r.id });
  const timeZone = bundle.stores.find((s) => s.id === r.storeId)?.timeZone ?? "Asia/Tokyo";
  const query = new URLSearchParams({ ...link }).toString();
  return {
    booking: linkedBookingView(bundle, r, locale),
    receipts: receiptLinksView(
      receipts,
      timeZone,
      (entryId) => `${localizePath(locale, `/${siteId}/reserve/receipts/${entryId}`)}?${query}`,
    ),
  };
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "invoice.guestTitle");

export default function GuestReceipts({ loaderData: d }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-3 pt-3 pb-8 outline-none sm:px-4">
      <h1 className="mt-2 text-2xl font-bold" data-testid="page-title">
        {t("invoice.guestTitle")}
      </h1>
      <LinkedBooking booking={d.booking} withTotal />
      <ReceiptLinks receipts={d.receipts} />
    </main>
  );
}
