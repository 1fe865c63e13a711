import { dateRuns, localDate } from "#common/calendar-date";
import { type FeeTable, feeTable, type PricedPlan } from "#server/pricing/fee-table";
import { selectFeePlan } from "#server/pricing/plan-selection";
import type { CarClassRow, CarOptionRow, SiteBundle, StoreRow } from "#server/sites/site-bundle";
import { optionsFor } from "./options";

export interface ClassFees {
  carClass: CarClassRow;
  tables: FeeTable[];
  immunityPerDay: number | null;
  immunityDefault: boolean;
}

export interface FeeSchedule {
  store: StoreRow | null;
  classes: ClassFees[];
  options: CarOptionRow[];
  highSeasonWeekdays: number[];
  /** Upcoming high-season dates as runs of consecutive days. */
  highSeasonRuns: [string, string][];
}

/** Today's regular and high-season plan of each class at a store (its first store by default). */
export function feeSchedule(bundle: SiteBundle, storeId: number | null, now: Date): FeeSchedule {
  const { catalogue } = bundle;
  const store = bundle.stores.find((s) => s.id === storeId) ?? bundle.stores[0] ?? null;
  if (!store) return { store, classes: [], options: [], highSeasonWeekdays: [], highSeasonRuns: [] };
  const today = localDate(now, store.timeZone);
  const immunity = new Map(catalogue.immunityFees.map((f) => [f.classId, f]));
  const classes = catalogue.classes
    .map((carClass) => {
      const fee = immunity.get(carClass.id);
      return {
        carClass,
        tables: currentPlans(bundle, store.id, carClass.id, today).map(feeTable),
        immunityPerDay: fee?.pricePerDay ?? null,
        immunityDefault: fee?.isDefault ?? false,
      };
    })
    .filter((c) => c.tables.length > 0);
  return {
    store,
    classes,
    options: optionsFor(catalogue.options, store.id),
    highSeasonWeekdays: [...store.highSeasonWeek].sort(),
    highSeasonRuns: dateRuns(store.highSeasonDates.filter((d) => d >= today)),
  };
}

/**
 * The regular plan and, when there is one, the high-season plan in force on a date: the plans the
 * quote would use, and only those it can price (an incomplete plan prices nothing).
 */
export function currentPlans(bundle: SiteBundle, storeId: number, classId: number, date: string): PricedPlan[] {
  return [false, true]
    .map((high) => selectFeePlan(bundle.catalogue.feePlans, storeId, classId, date, high))
    .filter((p, i, all): p is PricedPlan => p !== null && p.tiers !== null && all.indexOf(p) === i);
}
