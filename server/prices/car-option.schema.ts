import * as z from "zod/mini";
import { OPTION_PRICE_UNIT } from "#common/codes";
import { FEE_YEN_MAX } from "#common/fee-tiers";
import { checkboxField, intField, intListField, mlField, mlValues } from "#server/staff/admin-fields.schema";

/**
 * An option as the back office edits it (spec §3 Option), client-safe: its name in four languages,
 * price (integer yen, tax included) per rental or per day, how many one booking may take, the stores
 * and classes offering it (none ticked: all), display order, and whether the store may be unable to
 * provide it (the booker then chooses to reserve anyway or cancel).
 */
export const CAR_OPTION_LISTS = ["store_ids", "class_ids"] as const;
export const OPTION_UNITS = [String(OPTION_PRICE_UNIT.perRental), String(OPTION_PRICE_UNIT.perDay)] as const;

export const CarOptionSchema = z.object({
  ...mlField("option_name", { required: true, max: 100 }),
  price: intField(0, FEE_YEN_MAX),
  price_unit: z.enum(OPTION_UNITS, "invalid_choice"),
  max_quantity: intField(1, 20),
  store_ids: intListField(1, 999_999_999),
  class_ids: intListField(1, 999_999_999),
  display_order: intField(0, 9999),
  may_be_unavailable: checkboxField,
  covers_noc: checkboxField,
});
export type CarOptionInput = z.infer<typeof CarOptionSchema>;

/** The form's strings for a saved option. */
export function carOptionFormValues(option: {
  [key: string]: unknown;
  price: number;
  priceUnit: number;
  maxQuantity: number;
  storeIds: number[];
  classIds: number[];
  displayOrder: number;
  mayBeUnavailable: boolean;
  coversNoc: boolean;
}): { values: Record<string, string>; lists: Record<string, string[]> } {
  return {
    values: {
      ...mlValues("optionName", option, "option_name"),
      price: String(option.price),
      price_unit: String(option.priceUnit),
      max_quantity: String(option.maxQuantity),
      display_order: String(option.displayOrder),
      may_be_unavailable: option.mayBeUnavailable ? "1" : "",
      covers_noc: option.coversNoc ? "1" : "",
    },
    lists: { store_ids: option.storeIds.map(String), class_ids: option.classIds.map(String) },
  };
}

/** A new option's form: per rental, one at most, every store and class. */
export const NEW_CAR_OPTION_VALUES = {
  values: { price_unit: "1", max_quantity: "1", display_order: "0" } as Record<string, string>,
  lists: {} as Record<string, string[]>,
};
