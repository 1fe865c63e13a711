import { type Locale, pickLang } from "../../common/locales";
import type { StoreRow } from "../../server/sites/site-bundle";

/** A store as the visitor sees it, in one language. */
export interface StoreView {
  id: number;
  name: string;
  zip: string;
  address: string;
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
  const address = [pickLang(store, "addressA", locale), pickLang(store, "addressB", locale)].filter(Boolean).join(" ");
  return {
    id: store.id,
    name: pickLang(store, "storeName", locale),
    zip: store.zip,
    address,
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
