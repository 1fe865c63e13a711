import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  dateRuns,
  daysBetween,
  isValidIsoDate,
  isValidTime,
  localDate,
  localTime,
  weekdayOf,
  zonedInstant,
} from "./calendar-date";

describe("calendar dates", () => {
  it("accepts only dates that exist", () => {
    expect(isValidIsoDate("2028-02-29")).toBe(true);
    expect(isValidIsoDate("2027-02-29")).toBe(false);
    expect(isValidIsoDate("2026-04-31")).toBe(false);
    expect(isValidIsoDate("2026-13-01")).toBe(false);
    expect(isValidIsoDate("2026-1-01")).toBe(false);
    expect(isValidIsoDate("garbage")).toBe(false);
    expect(isValidTime("23:59")).toBe(true);
    expect(isValidTime("24:00")).toBe(false);
    expect(isValidTime("9:00")).toBe(false);
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(daysBetween("2026-11-22", "2026-12-21")).toBe(29);
    expect(weekdayOf("2026-11-22")).toBe(0);
  });

  it("folds dates into runs of consecutive days", () => {
    expect(dateRuns(["2026-12-13", "2026-12-12", "2026-12-31", "2027-01-01", "2027-01-05", "2026-12-12"])).toEqual([
      ["2026-12-12", "2026-12-13"],
      ["2026-12-31", "2027-01-01"],
      ["2027-01-05", "2027-01-05"],
    ]);
    expect(dateRuns([])).toEqual([]);
  });

  it("maps wall-clock times in Tokyo to instants and back", () => {
    const d = zonedInstant("2026-11-22", "09:30", "Asia/Tokyo");
    expect(d.toISOString()).toBe("2026-11-22T00:30:00.000Z");
    expect(localDate(d, "Asia/Tokyo")).toBe("2026-11-22");
    expect(localTime(d, "Asia/Tokyo")).toBe("09:30");
  });

  it("round-trips any date and time in zones with and without DST (property)", () => {
    const zones = fc.constantFrom("Asia/Tokyo", "UTC", "Asia/Seoul", "Asia/Taipei");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), fc.integer({ min: 0, max: 1439 }), zones, (day, minute, tz) => {
        const date = addDays("2025-01-01", day);
        const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
        const instant = zonedInstant(date, time, tz);
        expect(localDate(instant, tz)).toBe(date);
        expect(localTime(instant, tz)).toBe(time);
        expect(daysBetween(date, addDays(date, day % 40))).toBe(day % 40);
      }),
    );
  });
});
