import type { ReasonLike } from "./app-error";

/** The form field of the options step that confirms a long rental. */
export const LONG_RENTAL_FIELD = "long_rental_confirmed";

/** Whether a rental of `rentalDays` is over the site's long-rental days (issue 40: 30 by default). */
export const isLongRental = (longRentalDays: number, rentalDays: number) => rentalDays > longRentalDays;

/**
 * A rental over the site's long-rental days goes on only once the visitor has confirmed it (or
 * called the store instead): the refusal to show beside the checkbox, or null.
 */
export function longRentalRefusal(
  longRentalDays: number,
  rentalDays: number,
  confirmed: boolean,
): ReasonLike<"long_rental_unconfirmed"> | null {
  if (!isLongRental(longRentalDays, rentalDays) || confirmed) return null;
  return { code: "long_rental_unconfirmed", params: { days: longRentalDays } };
}
