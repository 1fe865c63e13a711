import { formatAddress, mapSearchUrl } from "#common/format";
import { type Locale, pickLang } from "#common/locales";
import { typesAtStore } from "#server/availability/search";
import type { SiteBundle, StoreRow } from "#server/sites/site-bundle";

/** A store as the visitor sees it, in one language. */
export interface StoreView {
  id: number;
  name: string;
  /** The address in the page language's order (postcode included). */
  address: string;
  /** A map search for the Japanese address, which maps resolve best. */
  mapUrl: string;
  timeZone: string;
  tel: string;
  email: string | null;
  open24h: boolean;
  businessStartTime: string;
  businessEndTime: string;
  regularHolidayWeek: number[];
  regularHolidayDates: number[];
  access: string;
  remarks: string;
}

export function storeView(store: StoreRow, locale: Locale): StoreView {
  const address = formatAddress(locale, {
    zip: store.zip,
    region: pickLang(store, "addressA", locale),
    street: pickLang(store, "addressB", locale),
  });
  return {
    id: store.id,
    name: pickLang(store, "storeName", locale),
    address,
    mapUrl: mapSearchUrl(`${store.addressA}${store.addressB}`),
    timeZone: store.timeZone,
    tel: store.tel,
    email: store.email,
    open24h: store.isOpen24h,
    businessStartTime: store.businessStartTime,
    businessEndTime: store.businessEndTime,
    regularHolidayWeek: [...store.regularHolidayWeek].sort(),
    regularHolidayDates: [...store.regularHolidayDates].sort((a, b) => a - b),
    access: pickLang(store, "access", locale),
    remarks: pickLang(store, "remarks", locale),
  };
}

/** A store's specific closing dates from `today` on (its store holidays), in order. */
export function upcomingHolidays(bundle: SiteBundle, storeId: number, today: string): string[] {
  return [...(bundle.catalogue.holidays.get(storeId) ?? [])].filter((d) => d >= today).sort();
}

/** What the store page lists besides the address (store page and the JSON API's `stores/{id}`). */
export function storeFacts(bundle: SiteBundle, store: StoreRow, locale: Locale, today: string) {
  const classIds = new Set(typesAtStore(bundle, store.id).map((t) => t.classId));
  return {
    classes: bundle.catalogue.classes
      .filter((c) => classIds.has(c.id))
      .map((c) => ({ id: c.id, name: pickLang(c, "className", locale) })),
    holidays: upcomingHolidays(bundle, store.id, today),
    reserveMaxDate: store.reserveMaxDate,
  };
}
