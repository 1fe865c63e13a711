import { localDate, localTime } from "#common/calendar-date";
import { formatAddress } from "#common/format";
import { pickLang } from "#common/locales";
import { typesAtStore } from "#server/availability/search";
import { rentalStage } from "#server/counter/stage";
import type { ApiReservation } from "#server/reservations/api-reservations";
import { PAY_METHOD } from "#server/reservations/booking";
import type { Quote } from "#server/reservations/quote";
import type { CarTypeRow, SiteBundle, StoreRow } from "#server/sites/site-bundle";

/** The API's words for the booking's pieces: English names with the Japanese beside. */

export function storeOut(store: StoreRow) {
  return {
    id: store.id,
    name: pickLang(store, "storeName", "en"),
    name_ja: store.storeName,
    address: formatAddress("en", {
      zip: store.zip,
      region: pickLang(store, "addressA", "en"),
      street: pickLang(store, "addressB", "en"),
    }),
    tel: store.tel,
    time_zone: store.timeZone,
    open_24h: store.isOpen24h,
    opens_at: store.businessStartTime,
    closes_at: store.businessEndTime,
    latest_bookable_date: store.reserveMaxDate,
  };
}

export function carTypeOut(bundle: SiteBundle, t: CarTypeRow) {
  const cls = bundle.catalogue.classes.find((c) => c.id === t.classId);
  return {
    id: t.id,
    name: pickLang(t, "typeName", "en"),
    name_ja: t.typeName,
    class_id: t.classId,
    class_name: cls ? pickLang(cls, "className", "en") : "",
    models: pickLang(t, "modelNames", "en"),
    capacity: t.capacity,
    transmission: t.transmission === 2 ? ("manual" as const) : ("automatic" as const),
    smoking: t.smoking === 2,
    four_wheel_drive: t.isFourWd,
    navigation: t.hasNavigation,
    etc: t.hasEtc,
    store_ids: bundle.stores.filter((s) => typesAtStore(bundle, s.id).some((x) => x.id === t.id)).map((s) => s.id),
  };
}

export function periodOut(start: Date, end: Date, timeZone: string) {
  return {
    pickup_at: start.toISOString(),
    return_at: end.toISOString(),
    pickup_date: localDate(start, timeZone),
    pickup_time: localTime(start, timeZone),
    return_date: localDate(end, timeZone),
    return_time: localTime(end, timeZone),
  };
}

export const priceOut = (f: { rentCarFee: number; optionFee: number; immunityFee: number; total: number }) => ({
  rental: f.rentCarFee,
  options: f.optionFee,
  damage_waiver: f.immunityFee,
  total: f.total,
  currency: "JPY" as const,
});

/** A quote whose period and price exist (the caller refused the others). */
export function quoteOut(bundle: SiteBundle, quote: Quote) {
  const period = quote.period!;
  const fees = quote.fees!;
  return {
    store_id: quote.store.id,
    car_type: carTypeOut(bundle, quote.carType),
    period: periodOut(period.start, period.end, quote.store.timeZone),
    bookable: !quote.blocked,
    available: quote.remaining,
    not_bookable_reason: quote.blocked?.code ?? null,
    options: quote.options.map((o) => ({
      option_id: o.option.id,
      name: pickLang(o.option, "optionName", "en"),
      quantity: o.quantity,
      max_quantity: o.option.maxQuantity,
      price: o.fee,
    })),
    damage_waiver: {
      offered: quote.immunityPerDay !== null,
      chosen: quote.withImmunity,
      price_per_day: quote.immunityPerDay,
    },
    rental_days: quote.rentalDays,
    price: priceOut(fees),
  };
}

const METHOD_NAMES: Record<number, "pay_at_store_cash" | "pay_at_store_card" | "card_link" | "other"> = {
  [PAY_METHOD.cash]: "pay_at_store_cash",
  [PAY_METHOD.cardAtStore]: "pay_at_store_card",
  [PAY_METHOD.advanceCard]: "card_link",
  [PAY_METHOD.other]: "other",
};

export const PAY_METHOD_OF = {
  pay_at_store_cash: PAY_METHOD.cash,
  pay_at_store_card: PAY_METHOD.cardAtStore,
  card_link: PAY_METHOD.advanceCard,
} as const;

export function reservationOut(bundle: SiteBundle, r: ApiReservation) {
  const store = bundle.stores.find((s) => s.id === r.storeId);
  const timeZone = store?.timeZone ?? "Asia/Tokyo";
  const carType = bundle.catalogue.carTypes.find((t) => t.id === r.carTypeId);
  const payment = r.paymentStatus === "failed" ? "pending" : (r.paymentStatus ?? "none");
  return {
    reservation_number: r.reserveNo,
    status: r.status === "cancelled" ? ("cancelled" as const) : ("confirmed" as const),
    stage: rentalStage(r),
    channel: r.channel,
    revision: r.revision,
    store_id: r.storeId,
    car_type_id: r.carTypeId,
    car_type_name: carType ? pickLang(carType, "typeName", "en") : "",
    period: periodOut(r.startAt, r.endAt, timeZone),
    options: r.options.map((o) => ({
      option_id: o.optionId,
      name: o.name.en || o.name.ja,
      quantity: o.quantity,
      price: o.fee,
    })),
    damage_waiver: r.immunityFee > 0,
    price: priceOut({
      rentCarFee: r.rentalFee,
      optionFee: r.optionFee,
      immunityFee: r.immunityFee,
      total: r.totalFee,
    }),
    payment: { method: METHOD_NAMES[r.payMethod] ?? "other", status: payment },
    customer: { name: r.borrower?.name ?? "", email: r.borrower?.email ?? "", tel: r.borrower?.tel ?? "" },
    cancellation:
      r.status === "cancelled" && r.cancelledAt
        ? { fee: r.cancellationFee, cancelled_at: r.cancelledAt.toISOString() }
        : null,
    created_at: r.createdAt.toISOString(),
  };
}
