import type { CancelConfirmView } from "#app/components/reservation/cancel-confirmation";
import type { CancelTermsView } from "#app/components/reservation/cancel-panel";
import { ruleLines } from "#app/components/reservation/cancel-rule";
import type { LinkedBookingView } from "#app/components/reservation/linked-booking";
import { formatDateTime } from "#common/format";
import { type Locale, pickLang } from "#common/locales";
import { type CancellationPreview, tokenFields } from "#server/counter/cancellation-preview";
import type { CustomerCancelTerms } from "#server/counter/customer-cancel";
import type { ReservationRecord } from "#server/counter/reservations";
import type { SiteBundle } from "#server/sites/site-bundle";
import { periodView } from "./booking.server";

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

/** The booking a mail's link opened, in the page's language and the store's time. */
export function linkedBookingView(bundle: SiteBundle, r: ReservationRecord, locale: Locale): LinkedBookingView {
  const store = bundle.stores.find((s) => s.id === r.storeId);
  const carType = bundle.catalogue.carTypes.find((c) => c.id === r.carTypeId);
  return {
    reserveNo: r.reserveNo,
    storeName: store ? pickLang(store, "storeName", locale) : "",
    carTypeName: carType ? pickLang(carType, "typeName", locale) : "",
    period: store ? periodView(r.startAt, r.endAt, store.timeZone) : null,
    total: r.totalFee,
  };
}

/**
 * The confirmation step as the customer reads it (issue 37): the fee and the refund of cancelling
 * now, the site's rule, and the token the page sends back. `until` is a guest link's expiry, when it
 * comes before the site's deadline.
 */
export function cancelConfirmView(
  bundle: SiteBundle,
  r: ReservationRecord,
  preview: CancellationPreview,
  until?: Date,
): CancelConfirmView {
  const store = bundle.stores.find((s) => s.id === r.storeId);
  const deadline = preview.onlineDeadline && until && until < preview.onlineDeadline ? until : preview.onlineDeadline;
  return {
    fee: { amount: preview.fee, percent: preview.proposed.percent, daysBefore: preview.proposed.daysBefore },
    refund: preview.refund,
    paidByCard: preview.paidByCard,
    rule: ruleLines(preview.rule.steps),
    deadline: deadline ? formatDateTime(deadline, store?.timeZone) : null,
    token: tokenFields(preview.token),
  };
}
