import * as z from "zod/mini";
import { RETURN_DAMAGE } from "#common/counter";
import { formText } from "#server/auth/fields.schema";
import { MAX_MILEAGE_KM } from "#server/catalog/vehicle.schema";
import { checkboxField, intField, optionalField, timeField, toHalfWidth } from "#server/staff/admin-fields.schema";
import { checkFields, dateField, fuelField, MAX_EXTRA_YEN } from "./counter.schema";

/**
 * The return at the counter (issue 37), client-safe: the same schema reads the first step (the
 * charges proposed) and the confirmation (the charges as staff settle them). Amounts staff type are
 * the charged amounts of the lines the server proposed again; the browser never sends a proposal.
 */

/** The lines staff may change the amount of, each with `charge_{kind}` and `reason_{kind}`. */
export const ADJUSTABLE_KINDS = ["late", "fuel", "noc"] as const;
export type AdjustableKind = (typeof ADJUSTABLE_KINDS)[number];

/** How the charges are settled when the booking has no card paid in advance (or its card failed). */
export const COUNTER_METHODS = ["cash", "terminal"] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];

/** Yen, or null when left empty. */
const optionalYen = z.pipe(
  formText,
  z.transform((raw, ctx): number | null => {
    const value = toHalfWidth(raw).replace(/[,，]/g, "");
    if (value === "") return null;
    if (!/^\d{1,9}$/.test(value)) {
      ctx.issues.push({ code: "custom", message: "number_invalid", input: raw });
      return null;
    }
    const n = Number(value);
    if (n > MAX_EXTRA_YEN) {
      ctx.issues.push({ code: "custom", message: "number_range", input: raw, params: { min: 0, max: MAX_EXTRA_YEN } });
    }
    return n;
  }),
);

export const ReturnSchema = z.object({
  returned_date: dateField,
  returned_time: timeField,
  mileage_km: intField(0, MAX_MILEAGE_KM),
  /** Ticked after the form asked: the meter jumped more than the site's limit since the departure. */
  meter_checked: checkboxField,
  fuel: fuelField,
  ...checkFields,
  damage: z._default(z.enum(RETURN_DAMAGE, "invalid_choice"), "none"),
  notes: optionalField(1000),
  /** Another charge (a cleaning, a parking ticket), with what it is for. */
  other_charge: optionalYen,
  other_label: optionalField(100),
  charge_late: optionalYen,
  charge_fuel: optionalYen,
  charge_noc: optionalYen,
  reason_late: optionalField(200),
  reason_fuel: optionalField(200),
  reason_noc: optionalField(200),
  settle_method: z._default(z.enum(COUNTER_METHODS, "invalid_choice"), "cash"),
  /** The proposal's total the page showed: the save is refused when the rules now propose another. */
  shown_total: optionalYen,
});
export type ReturnInput = z.infer<typeof ReturnSchema>;

/** A card charge that failed, recorded as paid at the counter instead. */
export const ReturnCashSchema = z.object({
  settle_method: z._default(z.enum(COUNTER_METHODS, "invalid_choice"), "cash"),
});
export type ReturnCashInput = z.infer<typeof ReturnCashSchema>;

export { MAX_EXTRA_YEN };
