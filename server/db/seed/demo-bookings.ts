import type { CatalogueInput, ReservationDetails } from "./catalogue-factory";
import { demoPlate, demoRenter, demoReserveNo, isoDay, jstAt } from "./demo-records";

/**
 * The demo's bookings as a working company has them (issue 41): each with a renter who drives and
 * a price; those past departed and returned (meters from their car, catalogue-factory.ts), those
 * under way departed; the next week's given a car; and at sakura's Naha Airport a day's work today
 * (departures, returns, one car overdue, one booking still without a car) and a month behind it.
 * The catalogue's own future bookings stay as they are: the e2e specs count on their availability.
 */

type Row = NonNullable<CatalogueInput["reservations"]>[number];

interface ClassRates {
  h24: number;
  extraDay: number;
}

/** How far ahead bookings are given their car. */
const CARS_AHEAD_DAYS = 7;

const IMMUNITY_PER_DAY = 1_650;

/** Sakura's month behind and its day today (store, type, from, to); never an Aqua at the airport (members drive those). */
const SAKURA_PAST: [number, string, [number, string], [number, string]][] = [
  [0, "nbox", [-28, "09:00"], [-26, "18:00"]],
  [0, "prius", [-25, "10:00"], [-24, "17:00"]],
  [0, "sienta", [-21, "09:30"], [-18, "19:00"]],
  [0, "noah", [-14, "10:00"], [-12, "18:00"]],
  [0, "rav4", [-10, "09:00"], [-8, "17:30"]],
  [0, "fit", [-7, "11:00"], [-5, "18:00"]],
  [0, "nbox", [-5, "09:00"], [-3, "19:00"]],
  [0, "jimny", [-4, "10:00"], [-2, "17:00"]],
  [0, "prius", [-3, "09:00"], [-1, "18:00"]],
  [1, "aqua", [-20, "10:00"], [-18, "18:00"]],
  [1, "nbox", [-9, "09:30"], [-7, "18:00"]],
  [1, "fit", [-6, "10:00"], [-4, "17:00"]],
  [2, "rav4", [-16, "09:00"], [-13, "18:00"]],
  [2, "noah", [-6, "10:00"], [-3, "17:00"]],
  [2, "jimny", [-3, "09:00"], [-2, "18:00"]],
];

interface TodayRow {
  store: number;
  typeKey: string;
  from: [number, string];
  to: [number, string];
  departed?: boolean;
  noCar?: boolean;
}

const SAKURA_TODAY: TodayRow[] = [
  // Departures today.
  { store: 0, typeKey: "nbox", from: [0, "09:00"], to: [2, "18:00"] },
  { store: 0, typeKey: "prius", from: [0, "14:00"], to: [1, "19:00"] },
  { store: 0, typeKey: "sienta", from: [0, "11:00"], to: [2, "10:00"] },
  // The booking nobody has given a car yet.
  { store: 0, typeKey: "fit", from: [0, "15:00"], to: [1, "18:00"], noCar: true },
  // Returns due today.
  { store: 0, typeKey: "noah", from: [-3, "10:00"], to: [0, "17:00"], departed: true },
  { store: 0, typeKey: "sakura-ev", from: [-2, "09:00"], to: [0, "18:00"], departed: true },
  { store: 0, typeKey: "jimny", from: [-1, "10:00"], to: [0, "19:00"], departed: true },
  // Overdue: due back yesterday evening, not returned.
  { store: 0, typeKey: "prado", from: [-4, "10:00"], to: [-1, "18:00"], departed: true },
];

/** Bookings numbered after the catalogue's own. */
const EXTRA_SEQ = 5_001;

const MINUTE = 60_000;

export function livenCatalogue(
  siteId: string,
  today: Date,
  input: CatalogueInput,
  ratesOf: (classKey: string) => ClassRates | undefined,
): CatalogueInput {
  const now = today.getTime();
  const classOf = new Map(input.carTypes.map((t) => [t.key, t]));
  const japaneseOnly = siteId !== "sakura" && siteId !== "kaede";
  // Plates: one serial per car across the site.
  let serial = siteId.length * 101;
  const vehicles = input.vehicles.map((v) => ({
    ...v,
    plates: Array.from({ length: v.count }, () =>
      demoPlate(siteId, classOf.get(v.typeKey)?.displacementCc ?? null, serial++),
    ),
  }));

  const extra: (Row & { noCar?: boolean; departed?: boolean })[] = [];
  if (siteId === "sakura") {
    let seq = EXTRA_SEQ;
    const row = (store: number, typeKey: string, from: [number, string], to: [number, string]) => {
      const bookedOn = isoDay(today, Math.min(0, from[0] - 5 - (seq % 20)));
      return {
        store,
        typeKey,
        reserveNo: demoReserveNo(seq++, bookedOn),
        startAt: jstAt(today, from[0], from[1]),
        endAt: jstAt(today, to[0], to[1]),
      };
    };
    for (const [store, typeKey, from, to] of SAKURA_PAST) extra.push(row(store, typeKey, from, to));
    for (const t of SAKURA_TODAY)
      extra.push({ ...row(t.store, t.typeKey, t.from, t.to), noCar: t.noCar, departed: t.departed });
  }

  const rows = [...(input.reservations ?? []), ...extra].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  // Cars, first free one of the type at the store: the catalogue never books past a type's cars.
  const busyUntil = new Map<string, number[]>();
  const carFor = (r: Row) => {
    const spec = vehicles.filter((v) => v.store === r.store && v.typeKey === r.typeKey);
    const total = spec.reduce((n, v) => n + v.count, 0);
    const down = spec.reduce((n, v) => n + (v.outOfService ?? 0), 0);
    const key = `${r.store}/${r.typeKey}`;
    const until = busyUntil.get(key) ?? Array.from({ length: total }, (_, i) => (i < down ? Infinity : 0));
    busyUntil.set(key, until);
    const index = until.findIndex((end) => end <= r.startAt.getTime());
    if (index < 0) return undefined;
    until[index] = r.endAt.getTime();
    return index;
  };

  let n = 0;
  const livened = rows.map((r) => {
    const { noCar, departed, ...base } = r as Row & { noCar?: boolean; departed?: boolean };
    if (base.isCancelled) return { ...base, details: priced(base, n++) };
    const past = base.endAt.getTime() <= now;
    const started = base.startAt.getTime() <= now || departed === true;
    const soon = base.startAt.getTime() <= now + CARS_AHEAD_DAYS * 86_400_000;
    const vehicle = noCar || !(soon || started) ? undefined : carFor(base);
    if ((past || started) && vehicle === undefined && !noCar) {
      throw new Error(`demo booking ${base.reserveNo} under way has no free car`);
    }
    const details = priced(base, n++);
    if (vehicle !== undefined && (started || past)) {
      details.departedAt = new Date(base.startAt.getTime() + 10 * MINUTE);
      details.departureFuel = 8;
      // Past ones came back a little early; an overdue or due car is still out.
      if (past && departed !== true) {
        details.returnedAt = new Date(base.endAt.getTime() - 20 * MINUTE);
        details.returnFuel = 8;
      }
    }
    return vehicle === undefined ? { ...base, details } : { ...base, vehicle, details };
  });
  return { ...input, vehicles, reservations: livened };

  /** The renter and a price: the day rate, each further day, and the immunity cover. */
  function priced(r: Row, i: number): ReservationDetails {
    const type = classOf.get(r.typeKey);
    const rates = ratesOf(type?.classKey ?? "") ?? { h24: 7_700, extraDay: 6_600 };
    const days = Math.max(1, Math.ceil((r.endAt.getTime() - r.startAt.getTime()) / 86_400_000));
    const rentalFee = rates.h24 + rates.extraDay * (days - 1);
    const immunityFee = IMMUNITY_PER_DAY * days;
    const { person, locale } = demoRenter(i, japaneseOnly);
    const bookedOn = `20${r.reserveNo.slice(0, 2)}-${r.reserveNo.slice(2, 4)}-${r.reserveNo.slice(4, 6)}`;
    return {
      borrower: person,
      driver: person,
      locale,
      rentalFee,
      immunityFee,
      totalFee: rentalFee + immunityFee,
      payMethod: i % 3 === 0 ? 3 : 2,
      passengers: 1 + (i % 4),
      purpose: "観光",
      createdAt: new Date(Math.min(now, Date.parse(`${bookedOn}T10:00:00+09:00`))),
    };
  }
}
