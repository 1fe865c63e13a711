import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { cancelTermsView } from "#app/presenters/customer-cancel.server";
import { reservationView } from "#app/presenters/reservation.server";
import type { Locale } from "#common/locales";
import { customerCancelTerms } from "#server/counter/customer-cancel";
import { notFoundError } from "#server/errors";
import { getMemberReservation, type MemberReservation } from "#server/mypage/reservations";
import type { SiteBundle } from "#server/sites/site-bundle";

export const label = (locale: Locale, key: string, params?: Record<string, string | number>) =>
  translate(CATALOGUES[locale], key as MessageKey, params);

export function reservationOut(row: MemberReservation, locale: Locale, now: Date) {
  const v = reservationView(row, locale, now);
  const r = row.reservation;
  const payLabel = label(locale, `reserves.pay.${v.payMethod}`);
  return {
    id: v.id,
    reserve_no: v.reserveNo,
    status: v.status,
    status_label: label(locale, `reserves.status.${v.status}`),
    store: { id: r.storeId, name: v.storeName },
    return_store: { id: r.returnStoreId ?? r.storeId, name: v.returnStoreName },
    car_class: v.className,
    car_type: { id: r.carTypeId, name: v.carTypeName },
    start_at: r.startAt.toISOString(),
    end_at: r.endAt.toISOString(),
    departure: v.departure,
    return: v.return,
    time_zone: row.store.timeZone,
    rental_fee: v.rentalFee,
    option_fee: v.optionFee,
    immunity_fee: v.immunityFee,
    total_fee: v.totalFee,
    pay_method: v.payMethod,
    pay_method_label:
      v.payMethod === 4 && v.payMethodOther
        ? label(locale, "reserves.payOther", { label: payLabel, text: v.payMethodOther })
        : payLabel,
  };
}

export async function reservationDetailOut(
  req: { db: Parameters<typeof customerCancelTerms>[0]; siteId: string; bundle: SiteBundle; locale: Locale; now: Date },
  row: MemberReservation,
) {
  const { db, siteId, bundle, locale, now } = req;
  const v = reservationView(row, locale, now);
  const terms = await customerCancelTerms(db, siteId, row.reservation, bundle.settings, now);
  const shown = cancelTermsView(bundle, row.reservation, terms);
  return {
    ...reservationOut(row, locale, now),
    store_tel: v.storeTel,
    options: v.options,
    destination: v.destination,
    purpose: v.purpose,
    passengers: v.passengers,
    remarks: v.remarks,
    renter: v.renter,
    driver: v.driver,
    cancellation: {
      state: shown.state,
      deadline: terms.deadline.toISOString(),
      deadline_display: shown.deadline,
      fee: shown.fee
        ? { amount: shown.fee.amount, percent: shown.fee.percent, days_before: shown.fee.daysBefore }
        : null,
      refund: shown.refund,
      paid_by_card: shown.paidByCard,
      store_tel: shown.storeTel,
    },
  };
}

/** One of the member's reservations, or 404 (another member's, another site's, none). */
export async function memberReservationOr404(
  db: Parameters<typeof getMemberReservation>[0],
  siteId: string,
  memberId: number,
  id: number,
) {
  const row = await getMemberReservation(db, siteId, memberId, id);
  if (!row) throw notFoundError();
  return row;
}
