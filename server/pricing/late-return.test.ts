import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { zonedInstant } from "#common/calendar-date";
import { FEE_TIER_KEYS, type FeePlanTiers } from "./fee-plan";
import { fuelCharge, lateHours, lateRates, lateRent, lateReturnCharge } from "./late-return";

const TZ = "Asia/Tokyo";
const EMPTY = Object.fromEntries(FEE_TIER_KEYS.map((k) => [k, null])) as Omit<FeePlanTiers, "mode">;
/** The hours and nights plans of docs/pricing.md's worked examples. */
const HOURS: FeePlanTiers = {
  ...EMPTY,
  mode: 1,
  upTo3h: 3000,
  upTo6h: 4000,
  upTo12h: 5500,
  upTo24h: 7000,
  extraHour: 1000,
  extraDay: 6000,
};
const NIGHTS: FeePlanTiers = {
  ...EMPTY,
  mode: 2,
  sameDay: 6000,
  nights1: 10000,
  nights2: 15000,
  nights3: 20000,
  nights4: 25000,
  nights5: 29000,
  nights6: 33000,
  nights7: 36000,
  nights14: 60000,
  month: 100000,
  extraDay: 4500,
};
const at = (date: string, time: string) => zonedInstant(date, time, TZ);
const booked = (end: Date) => ({ start: at("2026-12-01", "10:00"), end, timeZone: TZ });
const MIN = 60_000;
const charge = (end: Date, minutesLate: number, immunityPerDay: number | null = null, plan = HOURS, grace = 30) =>
  lateReturnCharge({
    plan,
    booked: booked(end),
    returnedAt: new Date(end.getTime() + minutesLate * MIN),
    immunityPerDay,
    graceMinutes: grace,
  });
const DAY_END = at("2026-12-02", "10:00");

describe("lateReturnCharge", () => {
  it("is nothing for a return on time, early, or within the grace period", () => {
    for (const minutes of [0, -60, 1, 30]) {
      expect(charge(DAY_END, minutes, 1100)).toMatchObject({ lateHours: 0, rentCarFee: 0, immunityFee: 0, total: 0 });
    }
  });

  it("charges 3.5 hours late with a 30-minute grace as 4 started hours at the extra-hour price", () => {
    expect(charge(DAY_END, 210)).toMatchObject({ lateHours: 4, lateDays: 0, rentCarFee: 4000, total: 4000 });
  });

  it("charges 2 hours late as 2 hours, and 31 minutes late as 1 hour", () => {
    expect(charge(DAY_END, 120).rentCarFee).toBe(2000);
    expect(charge(DAY_END, 31).rentCarFee).toBe(1000);
  });

  it("caps a day's hours at the day price (the 24-hour price), then charges each further day", () => {
    // 10 hours at 1,000 would be 10,000: capped at 7,000.
    expect(charge(DAY_END, 10 * 60).rentCarFee).toBe(7000);
    // 27 hours: a day (7,000) and 3 hours (3,000).
    expect(charge(DAY_END, 27 * 60)).toMatchObject({ lateHours: 27, lateDays: 1, rentCarFee: 10_000 });
    // 2 days and 23 hours: 2 days and a capped day.
    expect(charge(DAY_END, 71 * 60).rentCarFee).toBe(21_000);
  });

  it("a grace of 0 charges the first minute; a longer grace waives more", () => {
    expect(charge(DAY_END, 1, null, HOURS, 0).rentCarFee).toBe(1000);
    expect(charge(DAY_END, 90, null, HOURS, 120).rentCarFee).toBe(0);
    expect(charge(DAY_END, 121, null, HOURS, 120).rentCarFee).toBe(3000);
  });

  it("charges a day of waiver when the lateness starts a new 24 hours (hours mode)", () => {
    expect(charge(DAY_END, 120, 1100)).toMatchObject({
      lateHours: 2,
      rentCarFee: 2000,
      immunityFee: 1100,
      total: 3100,
    });
  });

  it("prices a nights plan by its same-day price and a sixth of it per hour; the waiver for the nights added", () => {
    expect(lateRates(NIGHTS)).toEqual({ hour: 1000, day: 6000 });
    const end = at("2026-12-03", "18:00");
    // 16 hours: capped at the day; the next calendar day adds a day of waiver.
    expect(charge(end, 16 * 60, 1100, NIGHTS)).toMatchObject({ lateHours: 16, rentCarFee: 6000, immunityFee: 1100 });
    // 90 minutes the same evening: 2 hours, no day added.
    expect(charge(end, 90, 1100, NIGHTS)).toMatchObject({ lateHours: 2, rentCarFee: 2000, immunityFee: 0 });
  });

  it("uses a nights plan's extra-hour price when it has one, and the extra day of a monthly plan", () => {
    expect(lateRates({ ...NIGHTS, extraHour: 800 })).toEqual({ hour: 800, day: 6000 });
    expect(lateRates({ ...EMPTY, mode: 3, month: 90_000, extraDay: 4000 })).toEqual({ hour: 667, day: 4000 });
  });

  it("never charges less for a later return, and never more per day than the day price (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -60, max: 5 * 24 * 60 }),
        fc.integer({ min: -60, max: 5 * 24 * 60 }),
        fc.integer({ min: 0, max: 180 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 30_000 }),
        (a, b, grace, hour, day) => {
          const plan = { ...HOURS, extraHour: hour, upTo24h: Math.max(day, HOURS.upTo12h ?? 0) };
          const total = (m: number) => charge(DAY_END, m, 1100, plan, grace).total;
          const [early, late] = a <= b ? [a, b] : [b, a];
          expect(total(late)).toBeGreaterThanOrEqual(total(early));
          const c = charge(DAY_END, late, null, plan, grace);
          const rates = lateRates(plan);
          expect(c.rentCarFee).toBeLessThanOrEqual((c.lateDays + 1) * rates.day);
          expect(c.rentCarFee).toBeLessThanOrEqual(c.lateDays * rates.day + (c.lateHours % 24) * rates.hour);
          expect(Number.isInteger(c.total)).toBe(true);
        },
      ),
    );
  });

  it("hours late: 0 up to the grace, then the started hours counted from the booked return (fast-check)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 1440 }), (minutes, grace) => {
        const hours = lateHours(minutes * MIN, grace);
        if (minutes <= grace) expect(hours).toBe(0);
        else expect(hours).toBe(Math.ceil(minutes / 60));
      }),
    );
  });

  it("the rent of n + 24 hours is the rent of n hours and a day (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 50_000 }),
        (n, hour, day) => {
          expect(lateRent(n + 24, { hour, day })).toBe(lateRent(n, { hour, day }) + day);
        },
      ),
    );
  });
});

describe("fuelCharge", () => {
  it("charges the eighths missing of the tank, rounded up to a litre, at the price per litre", () => {
    // F out, 5/8 back, 40-litre tank: 3/8 × 40 = 15 litres × 200.
    expect(fuelCharge({ departureFuel: 8, returnFuel: 5, tankLitres: 40, pricePerLitre: 200 })).toEqual({
      eighths: 3,
      litres: 15,
      amount: 3000,
    });
    // 1/8 of 42 litres is 5.25: 6 litres.
    expect(fuelCharge({ departureFuel: 8, returnFuel: 7, tankLitres: 42, pricePerLitre: 180 })).toEqual({
      eighths: 1,
      litres: 6,
      amount: 1080,
    });
  });

  it("is nothing when the car came back as full or fuller, or the departure's fuel is unknown", () => {
    expect(fuelCharge({ departureFuel: 6, returnFuel: 8, tankLitres: 40, pricePerLitre: 200 }).amount).toBe(0);
    expect(fuelCharge({ departureFuel: 8, returnFuel: 8, tankLitres: 40, pricePerLitre: 200 }).amount).toBe(0);
    expect(fuelCharge({ departureFuel: null, returnFuel: 2, tankLitres: 40, pricePerLitre: 200 }).amount).toBe(0);
  });

  it("is whole litres covering what is missing, and grows with the eighths missing (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 10_000 }),
        (out, back, tank, price) => {
          const c = fuelCharge({ departureFuel: out, returnFuel: back, tankLitres: tank, pricePerLitre: price });
          expect(Number.isInteger(c.litres)).toBe(true);
          expect(c.litres * 8).toBeGreaterThanOrEqual(c.eighths * tank);
          expect((c.litres - 1) * 8).toBeLessThan(c.eighths * tank);
          expect(c.amount).toBe(c.litres * price);
          if (back > 0) {
            const less = fuelCharge({
              departureFuel: out,
              returnFuel: back - 1,
              tankLitres: tank,
              pricePerLitre: price,
            });
            expect(less.amount).toBeGreaterThanOrEqual(c.amount);
          }
        },
      ),
    );
  });
});
