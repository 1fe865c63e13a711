import { FEE_MODE, type FeePlanTiers } from "./fee-plan";
import { type RentalPeriod, rentalDays } from "./price";

/**
 * Late returns (issue 37, docs/pricing.md "Late returns"): pure rules, no database. A return within
 * the site's grace period costs nothing; past it, every started hour after the booked return is
 * charged at the plan's extra-hour price, a day's hours together never more than the plan's day
 * price; each further whole 24 hours costs the day price, and its started hours again per hour,
 * capped at a day. The waiver is charged for the days the lateness added, when the booking took it.
 */

/** The prices a late return is charged at, read from the booking's plan. */
export interface LateRates {
  /** Yen per started hour. */
  hour: number;
  /** Yen per 24 hours, and the cap on one day's hours. */
  day: number;
}

/** What a late return adds. */
export interface LateReturnCharge {
  /** Started hours after the booked return (0 when on time, early or within the grace period). */
  lateHours: number;
  /** Of which whole days (24 hours each, charged at the day price). */
  lateDays: number;
  /** The rent for the late hours. */
  rentCarFee: number;
  /** The waiver for the days the lateness added, when the booking took it. */
  immunityFee: number;
  total: number;
  rates: LateRates;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** When a plan has no extra-hour price (nights and monthly plans), an hour is a sixth of its day. */
export const HOURS_TO_A_DAY = 6;

function need(value: number | null, tier: string): number {
  if (value === null) throw new Error(`fee plan lacks the ${tier} tier`);
  return value;
}

/**
 * The hour and day prices by mode. Hours plans: the extra-hour price and the 24-hour price. Nights
 * plans: the same-day (one-day) price, and the extra-hour price when the plan has one, otherwise a
 * sixth of the day rounded up. Monthly plans have no day price but the extra day's.
 */
export function lateRates(plan: FeePlanTiers): LateRates {
  const day =
    plan.mode === FEE_MODE.hours
      ? need(plan.upTo24h, "24h")
      : plan.mode === FEE_MODE.nights
        ? need(plan.sameDay, "same day")
        : need(plan.extraDay, "extra day");
  const hour = plan.extraHour ?? Math.ceil(day / HOURS_TO_A_DAY);
  return { hour, day };
}

/** Started hours late, or 0 within the grace period (the grace is not taken off: 3.5 hours late is 4). */
export function lateHours(lateMs: number, graceMinutes: number): number {
  if (lateMs <= 0 || lateMs <= graceMinutes * MINUTE) return 0;
  return Math.ceil(lateMs / HOUR);
}

/** The rent of `hours` late: whole days at the day price, the rest per hour capped at a day. */
export function lateRent(hours: number, rates: LateRates): number {
  const days = Math.floor(hours / 24);
  return days * rates.day + Math.min((hours % 24) * rates.hour, rates.day);
}

export function lateReturnCharge(input: {
  plan: FeePlanTiers;
  booked: RentalPeriod;
  returnedAt: Date;
  immunityPerDay: number | null;
  graceMinutes: number;
}): LateReturnCharge {
  const { plan, booked, returnedAt } = input;
  const rates = lateRates(plan);
  const hours = lateHours(returnedAt.getTime() - booked.end.getTime(), input.graceMinutes);
  if (hours === 0) return { lateHours: 0, lateDays: 0, rentCarFee: 0, immunityFee: 0, total: 0, rates };
  const rent = lateRent(hours, rates);
  const addedDays = rentalDays(plan.mode, { ...booked, end: returnedAt }) - rentalDays(plan.mode, booked);
  const immunity = input.immunityPerDay ? Math.max(0, addedDays) * input.immunityPerDay : 0;
  return {
    lateHours: hours,
    lateDays: Math.floor(hours / 24),
    rentCarFee: rent,
    immunityFee: immunity,
    total: rent + immunity,
    rates,
  };
}

/** Refuelling: the eighths missing × the tank / 8, rounded up to a whole litre, × the price per litre. */
export function fuelCharge(input: {
  departureFuel: number | null;
  returnFuel: number;
  tankLitres: number;
  pricePerLitre: number;
}): { eighths: number; litres: number; amount: number } {
  const eighths = input.departureFuel === null ? 0 : Math.max(0, input.departureFuel - input.returnFuel);
  // Integer arithmetic: eighths × tank / 8 rounded up, with no floating-point residue.
  const litres = Math.ceil((eighths * input.tankLitres) / 8);
  return { eighths, litres, amount: litres * input.pricePerLitre };
}
