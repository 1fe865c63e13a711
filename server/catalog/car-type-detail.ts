import type { Locale } from "../../app/i18n/locales";
import { storeCalendar } from "../availability/calendar";
import { CALENDAR_MODE, type CalendarMonth, MONTH, monthOf } from "../availability/calendar-month";
import type { Reason } from "../availability/reasons";
import { type SearchOutcome, searchCarTypes, typesAtStore } from "../availability/search";
import type { SearchQuery } from "../availability/search-schema";
import type { Db } from "../db/client";
import { selectFeePlan } from "../pricing/plan-selection";
import type { SiteBundle, StoreRow } from "../sites/site-bundle";
import { localDate } from "../time/calendar-date";
import {
  type CarTypeView,
  carTypeView,
  type FeeTableView,
  feeTableView,
  type OptionView,
  optionsFor,
  optionView,
} from "./views";

export interface CarTypeDetail {
  store: StoreRow;
  carType: CarTypeView;
  feeTables: FeeTableView[];
  options: OptionView[];
  calendar: CalendarMonth;
  outcome: SearchOutcome | null;
  /** Why this type cannot be reserved for the chosen period, if it cannot. */
  blocked: Reason | null;
}

/**
 * A car type at a store (spec §2 `/reserve/stores/{storeId}/cars/{id}`): null when the store or
 * type is unknown, belongs to another site, or is not rented at that store.
 */
export async function carTypeDetail(
  db: Db,
  siteId: string,
  input: {
    bundle: SiteBundle;
    locale: Locale;
    storeId: number;
    carTypeId: number;
    query: SearchQuery;
    hasPeriod: boolean;
    month: string | null;
    now: Date;
  },
): Promise<CarTypeDetail | null> {
  const { bundle, locale, now } = input;
  const store = bundle.stores.find((s) => s.id === input.storeId);
  if (!store) return null;
  const type = typesAtStore(bundle, store.id).find((t) => t.id === input.carTypeId);
  const carClass = type && bundle.catalogue.classes.find((c) => c.id === type.classId);
  if (!type || !carClass) return null;

  const today = localDate(now, store.timeZone);
  const plans = [false, true]
    .map((high) => selectFeePlan(bundle.catalogue.feePlans, store.id, type.classId, today, high))
    .filter((p, i, all) => p && all.indexOf(p) === i);

  let outcome: SearchOutcome | null = null;
  let blocked: Reason | null = null;
  if (input.hasPeriod) {
    outcome = await searchCarTypes(db, siteId, {
      bundle,
      query: {
        ...input.query,
        si: store.id,
        date_undecided: false,
        capacity: undefined,
        fwd: false,
        smoking: undefined,
        mission: undefined,
        empty: 1,
      },
      storeParamGiven: true,
      now,
    });
    const offer = outcome.offers.find((o) => o.carType.id === type.id);
    if (outcome.period && (!offer || offer.remaining === 0)) blocked = { code: "type_fully_booked" };
  }
  const month = input.month && MONTH.test(input.month) ? input.month : monthOf(outcome?.period?.startDate ?? today);
  const calendar = await storeCalendar(db, siteId, {
    bundle,
    store,
    carTypeId: type.id,
    month,
    mode: CALENDAR_MODE.departure,
    now,
  });
  return {
    store,
    carType: carTypeView(type, carClass, locale),
    feeTables: plans.map((p) => feeTableView(p as NonNullable<typeof p>)),
    options: optionsFor(bundle.catalogue.options, store.id, type.classId).map((o) => optionView(o, locale)),
    calendar,
    outcome,
    blocked,
  };
}
