import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { zonedInstant } from "../../common/calendar-date";
import { FEE_TIER_KEYS, type FeePlanTiers } from "./fee-plan";
import { lateReturnCharge } from "./late-return";

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

describe("lateReturnCharge", () => {
  it("is nothing for a return on time or early", () => {
    const period = booked(at("2026-12-02", "10:00"));
    for (const returnedAt of [at("2026-12-02", "10:00"), at("2026-12-02", "09:00")]) {
      expect(lateReturnCharge({ plan: HOURS, booked: period, returnedAt, immunityPerDay: 1100 })).toEqual({
        lateHours: 0,
        rentCarFee: 0,
        immunityFee: 0,
        total: 0,
      });
    }
  });

  it("charges one extra hour at the extra-hour price after a day (hours mode)", () => {
    const charge = lateReturnCharge({
      plan: HOURS,
      booked: booked(at("2026-12-02", "10:00")),
      returnedAt: at("2026-12-02", "11:00"),
      immunityPerDay: null,
    });
    expect(charge).toEqual({ lateHours: 1, rentCarFee: 1000, immunityFee: 0, total: 1000 });
  });

  it("moves a short rental to its next tier: 6 hours booked, 7 used is the 12-hour price", () => {
    const charge = lateReturnCharge({
      plan: HOURS,
      booked: booked(at("2026-12-01", "16:00")),
      returnedAt: at("2026-12-01", "16:20"),
      immunityPerDay: null,
    });
    expect(charge).toMatchObject({ lateHours: 1, rentCarFee: 1500 });
  });

  it("charges a started day of waiver when the lateness starts a new 24 hours", () => {
    const charge = lateReturnCharge({
      plan: HOURS,
      booked: booked(at("2026-12-02", "10:00")),
      returnedAt: at("2026-12-02", "12:00"),
      immunityPerDay: 1100,
    });
    expect(charge).toEqual({ lateHours: 2, rentCarFee: 2000, immunityFee: 1100, total: 3100 });
  });

  it("charges the added nights in nights mode; a later hour of the same day adds no night", () => {
    const period = booked(at("2026-12-03", "18:00"));
    expect(
      lateReturnCharge({ plan: NIGHTS, booked: period, returnedAt: at("2026-12-04", "10:00"), immunityPerDay: 1100 }),
    ).toEqual({ lateHours: 16, rentCarFee: 5000, immunityFee: 1100, total: 6100 });
    expect(
      lateReturnCharge({ plan: NIGHTS, booked: period, returnedAt: at("2026-12-03", "19:30"), immunityPerDay: null }),
    ).toEqual({ lateHours: 2, rentCarFee: 0, immunityFee: 0, total: 0 });
  });

  it("never charges less for a later return (fast-check)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 * 60 }), fc.integer({ min: 1, max: 24 * 60 }), (a, b) => {
        const period = booked(at("2026-12-02", "10:00"));
        const charge = (minutes: number) =>
          lateReturnCharge({
            plan: HOURS,
            booked: period,
            returnedAt: new Date(period.end.getTime() + minutes * 60_000),
            immunityPerDay: 1100,
          }).total;
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(charge(late)).toBeGreaterThanOrEqual(charge(early));
      }),
    );
  });
});
