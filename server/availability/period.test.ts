import { describe, expect, it } from "vitest";
import { zonedInstant } from "#common/calendar-date";
import { storeSchedule } from "#tests/fixtures/store-schedule";
import { checkPeriod, periodValues } from "./period";
import { SearchQuerySchema } from "./search-schema";

const STORE = storeSchedule();
const NOW = zonedInstant("2026-11-22", "10:00", "Asia/Tokyo");
const WINDOW = { minLeadMinutes: 120, maxAdvanceDays: 180 };
const DEFAULTS = {
  defaultStartDay: 1,
  defaultStartTime: "11:00",
  defaultEndDay: 1,
  defaultEndTime: "18:00",
  defaultRentalPeriodSlug: "01",
};

function check(sd: string, st: string, ed: string, et: string, store = STORE) {
  return checkPeriod({
    values: { sd, st, ed, et, rentalPeriodSlug: "01" },
    store,
    holidays: new Set(["2026-12-24"]),
    window: WINDOW,
    now: NOW,
  });
}

describe("search defaults", () => {
  const q = (raw: Record<string, string>) => SearchQuerySchema.parse(raw);
  it("fills departure and return from the site defaults", () => {
    expect(periodValues(q({}), DEFAULTS, "2026-11-22")).toEqual({
      sd: "2026-11-23",
      st: "11:00",
      ed: "2026-11-23",
      et: "18:00",
      rentalPeriodSlug: "",
    });
  });

  it("derives the return date from a rental period slug", () => {
    expect(periodValues(q({ sd: "2026/12/01", rental_period_slug: "03" }), DEFAULTS, "2026-11-22").ed).toBe(
      "2026-12-03",
    );
    expect(periodValues(q({ sd: "2026-12-01", rental_period_slug: "09" }), DEFAULTS, "2026-11-22").ed).toBe(
      "2026-12-15",
    );
    expect(periodValues(q({ sd: "2026-12-01", rental_period_slug: "10" }), DEFAULTS, "2026-11-22").ed).toBe(
      "2026-12-30",
    );
  });

  it("keeps what was typed, even when it is wrong, for the form to show again", () => {
    const v = periodValues(q({ sd: "2026-02-31", st: "25:00" }), DEFAULTS, "2026-11-22");
    expect(v.sd).toBe("2026-02-31");
    expect(v.st).toBe("25:00");
  });
});

describe("period rules", () => {
  it("accepts a bookable period", () => {
    const r = check("2026-12-01", "10:00", "2026-12-03", "18:00");
    expect(r.errors).toEqual({});
    expect(r.period?.start.toISOString()).toBe("2026-12-01T01:00:00.000Z");
  });

  it.each([
    ["dates that do not exist", ["2026-02-30", "10:00", "2026-12-03", "18:00"], { sd: "date_invalid" }],
    ["times that do not exist", ["2026-12-01", "24:30", "2026-12-03", "18:00"], { st: "time_invalid" }],
    ["an empty date", ["", "10:00", "2026-12-03", "18:00"], { sd: "date_required" }],
    ["a return before departure", ["2026-12-03", "10:00", "2026-12-01", "18:00"], { ed: "return_not_after_departure" }],
    [
      "a return equal to departure",
      ["2026-12-01", "10:00", "2026-12-01", "10:00"],
      { ed: "return_not_after_departure" },
    ],
    ["a departure in the past", ["2026-11-21", "10:00", "2026-11-23", "18:00"], { sd: "departure_in_past" }],
    ["a departure inside the lead time", ["2026-11-22", "11:00", "2026-11-23", "18:00"], { st: "within_lead_time" }],
    [
      "a departure beyond the advance period",
      ["2027-06-03", "10:00", "2027-06-04", "18:00"],
      { sd: "beyond_advance_period" },
    ],
    ["a departure on a regular holiday", ["2026-12-02", "10:00", "2026-12-03", "18:00"], { sd: "store_closed" }],
    ["a return on a store holiday", ["2026-12-22", "10:00", "2026-12-24", "18:00"], { ed: "store_closed" }],
    ["a departure before opening", ["2026-12-01", "08:30", "2026-12-03", "18:00"], { st: "outside_business_hours" }],
    ["a return after closing", ["2026-12-01", "10:00", "2026-12-03", "19:30"], { et: "outside_business_hours" }],
  ])("rejects %s at the right field", (_name, [sd, st, ed, et], expected) => {
    const r = check(sd as string, st as string, ed as string, et as string);
    expect(r.period).toBeNull();
    expect(Object.fromEntries(Object.entries(r.errors).map(([k, v]) => [k, v?.code]))).toEqual(expected);
  });

  it("honours the store's reserve max date", () => {
    const r = check("2026-12-20", "10:00", "2026-12-21", "18:00", { ...STORE, reserveMaxDate: "2026-12-10" });
    expect(r.errors.sd).toEqual({ code: "beyond_advance_period", params: { date: "2026/12/10" } });
  });

  it("lets a 24-hour store take any time", () => {
    expect(check("2026-12-01", "03:00", "2026-12-03", "23:30", { ...STORE, isOpen24h: true }).errors).toEqual({});
  });
});
