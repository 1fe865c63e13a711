import { describe, expect, it } from "vitest";
import { requiredText } from "#server/auth/fields.schema";
import { SearchFormSchema } from "#server/availability/search-form.schema";
import { intField } from "#server/staff/admin-fields.schema";
import { issuesToErrors } from "./forms";

describe("issuesToErrors", () => {
  it("keeps one reason per field, the first one winning, and puts path-less issues on the form", () => {
    expect(
      issuesToErrors([
        { path: ["sd"], message: "date_invalid" },
        { path: ["sd"], message: "date_required" },
        { path: ["ed", 0], message: "return_not_after_departure" },
        { path: [], message: "web_reserve_suspended" },
        { path: [], message: "no_cars_match" },
      ]),
    ).toEqual({
      sd: { code: "date_invalid" },
      ed: { code: "return_not_after_departure" },
      form: { code: "web_reserve_suspended" },
    });
    expect(issuesToErrors([])).toEqual({});
  });

  it("turns the search form schema's issues into the errors the form shows", () => {
    const result = SearchFormSchema.safeParse({ si: "", sd: "2026-02-30", st: "10:00", ed: "", et: "25:00" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesToErrors(result.error.issues)).toEqual({
      si: { code: "store_required" },
      sd: { code: "date_invalid" },
      ed: { code: "date_required" },
      et: { code: "time_invalid" },
    });
    const order = SearchFormSchema.safeParse({ sd: "2026-12-02", st: "10:00", ed: "2026-12-01", et: "10:00" });
    expect(order.success ? {} : issuesToErrors(order.error.issues)).toEqual({
      ed: { code: "return_not_after_departure" },
    });
  });

  it("passes a custom issue's params on (a range's {min} and {max})", () => {
    const result = intField(1, 730).safeParse("0");
    expect(result.success ? {} : issuesToErrors(result.error.issues)).toEqual({
      form: { code: "number_range", params: { min: 1, max: 730 } },
    });
  });

  it("passes a length limit on as {max}", () => {
    const result = requiredText("name_required", 5).safeParse("123456");
    expect(result.success ? {} : issuesToErrors(result.error.issues)).toEqual({
      form: { code: "text_too_long", params: { max: 5 } },
    });
  });
});
