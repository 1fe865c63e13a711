import { localDate } from "#common/calendar-date";
import { CALENDAR_MODE } from "#common/codes";
import { MONTH } from "#common/params";
import { storeCalendar } from "#server/availability/calendar";
import { type CalendarMonth, monthOf } from "#server/availability/calendar-month";
import type { Reason } from "#server/availability/reasons";
import { type SearchOutcome, searchCarTypes, typesAtStore } from "#server/availability/search";
import type { SearchQuery } from "#server/availability/search-schema";
import type { Db } from "#server/db/client";
import { type FeeTable, feeTable } from "#server/pricing/fee-table";
import type { CarClassRow, CarOptionRow, CarTypeRow, SiteBundle, StoreRow } from "#server/sites/site-bundle";
import { currentPlans } from "./fee-schedule";
import { optionsFor } from "./options";

export interface CarTypeDetail {
  store: StoreRow;
  carType: CarTypeRow;
  carClass: CarClassRow;
  feeTables: FeeTable[];
  options: CarOptionRow[];
  calendar: CalendarMonth;
  /** The search for the asked period at this store, when a period was asked for. */
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
    storeId: number;
    carTypeId: number;
    query: SearchQuery;
    month: string | null;
    now: Date;
  },
): Promise<CarTypeDetail | null> {
  const { bundle, query, now } = input;
  const store = bundle.stores.find((s) => s.id === input.storeId);
  if (!store) return null;
  const carType = typesAtStore(bundle, store.id).find((t) => t.id === input.carTypeId);
  const carClass = carType && bundle.catalogue.classes.find((c) => c.id === carType.classId);
  if (!carType || !carClass) return null;

  const today = localDate(now, store.timeZone);
  let outcome: SearchOutcome | null = null;
  let blocked: Reason | null = null;
  if (query.sd && !query.date_undecided) {
    outcome = await searchCarTypes(db, siteId, {
      bundle,
      query: {
        ...query,
        si: store.id,
        capacity: undefined,
        fwd: false,
        smoking: undefined,
        mission: undefined,
        empty: 1,
      },
      now,
      // The page shows this type's offer only: the others are neither counted nor priced.
      carTypeId: carType.id,
    });
    const offer = outcome.offers.find((o) => o.carType.id === carType.id);
    if (outcome.period && (!offer || offer.remaining === 0)) blocked = { code: "type_fully_booked" };
  }
  const month = input.month && MONTH.test(input.month) ? input.month : monthOf(outcome?.period?.startDate ?? today);
  const calendar = await storeCalendar(db, siteId, {
    bundle,
    store,
    carTypeId: carType.id,
    month,
    mode: CALENDAR_MODE.departure,
    now,
  });
  return {
    store,
    carType,
    carClass,
    feeTables: currentPlans(bundle, store.id, carType.classId, today).map(feeTable),
    options: optionsFor(bundle.catalogue.options, store.id, carType.classId),
    calendar,
    outcome,
    blocked,
  };
}
