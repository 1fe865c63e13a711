import * as z from "zod/mini";
import { LONG_RENTAL_FIELD } from "#common/long-rental";

/**
 * The options step of the booking flow (spec §2 `/reserve/stores/{storeId}/cars/{id}/options`,
 * §5 option-unavailable handling), client-safe: the form runs it in the browser before sending
 * and the action runs it again. Messages are reason codes. Values arrive as form strings:
 * - `option_<id>`: how many of that option (0 … 99; the quote clamps to the option's limit and
 *   drops options the store does not offer);
 * - `immunity`: the collision damage waiver checkbox (present = chosen);
 * - `option_not_possible_type`: "1" reserve anyway, "2" cancel, "" not chosen, for when a chosen
 *   option may not be available;
 * - `long_rental_confirmed`: present when the visitor confirms a rental over the site's long-rental days;
 * - `intent`: "recalc" (fees again, stay on the page) or "next" (the default: a form sent with
 *   the Enter key or the Next button).
 */
export const OPTION_FIELD = /^option_(\d{1,9})$/;
export const optionField = (optionId: number) => `option_${optionId}`;
export const MAX_OPTION_QUANTITY = 99;
export const OPTION_NOT_POSSIBLE = { reserveAnyway: 1, cancel: 2 } as const;
export type OptionNotPossibleType = (typeof OPTION_NOT_POSSIBLE)[keyof typeof OPTION_NOT_POSSIBLE];

export interface OptionsFormInput {
  intent: "recalc" | "next";
  /** The options with a quantity above 0, by id. */
  options: { optionId: number; quantity: number }[];
  withImmunity: boolean;
  optionNotPossibleType: OptionNotPossibleType | null;
  longRentalConfirmed: boolean;
}

const always = { when: () => true };
const CHECKED = new Set(["1", "on", "true"]);
const isChecked = (value: unknown) => typeof value === "string" && CHECKED.has(value);

/** Quantities by option id from the `option_<id>` fields; a value that is not a small count is left out. */
export function chosenQuantities(values: Record<string, unknown>): Map<number, number> {
  const chosen = new Map<number, number>();
  for (const [key, value] of Object.entries(values)) {
    const m = OPTION_FIELD.exec(key);
    if (!m || typeof value !== "string" || !/^\d{1,2}$/.test(value.trim())) continue;
    const quantity = Number(value.trim());
    if (quantity > 0) chosen.set(Number(m[1]), quantity);
  }
  return chosen;
}

/**
 * What the form asks for, read leniently (values that are not valid are left out): the schema's
 * result when it passes, and what the fees are recomputed with when it does not (so a refused form
 * still shows the price of what it shows).
 */
export function readOptionsForm(values: Record<string, unknown>): OptionsFormInput {
  const options = [...chosenQuantities(values)]
    .map(([optionId, quantity]) => ({ optionId, quantity: Math.min(quantity, MAX_OPTION_QUANTITY) }))
    .sort((a, b) => a.optionId - b.optionId);
  const choice = values.option_not_possible_type;
  return {
    intent: values.intent === "recalc" ? "recalc" : "next",
    options,
    withImmunity: isChecked(values.immunity),
    optionNotPossibleType: choice === "1" ? 1 : choice === "2" ? 2 : null,
    longRentalConfirmed: isChecked(values[LONG_RENTAL_FIELD]),
  };
}

/** Whether one of the options that may not be provided is chosen: the booker must then say what to do. */
export function needsOptionNotPossibleChoice(
  options: readonly { optionId: number; quantity: number }[],
  mayBeUnavailable: readonly number[],
): boolean {
  return options.some((o) => o.quantity > 0 && mayBeUnavailable.includes(o.optionId));
}

/**
 * The schema for a car whose options `mayBeUnavailable` (ids) cannot be promised: going on
 * ("next") with one of them chosen requires `option_not_possible_type`. Recalculating never does.
 */
export function optionsFormSchema(mayBeUnavailable: readonly number[] = []) {
  return z.pipe(
    z
      .looseObject({
        intent: z._default(z.enum(["recalc", "next"], "invalid_choice"), "next"),
        immunity: z.optional(z.string("invalid_choice")),
        option_not_possible_type: z._default(z.enum(["", "1", "2"], "invalid_choice"), ""),
      })
      .check(
        z.superRefine((v, ctx) => {
          for (const [key, value] of Object.entries(v)) {
            if (!OPTION_FIELD.test(key)) continue;
            if (typeof value !== "string" || !/^\d{1,2}$/.test(value.trim())) {
              ctx.issues.push({ code: "custom", path: [key], message: "invalid_choice", input: value });
            }
          }
          const values = v as Record<string, unknown>;
          const intent = values.intent ?? "next";
          const choice = values.option_not_possible_type ?? "";
          const options = [...chosenQuantities(values)].map(([optionId, quantity]) => ({ optionId, quantity }));
          if (intent === "next" && choice === "" && needsOptionNotPossibleChoice(options, mayBeUnavailable)) {
            ctx.issues.push({
              code: "custom",
              path: ["option_not_possible_type"],
              message: "option_not_possible_required",
              input: choice,
            });
          }
        }, always),
      ),
    z.transform((v): OptionsFormInput => readOptionsForm(v)),
  );
}

/**
 * The API's check of `option_<id>` fields against what the store offers for the car: an option it
 * does not offer, or more than the option's limit, is a field error, where the pages' quote clamps
 * and drops (issue 38: the API refuses input, never bends it). A value that is no count is left to
 * `optionsFormSchema`.
 */
export function optionLimitErrors(
  values: Record<string, unknown>,
  offered: readonly { id: number; maxQuantity: number }[],
): Record<string, { code: "option_not_offered" | "option_over_limit"; params?: { max: number } }> {
  const limits = new Map(offered.map((o) => [o.id, o.maxQuantity]));
  const errors: ReturnType<typeof optionLimitErrors> = {};
  for (const [key, value] of Object.entries(values)) {
    const id = OPTION_FIELD.exec(key)?.[1];
    if (id === undefined) continue;
    const max = limits.get(Number(id));
    if (max === undefined) errors[key] = { code: "option_not_offered" };
    else if (typeof value === "string" && /^\d{1,2}$/.test(value.trim()) && Number(value.trim()) > max) {
      errors[key] = { code: "option_over_limit", params: { max } };
    }
  }
  return errors;
}
