import { describe, expect, it } from "vitest";
import { storeSchedule } from "#tests/fixtures/store-schedule";
import { isHighSeason, isStoreClosed, isWithinBusinessHours, selectableTimes } from "./store-rules";

const STORE = storeSchedule({ regularHolidayDates: [15], highSeasonWeek: [6], highSeasonDates: ["2026-12-29"] });

describe("store schedule", () => {
  it("is closed on regular holidays by weekday and date, store holidays and after closing", () => {
    expect(isStoreClosed(STORE, undefined, "2026-12-02")).toBe(true); // Wednesday
    expect(isStoreClosed(STORE, undefined, "2026-12-15")).toBe(true);
    expect(isStoreClosed(STORE, new Set(["2026-12-31"]), "2026-12-31")).toBe(true);
    expect(isStoreClosed(STORE, undefined, "2026-12-01")).toBe(false);
    expect(isStoreClosed({ ...STORE, closedDate: "2027-01-01" }, undefined, "2027-01-05")).toBe(true);
  });

  it("takes departures and returns within business hours, inclusive, or at any time when open 24 h", () => {
    expect(isWithinBusinessHours(STORE, "09:00")).toBe(true);
    expect(isWithinBusinessHours(STORE, "19:00")).toBe(true);
    expect(isWithinBusinessHours(STORE, "08:59")).toBe(false);
    expect(isWithinBusinessHours(STORE, "19:30")).toBe(false);
    expect(isWithinBusinessHours({ ...STORE, isOpen24h: true }, "03:00")).toBe(true);
  });

  it("knows high season by weekday and date", () => {
    expect(isHighSeason(STORE, "2026-12-05")).toBe(true); // Saturday
    expect(isHighSeason(STORE, "2026-12-29")).toBe(true);
    expect(isHighSeason(STORE, "2026-12-28")).toBe(false);
  });

  it("offers half-hour times within business hours", () => {
    const times = selectableTimes(STORE);
    expect(times[0]).toBe("09:00");
    expect(times.at(-1)).toBe("19:00");
    expect(times).toHaveLength(21);
    expect(selectableTimes({ ...STORE, isOpen24h: true })).toHaveLength(48);
  });
});
