import { z } from "zod";

/**
 * The bodies of the booking calls (`session`, `validate-reserve-customer`, `submit-reserve`) as the
 * OpenAPI document shows them. A field documented as text refuses a JSON number (issue 38).
 */

/** The booking's choice as the search and options forms send it (their field names), for `session` and `submit-reserve`. */
const ChoiceFields = {
  store_id: z.string().meta({ description: "The departure store's id." }),
  car_type_id: z.string(),
  sd: z.string().meta({ description: "Departure date, YYYY-MM-DD or YYYY/MM/DD." }),
  st: z.string().meta({ description: "Departure time, HH:mm." }),
  ed: z.string().optional(),
  et: z.string().optional(),
  rental_period_slug: z.string().optional(),
  immunity: z.string().optional().meta({ description: '"1": with the collision damage waiver.' }),
  option_not_possible_type: z
    .string()
    .optional()
    .meta({ description: "1 reserve anyway, 2 cancel, when a chosen option may not be provided." }),
  long_rental_confirmed: z.string().optional().meta({
    description:
      '"1": the customer confirms a rental over the site\'s long-rental days (`long_rental_days`); without it such a booking is refused with `long_rental_unconfirmed`.',
  }),
};
export const ChoiceBody = z
  .looseObject(ChoiceFields)
  .meta({ description: "Also `option_{id}`: the quantity of each option chosen, as on the options form." });

/** The customer form's fields (the borrower, the driver, the trip), checked by the site's own customer schema. */
const formValue = z.union([z.string(), z.number()]).optional();
const text = z.string().optional();
export const CustomerBody = z.looseObject({
  user_type: formValue.meta({ description: "1 individual, 2 corporate." }),
  company: formValue,
  name: formValue,
  kana: formValue.meta({
    description: "The name's reading (katakana), or the name in Latin letters for visitors from abroad.",
  }),
  email: formValue,
  // Text only: as a JSON number, a leading 0 is lost (issue 38).
  tel: text.meta({ description: "Japanese or international (+country code) number, as text." }),
  zip: text.meta({ description: "As text: a postal code may start with 0." }),
  pref_code: formValue.meta({ description: "1-47 in Japan; 48 abroad (with `country`)." }),
  country: formValue,
  address_a: formValue,
  address_b: formValue,
  destination: formValue,
  purpose: formValue,
  passengers: formValue,
  driver_mode: formValue.meta({ description: "same (the borrower drives), saved (driver_id), new (driver_* fields)." }),
  driver_id: formValue,
});

export const SubmitBody = z
  .looseObject({
    ...Object.fromEntries(Object.entries(ChoiceFields).map(([k, v]) => [k, v.optional()])),
    pay_method: z.string().meta({
      description: "2 cash at the store, 3 card at the store, 4 other (pay_method_other); the site's settlement_lists.",
    }),
    pay_method_other: z.string().optional(),
    remarks: z.string().optional(),
    customer: CustomerBody.optional().meta({
      description: "Programs: the customer form's fields. Browsers may leave it out after `validate-reserve-customer`.",
    }),
  })
  .meta({ id: "SubmitReserve" });
