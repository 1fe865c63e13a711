import { describe, expect, it } from "vitest";
import {
  chosenQuantities,
  needsOptionNotPossibleChoice,
  optionField,
  optionsFormSchema,
  readOptionsForm,
} from "./options.schema";

/** One code per field, the first winning (as the form pattern shows them). */
function errorsOf(result: ReturnType<ReturnType<typeof optionsFormSchema>["safeParse"]>) {
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

describe("optionsFormSchema", () => {
  const schema = optionsFormSchema([7]);

  it("reads quantities, the waiver and the intent; zero quantities are left out", () => {
    const result = schema.safeParse({
      _csrf: "token",
      option_3: "2",
      option_1: "1",
      option_5: "0",
      immunity: "1",
      intent: "recalc",
    });
    expect(result.success && result.data).toEqual({
      intent: "recalc",
      options: [
        { optionId: 1, quantity: 1 },
        { optionId: 3, quantity: 2 },
      ],
      withImmunity: true,
      optionNotPossibleType: null,
      longRentalConfirmed: false,
    });
  });

  it("goes on by default (Enter key) and reads an unchecked waiver as off", () => {
    const result = schema.safeParse({ option_2: "1" });
    expect(result.success && result.data).toEqual({
      intent: "next",
      options: [{ optionId: 2, quantity: 1 }],
      withImmunity: false,
      optionNotPossibleType: null,
      longRentalConfirmed: false,
    });
    expect(schema.safeParse({ immunity: "on" }).success && schema.safeParse({ immunity: "on" }).data).toMatchObject({
      withImmunity: true,
    });
  });

  it("refuses a quantity that is not a small count, at its field", () => {
    expect(errorsOf(schema.safeParse({ option_1: "-1" }))).toEqual({ option_1: "invalid_choice" });
    expect(errorsOf(schema.safeParse({ option_1: "abc" }))).toEqual({ option_1: "invalid_choice" });
    expect(errorsOf(schema.safeParse({ option_1: "100" }))).toEqual({ option_1: "invalid_choice" });
    expect(errorsOf(schema.safeParse({ option_1: "" }))).toEqual({ option_1: "invalid_choice" });
  });

  it("refuses an unknown intent or choice", () => {
    expect(errorsOf(schema.safeParse({ intent: "submit" }))).toEqual({ intent: "invalid_choice" });
    expect(errorsOf(schema.safeParse({ option_not_possible_type: "3" }))).toEqual({
      option_not_possible_type: "invalid_choice",
    });
  });

  it("requires reserve-anyway or cancel to go on with an option that may be unavailable", () => {
    const chosen = { [optionField(7)]: "1", intent: "next" };
    expect(errorsOf(schema.safeParse(chosen))).toEqual({ option_not_possible_type: "option_not_possible_required" });
    expect(errorsOf(schema.safeParse({ ...chosen, option_not_possible_type: "" }))).toEqual({
      option_not_possible_type: "option_not_possible_required",
    });
    for (const [value, type] of [
      ["1", 1],
      ["2", 2],
    ] as const) {
      const result = schema.safeParse({ ...chosen, option_not_possible_type: value });
      expect(result.success && result.data.optionNotPossibleType).toBe(type);
    }
  });

  it("does not ask when recalculating, when the option is not chosen, or for other options", () => {
    expect(schema.safeParse({ option_7: "1", intent: "recalc" }).success).toBe(true);
    expect(schema.safeParse({ option_7: "0", intent: "next" }).success).toBe(true);
    expect(schema.safeParse({ option_8: "2", intent: "next" }).success).toBe(true);
    expect(optionsFormSchema().safeParse({ option_7: "1" }).success).toBe(true);
  });

  it("keeps the choice when given even if no such option is chosen (the action drops it)", () => {
    const result = schema.safeParse({ option_not_possible_type: "2" });
    expect(result.success && result.data.optionNotPossibleType).toBe(2);
  });
});

describe("helpers", () => {
  it("chosenQuantities ignores other fields and zeros", () => {
    expect([
      ...chosenQuantities({ option_1: "2", option_2: "0", option_not_possible_type: "1", option_x: "1", other: "3" }),
    ]).toEqual([[1, 2]]);
  });

  it("readOptionsForm reads leniently what a refused form asked for", () => {
    expect(
      readOptionsForm({
        option_1: "2",
        option_2: "abc",
        immunity: "1",
        intent: "bogus",
        option_not_possible_type: "9",
      }),
    ).toEqual({
      intent: "next",
      options: [{ optionId: 1, quantity: 2 }],
      withImmunity: true,
      optionNotPossibleType: null,
      longRentalConfirmed: false,
    });
    expect(readOptionsForm({ intent: "recalc", option_not_possible_type: "2", long_rental_confirmed: "1" })).toEqual({
      intent: "recalc",
      options: [],
      withImmunity: false,
      optionNotPossibleType: 2,
      longRentalConfirmed: true,
    });
  });

  it("needsOptionNotPossibleChoice", () => {
    expect(needsOptionNotPossibleChoice([{ optionId: 1, quantity: 1 }], [1])).toBe(true);
    expect(needsOptionNotPossibleChoice([{ optionId: 1, quantity: 0 }], [1])).toBe(false);
    expect(needsOptionNotPossibleChoice([{ optionId: 2, quantity: 1 }], [1])).toBe(false);
  });
});
