import { describe, expect, it } from "vitest";
import { zonedInstant } from "#common/calendar-date";
import { cancellationFee } from "./cancellation-fee";

const TZ = "Asia/Tokyo";
/** The example: 100% on the day, 50% one to three days before, nothing earlier. */
const STEPS = [
  { daysBefore: 3, percent: 50 },
  { daysBefore: 0, percent: 100 },
];
const START = zonedInstant("2026-12-10", "10:00", TZ);
const feeAt = (date: string, time: string, total = 30_001) =>
  cancellationFee({ total, steps: STEPS, startAt: START, now: zonedInstant(date, time, TZ), timeZone: TZ });

describe("cancellationFee", () => {
  it("keeps the whole total on the departure day", () => {
    expect(feeAt("2026-12-10", "08:00")).toEqual({ daysBefore: 0, percent: 100, fee: 30_001 });
  });

  it("keeps half, rounded down, one to three calendar days before", () => {
    expect(feeAt("2026-12-09", "23:59")).toEqual({ daysBefore: 1, percent: 50, fee: 15_000 });
    expect(feeAt("2026-12-07", "00:00")).toEqual({ daysBefore: 3, percent: 50, fee: 15_000 });
  });

  it("keeps nothing earlier than every step", () => {
    expect(feeAt("2026-12-06", "23:59")).toEqual({ daysBefore: 4, percent: 0, fee: 0 });
  });

  it("counts days in the store's time zone: 23:30 UTC on the 9th is already the 10th in Japan", () => {
    const now = new Date("2026-12-09T23:30:00Z");
    expect(cancellationFee({ total: 1000, steps: STEPS, startAt: START, now, timeZone: TZ }).daysBefore).toBe(0);
  });

  it("keeps nothing without a schedule, and a cancellation after the departure counts as the day itself", () => {
    expect(
      cancellationFee({
        total: 1000,
        steps: [],
        startAt: START,
        now: zonedInstant("2026-12-10", "09:00", TZ),
        timeZone: TZ,
      }),
    ).toEqual({ daysBefore: 0, percent: 0, fee: 0 });
    expect(feeAt("2026-12-11", "09:00")).toMatchObject({ daysBefore: 0, percent: 100 });
  });
});
