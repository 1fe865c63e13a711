import { type Locale, pickLang } from "../../app/i18n/locales";
import { selectFeePlan } from "../pricing/plan-selection";
import type { SiteBundle, StoreRow } from "../sites/site-bundle";
import { dateRuns, localDate } from "../time/calendar-date";
import { type FeeTableView, feeTableView, type OptionView, optionView } from "./views";

export interface FeePageClass {
  id: number;
  name: string;
  tables: FeeTableView[];
  immunityPerDay: number | null;
  immunityDefault: boolean;
}

export interface FeePage {
  stores: { id: number; name: string }[];
  storeId: number | null;
  classes: FeePageClass[];
  options: OptionView[];
  highSeasonWeekdays: number[];
  /** Upcoming high-season dates as runs of consecutive days. */
  highSeasonRuns: [string, string][];
}

/** Price tables per class for one store (spec §2 /fee): today's regular and high-season plans. */
export function feePage(bundle: SiteBundle, locale: Locale, storeId: number | undefined, now: Date): FeePage {
  const { catalogue } = bundle;
  const store: StoreRow | undefined = bundle.stores.find((s) => s.id === storeId) ?? bundle.stores[0];
  const stores = bundle.stores.map((s) => ({ id: s.id, name: pickLang(s, "storeName", locale) }));
  if (!store) return { stores, storeId: null, classes: [], options: [], highSeasonWeekdays: [], highSeasonRuns: [] };
  const today = localDate(now, store.timeZone);
  const immunity = new Map(catalogue.immunityFees.map((f) => [f.classId, f]));
  const classes = catalogue.classes
    .map((c) => {
      const plans = [false, true]
        .map((high) => selectFeePlan(catalogue.feePlans, store.id, c.id, today, high))
        .filter((p, i, all): p is NonNullable<typeof p> => Boolean(p) && all.indexOf(p) === i);
      const fee = immunity.get(c.id);
      return {
        id: c.id,
        name: pickLang(c, "className", locale),
        tables: plans.map(feeTableView),
        immunityPerDay: fee?.pricePerDay ?? null,
        immunityDefault: fee?.isDefault ?? false,
      };
    })
    .filter((c) => c.tables.length > 0);
  const options = catalogue.options
    .filter((o) => o.storeIds.length === 0 || o.storeIds.includes(store.id))
    .map((o) => optionView(o, locale));
  return {
    stores,
    storeId: store.id,
    classes,
    options,
    highSeasonWeekdays: [...store.highSeasonWeek].sort(),
    highSeasonRuns: dateRuns(store.highSeasonDates.filter((d) => d >= today)),
  };
}
