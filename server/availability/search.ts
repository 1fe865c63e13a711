import { localDate } from "#common/calendar-date";
import { isHighSeason } from "#common/store-rules";
import type { Db } from "#server/db/client";
import { selectFeePlan } from "#server/pricing/plan-selection";
import { type PriceBreakdown, priceRental } from "#server/pricing/price";
import type { CarClassRow, CarTypeRow, FeePlanRow, SiteBundle, StoreRow } from "#server/sites/site-bundle";
import { siteTimeZone, vehicleKey } from "#server/sites/site-bundle";
import { groupByType, peakOverlap } from "./occupancy";
import { checkPeriod, type PeriodValues, periodValues, type ResolvedPeriod } from "./period";
import { loadHolds } from "./queries";
import type { FieldErrors, Reason } from "./reasons";
import type { SearchQuery, SortOrder } from "./search-schema";
import { type VacancyMark, vacancyMark } from "./vacancy";

/** 1: fully booked types are listed with ×; 2: they are left out (spec §9 default). */
export const EMPTY_CAR_SHOW = 1;

export interface CarTypeOffer {
  carType: CarTypeRow;
  carClass: CarClassRow;
  vehicles: number;
  /** Cars left for the period, and its ○/△/× mark; null when no period was given. */
  remaining: number | null;
  mark: VacancyMark | null;
  plan: FeePlanRow | null;
  price: PriceBreakdown | null;
  /** The plan in force is invalid: this type has no price, the others are unaffected. */
  priceUnavailable: boolean;
  /** The period's plan is the high-season variant. */
  highSeason: boolean;
  immunityPerDay: number | null;
  withImmunity: boolean;
}

export interface SearchOutcome {
  values: PeriodValues;
  store: StoreRow | null;
  errors: FieldErrors;
  /** A message for the whole result (no match, nothing free, reservations suspended). */
  notice: Reason | null;
  period: ResolvedPeriod | null;
  undecided: boolean;
  offers: CarTypeOffer[];
  hiddenFullyBooked: number;
  showEmpty: boolean;
  sort: SortOrder;
}

/** Types a store can rent: vehicles in service there and a fee plan for their class. */
export function typesAtStore(bundle: SiteBundle, storeId: number): CarTypeRow[] {
  const { catalogue } = bundle;
  return catalogue.carTypes.filter(
    (t) =>
      (catalogue.vehicleCounts.get(vehicleKey(storeId, t.id)) ?? 0) > 0 &&
      catalogue.feePlans.some((p) => p.storeId === storeId && p.classId === t.classId),
  );
}

export function matchesFilters(t: CarTypeRow, q: SearchQuery): boolean {
  if (q.capacity && t.capacity < q.capacity) return false;
  if (q.fwd && !t.isFourWd) return false;
  if (q.smoking && t.smoking !== q.smoking) return false;
  if (q.mission && t.transmission !== q.mission) return false;
  return true;
}

const FILTERS: (keyof Pick<SearchQuery, "capacity" | "fwd" | "smoking" | "mission">)[] = [
  "capacity",
  "fwd",
  "smoking",
  "mission",
];

/**
 * Why no type matched: one condition that no type at the store meets at all is "condition
 * unavailable" (spec §8); conditions each met by some type but never together are "no cars match".
 */
function noMatchReason(candidates: CarTypeRow[], q: SearchQuery): Reason {
  if (!candidates.length) return { code: "no_cars_in_period" };
  const alone = (f: (typeof FILTERS)[number]) => ({
    ...q,
    capacity: undefined,
    fwd: false,
    smoking: undefined,
    mission: undefined,
    [f]: q[f],
  });
  const impossible = FILTERS.some((f) => q[f] && !candidates.some((t) => matchesFilters(t, alone(f))));
  return { code: impossible ? "condition_unavailable" : "no_cars_match" };
}

function sortOffers(offers: CarTypeOffer[], sort: SortOrder): CarTypeOffer[] {
  if (sort === "recommend") return offers;
  const dir = sort === "price_asc" ? 1 : -1;
  return [...offers].sort((a, b) => {
    if (!a.price || !b.price) return a.price ? -1 : b.price ? 1 : 0;
    return dir * (a.price.total - b.price.total) || a.carType.displayOrder - b.carType.displayOrder;
  });
}

/**
 * Which car types a store can rent for a period and what each costs (rent, immunity when it
 * is on by default, total). The same functions run again when a booking is submitted.
 */
export async function searchCarTypes(
  db: Db,
  siteId: string,
  input: {
    bundle: SiteBundle;
    query: SearchQuery;
    now: Date;
    /** One car type only (a quote): the others are neither counted nor priced, and `notice` speaks of this one. */
    carTypeId?: number;
    /** A booking being changed, which is not counted against its own new period. */
    excludeReservationId?: number;
  },
): Promise<SearchOutcome> {
  const { bundle, query, now } = input;
  const { settings, catalogue } = bundle;
  const sort = query.sort ?? "recommend";
  const showEmpty = (query.empty ?? settings.defaultDispEmptyCarType) === EMPTY_CAR_SHOW;
  const firstStore = bundle.stores[0] ?? null;
  let store = query.si ? (bundle.stores.find((s) => s.id === query.si) ?? null) : null;
  const errors: FieldErrors = {};
  if (!store) {
    // With no store asked for, the first one is searched; a store asked for but unknown is an error.
    if (bundle.stores.length === 1 || (query.si === undefined && firstStore)) store = firstStore;
    else errors.si = { code: "store_required" };
  }
  const timeZone = store?.timeZone ?? siteTimeZone(bundle);
  const values = periodValues(query, settings, localDate(now, timeZone));
  const base = { values, store, errors, period: null, offers: [], hiddenFullyBooked: 0, showEmpty, sort };
  if (!store) return { ...base, notice: null, undecided: query.date_undecided };
  const storeId = store.id;

  const candidates = typesAtStore(bundle, storeId);
  const matching = candidates.filter(
    (t) => matchesFilters(t, query) && (input.carTypeId === undefined || t.id === input.carTypeId),
  );
  const classes = new Map(catalogue.classes.map((c) => [c.id, c]));
  const immunity = new Map(catalogue.immunityFees.map((f) => [f.classId, f]));
  const offerOf = (
    t: CarTypeRow,
    remaining: number | null,
    plan: FeePlanRow | null,
    period: ResolvedPeriod | null,
  ): CarTypeOffer => {
    const fee = immunity.get(t.classId);
    const withImmunity = fee?.isDefault ?? false;
    return {
      carType: t,
      carClass: classes.get(t.classId) as CarClassRow,
      vehicles: catalogue.vehicleCounts.get(vehicleKey(storeId, t.id)) ?? 0,
      remaining,
      mark: remaining === null ? null : vacancyMark(remaining, settings.triangleCarNumber),
      plan,
      price:
        plan?.tiers && period
          ? priceRental({
              plan: plan.tiers,
              period: { start: period.start, end: period.end, timeZone },
              immunityPerDay: fee?.pricePerDay ?? null,
              withImmunity,
            })
          : null,
      priceUnavailable: plan !== null && plan.tiers === null,
      highSeason: plan?.isHighSeason ?? false,
      immunityPerDay: fee?.pricePerDay ?? null,
      withImmunity,
    };
  };

  if (query.date_undecided) {
    const today = localDate(now, timeZone);
    const offers = matching.map((t) =>
      offerOf(t, null, selectFeePlan(catalogue.feePlans, storeId, t.classId, today, false), null),
    );
    const notice = offers.length ? null : noMatchReason(candidates, query);
    return { ...base, notice, undecided: true, offers: sortOffers(offers, sort) };
  }

  if (!settings.webReserveAccepting) return { ...base, notice: { code: "web_reserve_suspended" }, undecided: false };
  const checked = checkPeriod({
    values,
    store,
    holidays: catalogue.holidays.get(storeId),
    window: settings,
    now,
  });
  if (!checked.period) return { ...base, errors: { ...errors, ...checked.errors }, notice: null, undecided: false };
  const period = checked.period;
  if (!matching.length) return { ...base, period, notice: noMatchReason(candidates, query), undecided: false };

  // The car is needed until the return plus the store's turnaround, as the capacity trigger counts it.
  const needed = new Date(period.end.getTime() + store.turnaroundMinutes * 60_000);
  const holds = groupByType(
    await loadHolds(db, siteId, storeId, period.start, needed, input.carTypeId, input.excludeReservationId),
  );
  const high = isHighSeason(store, period.startDate);
  const all = matching.map((t) => {
    const vehicles = catalogue.vehicleCounts.get(vehicleKey(storeId, t.id)) ?? 0;
    const peak = peakOverlap(holds.get(t.id) ?? [], period.start.getTime(), needed.getTime());
    const plan = selectFeePlan(catalogue.feePlans, storeId, t.classId, period.startDate, high);
    return offerOf(t, Math.max(0, vehicles - peak), plan, period);
  });
  // A type whose plan is invalid stays listed, marked "price unavailable"; one bad plan never empties the page.
  const listed = all.filter((o) => o.price || o.priceUnavailable);
  const free = listed.filter((o) => o.price && (o.remaining ?? 0) > 0);
  const offers = showEmpty ? listed : listed.filter((o) => o.priceUnavailable || (o.remaining ?? 0) > 0);
  const notice: Reason | null = free.length ? null : { code: "no_cars_in_period" };
  return {
    ...base,
    period,
    notice,
    undecided: false,
    offers: sortOffers(offers, sort),
    hiddenFullyBooked: listed.length - offers.length,
  };
}
