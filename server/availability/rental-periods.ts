/** Rental period slugs '01' … '10' and the days they add to the departure date (spec §4, §9). */
export const RENTAL_PERIOD_DAYS: Record<string, number> = {
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
export const RENTAL_PERIOD_SLUGS = Object.keys(RENTAL_PERIOD_DAYS);
