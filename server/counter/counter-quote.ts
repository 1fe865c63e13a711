import { AppError, type FieldReasons } from "#server/errors";
import type { Quote } from "#server/reservations/quote";

/**
 * The counter's forms (a phone booking, a change) ask the public quote as the booking pages do; these
 * turn their fields into its search and its refusals back into their fields.
 */

interface CarAndPeriod {
  store_id: number;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
}

/** The form's store and period as the search of the public pages (`si`, `sd`, `st`, `ed`, `et`). */
export const counterSearch = (input: CarAndPeriod) => ({
  si: String(input.store_id),
  sd: input.start_date,
  st: input.start_time,
  ed: input.end_date,
  et: input.end_time,
});

const FIELD_OF = { sd: "start_date", st: "start_time", ed: "end_date", et: "end_time", si: "store_id" } as const;

/** The quote when the car can be booked for the period; else its refusal, named by the form's field. */
export function bookableQuote(quote: Quote | null): Quote {
  if (!quote) throw new AppError("invalid_input", { fieldErrors: { car_type_id: { code: "invalid_choice" } } });
  const fieldErrors: FieldReasons = {};
  for (const [field, reason] of Object.entries(quote.errors)) {
    if (reason) fieldErrors[FIELD_OF[field as keyof typeof FIELD_OF] ?? "form"] = reason;
  }
  if (Object.keys(fieldErrors).length) throw new AppError("invalid_input", { fieldErrors });
  if (quote.blocked) throw new AppError("rejected", { reason: quote.blocked });
  return quote;
}
