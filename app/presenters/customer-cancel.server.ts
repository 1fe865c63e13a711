import { formatDateTime } from "../../common/format";
import type { CustomerCancelTerms } from "../../server/counter/customer-cancel";
import type { ReservationRecord } from "../../server/counter/reservations";
import type { SiteBundle } from "../../server/sites/site-bundle";
import type { CancelTermsView } from "../components/reservation/cancel-panel";

/** The terms of cancelling online as the customer reads them, in the store's time. */
export function cancelTermsView(bundle: SiteBundle, r: ReservationRecord, terms: CustomerCancelTerms): CancelTermsView {
  const store = bundle.stores.find((s) => s.id === r.storeId);
  return {
    state: terms.state,
    deadline: formatDateTime(terms.deadline, store?.timeZone),
    fee: terms.fee ? { amount: terms.fee.fee, percent: terms.fee.percent, daysBefore: terms.fee.daysBefore } : null,
    refund: terms.refund,
    paidByCard: r.paymentStatus === "paid",
    storeTel: store?.tel ?? "",
  };
}
