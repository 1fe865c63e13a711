import { daysBetween, localDate } from "#common/calendar-date";
import { OPTION_PRICE_UNIT } from "#common/codes";
import { FEE_MODE, type FeePlanTiers } from "./fee-plan";

/** A rental from departure to return, with the store's time zone for counting nights. */
export interface RentalPeriod {
  start: Date;
  end: Date;
  timeZone: string;
}

export interface OptionLine {
  optionId: number;
  /** Integer yen, tax included. */
  price: number;
  /** 1 per rental, 2 per day. */
  priceUnit: number;
  quantity: number;
}

export interface PriceBreakdown {
  rentCarFee: number;
  optionFee: number;
  immunityFee: number;
  total: number;
  /** Days used for per-day options and the immunity fee. */
  rentalDays: number;
}

const HOUR = 3_600_000;

/** Whole hours, rounded up. */
export function chargeableHours(p: RentalPeriod): number {
  return Math.ceil((p.end.getTime() - p.start.getTime()) / HOUR);
}

/** Calendar nights between the departure and return dates in the store's time zone. */
export function calendarNights(p: RentalPeriod): number {
  return daysBetween(localDate(p.start, p.timeZone), localDate(p.end, p.timeZone));
}

function need(value: number | null, tier: string): number {
  if (value === null) throw new Error(`fee plan lacks the ${tier} tier`);
  return value;
}

/** Beyond a month: whole months plus extra days, the extra days never more than another month. */
function monthsAndDays(nights: number, month: number, extraDay: number): number {
  const months = Math.floor(nights / 29);
  return months * month + Math.min((nights % 29) * extraDay, month);
}

function hoursFee(plan: FeePlanTiers, hours: number): number {
  if (hours <= 3) return need(plan.upTo3h, "3h");
  if (hours <= 6) return need(plan.upTo6h, "6h");
  if (hours <= 12) return need(plan.upTo12h, "12h");
  const day = need(plan.upTo24h, "24h");
  if (hours <= 24) return day;
  const beyond = hours - 24;
  const extraDay = need(plan.extraDay, "extra day");
  const extraHour = need(plan.extraHour, "extra hour");
  return day + Math.floor(beyond / 24) * extraDay + Math.min((beyond % 24) * extraHour, extraDay);
}

function nightsFee(plan: FeePlanTiers, nights: number): number {
  if (nights === 0) return need(plan.sameDay, "same day");
  const ladder = [plan.nights1, plan.nights2, plan.nights3, plan.nights4, plan.nights5, plan.nights6, plan.nights7];
  if (nights <= 7) return need(ladder[nights - 1] ?? null, `${nights} nights`);
  const extraDay = need(plan.extraDay, "extra day");
  const week = need(plan.nights7, "7 nights");
  const twoWeeks = need(plan.nights14, "14 nights");
  const month = need(plan.month, "month");
  if (nights < 14) return Math.min(week + (nights - 7) * extraDay, twoWeeks);
  if (nights === 14) return twoWeeks;
  if (nights < 29) return Math.min(twoWeeks + (nights - 14) * extraDay, month);
  return monthsAndDays(nights, month, extraDay);
}

function monthlyFee(plan: FeePlanTiers, nights: number): number {
  const month = need(plan.month, "month");
  if (nights <= 29) return month;
  return monthsAndDays(nights, month, need(plan.extraDay, "extra day"));
}

/** The rent-car fee of a period under a plan (docs/pricing.md). */
export function rentCarFee(plan: FeePlanTiers, period: RentalPeriod): number {
  switch (plan.mode) {
    case FEE_MODE.hours:
      return hoursFee(plan, chargeableHours(period));
    case FEE_MODE.nights:
      return nightsFee(plan, calendarNights(period));
    default:
      return monthlyFee(plan, calendarNights(period));
  }
}

/** Days charged for per-day options and immunity: started 24-hour blocks, or calendar days. */
export function rentalDays(mode: number, period: RentalPeriod): number {
  if (mode === FEE_MODE.hours) return Math.max(1, Math.ceil(chargeableHours(period) / 24));
  return calendarNights(period) + 1;
}

export function optionFee(options: OptionLine[], days: number): number {
  return options.reduce(
    (sum, o) => sum + o.price * o.quantity * (o.priceUnit === OPTION_PRICE_UNIT.perDay ? days : 1),
    0,
  );
}

/** Integer yen, tax included, computed on the server at every step. */
export function priceRental(input: {
  plan: FeePlanTiers;
  period: RentalPeriod;
  options?: OptionLine[];
  immunityPerDay?: number | null;
  withImmunity?: boolean;
}): PriceBreakdown {
  const days = rentalDays(input.plan.mode, input.period);
  const rent = rentCarFee(input.plan, input.period);
  const opts = optionFee(input.options ?? [], days);
  const immunity = input.withImmunity && input.immunityPerDay ? input.immunityPerDay * days : 0;
  return { rentCarFee: rent, optionFee: opts, immunityFee: immunity, total: rent + opts + immunity, rentalDays: days };
}
