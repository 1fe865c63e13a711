import type { FeePlanTiers } from "./fee-plan";
import { type RentalPeriod, rentalDays, rentCarFee } from "./price";

/** What a late return adds, priced by the booking's plan as the public pages price a rental. */
export interface LateReturnCharge {
  /** Whole hours after the booked return, rounded up (0 when on time). */
  lateHours: number;
  /** The rent-car fee of the period actually used, less the booked one's. */
  rentCarFee: number;
  /** The waiver for the days the lateness added, when the booking took it. */
  immunityFee: number;
  total: number;
}

const HOUR = 3_600_000;

/**
 * A late return is charged what the longer rental would have cost under the same plan (docs/pricing.md):
 * in hours mode the extra hours of the 24-hour tiers or the extra-hour and extra-day tiers beyond, in
 * nights mode the nights it added. The waiver is charged for the days added at the booking's daily rate.
 */
export function lateReturnCharge(input: {
  plan: FeePlanTiers;
  booked: RentalPeriod;
  returnedAt: Date;
  immunityPerDay: number | null;
}): LateReturnCharge {
  const { plan, booked, returnedAt } = input;
  const late = returnedAt.getTime() - booked.end.getTime();
  if (late <= 0) return { lateHours: 0, rentCarFee: 0, immunityFee: 0, total: 0 };
  const actual = { ...booked, end: returnedAt };
  const rent = Math.max(0, rentCarFee(plan, actual) - rentCarFee(plan, booked));
  const addedDays = rentalDays(plan.mode, actual) - rentalDays(plan.mode, booked);
  const immunity = input.immunityPerDay ? Math.max(0, addedDays) * input.immunityPerDay : 0;
  return { lateHours: Math.ceil(late / HOUR), rentCarFee: rent, immunityFee: immunity, total: rent + immunity };
}
