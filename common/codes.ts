/** Code lists of the spec (§3, §4) that both the rules and the pages read. */

/** Option prices: 1 per rental, 2 per day. */
export const OPTION_PRICE_UNIT = { perRental: 1, perDay: 2 } as const;

/** Calendar modes: 1 departure (can a car leave that day), 2 period (cars left all day). */
export const CALENDAR_MODE = { departure: 1, period: 2 } as const;

/** Rental period slugs '01' … '10' (spec §4), in order: same day, 1 to 7 nights, 14 nights, 29 nights. */
export const RENTAL_PERIOD_SLUGS = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"] as const;
export type RentalPeriodSlug = (typeof RENTAL_PERIOD_SLUGS)[number];

/** The days each rental period adds to the departure date (spec §9). */
export const RENTAL_PERIOD_DAYS: Record<RentalPeriodSlug, number> = {
  "01": 0,
  "02": 1,
  "03": 2,
  "04": 3,
  "05": 4,
  "06": 5,
  "07": 6,
  "08": 7,
  "09": 14,
  "10": 29,
};

export function isRentalPeriodSlug(value: string): value is RentalPeriodSlug {
  return (RENTAL_PERIOD_SLUGS as readonly string[]).includes(value);
}
