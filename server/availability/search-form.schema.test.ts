import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { storeSchedule } from "#tests/fixtures/store-schedule";
import { SearchFormSchema, type SearchFormValues, searchFormErrors, searchFormSchema } from "./search-form.schema";

const GOOD: SearchFormValues = { si: "1", sd: "2026-12-01", st: "10:00", ed: "2026-12-03", et: "18:00" };

/** What the schema reports: field → reason code, each field once (app/lib/forms.test.ts checks issuesToErrors). */
function schemaErrors(values: Record<string, unknown>): Record<string, string> {
  const result = SearchFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    expect(errors[field], `one issue for ${field}`).toBeUndefined();
    errors[field] = issue.message;
  }
  return errors;
}

describe("search form rules", () => {
  it("accepts a complete, ordered period", () => {
    expect(searchFormErrors(GOOD)).toEqual({});
    expect(SearchFormSchema.safeParse(GOOD).success).toBe(true);
    // A form without a store field (single-store site) has nothing to say about it.
    const { si: _, ...noStore } = GOOD;
    expect(searchFormErrors(noStore)).toEqual({});
  });

  it.each([
    ["si", { si: "" }, "store_required"],
    ["sd", { sd: "" }, "date_required"],
    ["ed", { ed: "" }, "date_required"],
    ["sd", { sd: "2026-02-30" }, "date_invalid"],
    ["sd", { sd: "2026-13-01" }, "date_invalid"],
    ["sd", { sd: "20261201" }, "date_invalid"],
    ["ed", { ed: "2027-02-29" }, "date_invalid"],
    ["ed", { ed: "tomorrow" }, "date_invalid"],
    ["st", { st: "" }, "time_invalid"],
    ["st", { st: "24:00" }, "time_invalid"],
    ["st", { st: "9:00" }, "time_invalid"],
    ["et", { et: "10:60" }, "time_invalid"],
    ["et", { et: "10時" }, "time_invalid"],
    ["ed", { ed: "2026-11-30" }, "return_not_after_departure"],
    ["ed", { ed: "2026-12-01", et: "10:00" }, "return_not_after_departure"],
    ["ed", { ed: "2026-12-01", et: "09:30" }, "return_not_after_departure"],
  ] as const)("%s: %j → %s", (field, change, code) => {
    const values = { ...GOOD, ...change };
    expect(searchFormErrors(values)).toEqual({ [field]: { code } });
    expect(schemaErrors(values)).toEqual({ [field]: code });
  });

  it("a leap day exists in a leap year", () => {
    expect(searchFormErrors({ ...GOOD, sd: "2028-02-29", ed: "2028-03-01" })).toEqual({});
  });

  it("a return later the same day is fine", () => {
    expect(searchFormErrors({ ...GOOD, ed: GOOD.sd, et: "10:30" })).toEqual({});
  });

  it("reports every bad field at once, and no order check while a date or time is wrong", () => {
    expect(searchFormErrors({ si: "", sd: "", st: "x", ed: "2026-02-31", et: "" })).toEqual({
      si: { code: "store_required" },
      sd: { code: "date_required" },
      st: { code: "time_invalid" },
      ed: { code: "date_invalid" },
      et: { code: "time_invalid" },
    });
    // ed before sd, but st is not a time: only st is reported.
    expect(searchFormErrors({ ...GOOD, ed: "2026-11-01", st: "99:99" })).toEqual({ st: { code: "time_invalid" } });
  });

  it("with the dates undecided, only the store is checked", () => {
    const undecided = { si: "1", sd: "", st: "", ed: "garbage", et: "", date_undecided: "1" };
    expect(searchFormErrors(undecided)).toEqual({});
    expect(schemaErrors(undecided)).toEqual({});
    expect(searchFormErrors({ ...undecided, si: "" })).toEqual({ si: { code: "store_required" } });
    // Only "1" means undecided: anything else still checks the dates.
    expect(searchFormErrors({ ...undecided, date_undecided: "0" })).toMatchObject({ sd: { code: "date_required" } });
  });

  it("the schema fills missing text fields with empty strings (a form posted without them)", () => {
    expect(schemaErrors({ si: "3" })).toEqual({
      sd: "date_required",
      st: "time_invalid",
      ed: "date_required",
      et: "time_invalid",
    });
  });

  it("the schema and the rules always agree", () => {
    const field = fc.oneof(
      fc.constantFrom("", "2026-12-01", "2026-12-02", "2026-02-30", "10:00", "18:00", "24:00", "x"),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            si: fc.constantFrom("", "1"),
            sd: field,
            st: field,
            ed: field,
            et: field,
            date_undecided: fc.constantFrom("", "1"),
          },
          { requiredKeys: ["sd", "st", "ed", "et"] },
        ),
        (values) => {
          const expected = Object.fromEntries(Object.entries(searchFormErrors(values)).map(([k, v]) => [k, v.code]));
          expect(schemaErrors(values)).toEqual(expected);
        },
      ),
      { seed: 20261201, numRuns: 500 },
    );
  });
});

describe("search form rules with the chosen store's schedule", () => {
  // Open 09:00–19:00, closed on Wednesdays and on one holiday (tests/fixtures/store-schedule.ts).
  const store = { schedule: storeSchedule(), holidays: ["2026-12-04"] };
  const TUESDAY = "2026-12-01";
  const WEDNESDAY = "2026-12-02";
  const at = (v: Partial<SearchFormValues>) => ({ ...GOOD, sd: TUESDAY, ed: "2026-12-03", ...v });

  it("accepts a period inside the store's hours on open days", () => {
    expect(searchFormErrors(at({}), store)).toEqual({});
    expect(searchFormSchema(store).safeParse(at({})).success).toBe(true);
  });

  it("says a closed day (regular or holiday) at the date it concerns, before sending", () => {
    expect(searchFormErrors(at({ sd: WEDNESDAY, ed: "2026-12-03" }), store)).toEqual({ sd: { code: "store_closed" } });
    expect(searchFormErrors(at({ ed: "2026-12-04" }), store)).toEqual({ ed: { code: "store_closed" } });
  });

  it("says a time outside the hours, with the hours", () => {
    const hours = { start: "09:00", end: "19:00" };
    expect(searchFormErrors(at({ st: "08:30" }), store)).toEqual({
      st: { code: "outside_business_hours", params: hours },
    });
    expect(searchFormErrors(at({ et: "19:30" }), store).et).toEqual({ code: "outside_business_hours", params: hours });
  });

  it("keeps the format errors first: an impossible date is not also called closed", () => {
    expect(searchFormErrors(at({ sd: "2026-02-30" }), store).sd).toEqual({ code: "date_invalid" });
  });

  it("without a store says nothing of closed days or hours", () => {
    expect(searchFormErrors(at({ sd: WEDNESDAY, st: "06:00" }))).toEqual({});
  });
});

describe("past dates before a search (issue 40)", () => {
  it("refuses a departure day before today with the spec's message, store or not", () => {
    expect(searchFormErrors({ ...GOOD, sd: "2026-11-30" }, undefined, "2026-12-01")).toEqual({
      sd: { code: "departure_in_past" },
    });
    expect(searchFormSchema(undefined, "2026-12-01").safeParse({ ...GOOD, sd: "2026-11-30" }).success).toBe(false);
  });

  it("accepts today and later, and says nothing without a today to compare with", () => {
    expect(searchFormErrors(GOOD, undefined, "2026-12-01")).toEqual({});
    expect(searchFormErrors({ ...GOOD, sd: "2020-01-01" })).toEqual({});
  });
});
