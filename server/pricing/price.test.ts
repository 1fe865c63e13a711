import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { zonedInstant } from "#common/calendar-date";
import { type FeePlanTiers, FeePlanTiersSchema } from "./fee-plan";
import { calendarNights, chargeableHours, priceRental, type RentalPeriod, rentalDays, rentCarFee } from "./price";

const TZ = "Asia/Tokyo";
const EMPTY = {
  upTo3h: null,
  upTo6h: null,
  upTo12h: null,
  upTo24h: null,
  extraHour: null,
  extraDay: null,
  sameDay: null,
  nights1: null,
  nights2: null,
  nights3: null,
  nights4: null,
  nights5: null,
  nights6: null,
  nights7: null,
  nights14: null,
  month: null,
};
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
const MONTHLY: FeePlanTiers = { ...EMPTY, mode: 3, month: 90000, extraDay: 4000 };

function period(from: string, to: string): RentalPeriod {
  const [d1, t1] = from.split(" ") as [string, string];
  const [d2, t2] = to.split(" ") as [string, string];
  return { start: zonedInstant(d1, t1, TZ), end: zonedInstant(d2, t2, TZ), timeZone: TZ };
}

describe("period arithmetic", () => {
  it("rounds hours up and counts calendar nights in the store's zone", () => {
    expect(chargeableHours(period("2026-12-01 10:00", "2026-12-01 13:00"))).toBe(3);
    expect(chargeableHours(period("2026-12-01 10:00", "2026-12-01 13:01"))).toBe(4);
    expect(calendarNights(period("2026-12-01 23:00", "2026-12-02 01:00"))).toBe(1);
    expect(calendarNights(period("2026-12-01 10:00", "2026-12-01 18:00"))).toBe(0);
    expect(calendarNights(period("2026-12-28 10:00", "2027-01-04 10:00"))).toBe(7);
  });

  it("counts rental days for per-day charges", () => {
    expect(rentalDays(1, period("2026-12-01 10:00", "2026-12-01 18:00"))).toBe(1);
    expect(rentalDays(1, period("2026-12-01 10:00", "2026-12-02 10:01"))).toBe(2);
    expect(rentalDays(2, period("2026-12-01 10:00", "2026-12-03 09:00"))).toBe(3);
  });
});

describe("hours mode", () => {
  it.each([
    ["2026-12-01 10:00", "2026-12-01 12:00", 3000],
    ["2026-12-01 10:00", "2026-12-01 13:00", 3000],
    ["2026-12-01 10:00", "2026-12-01 13:30", 4000],
    ["2026-12-01 10:00", "2026-12-01 22:00", 5500],
    ["2026-12-01 10:00", "2026-12-02 10:00", 7000],
    ["2026-12-01 10:00", "2026-12-02 12:00", 7000 + 2 * 1000],
    ["2026-12-01 10:00", "2026-12-02 20:00", 7000 + 6000],
    ["2026-12-01 10:00", "2026-12-03 10:00", 7000 + 6000],
    ["2026-12-01 10:00", "2026-12-03 13:00", 7000 + 6000 + 3 * 1000],
  ])("%s → %s costs %i", (from, to, fee) => {
    expect(rentCarFee(HOURS, period(from, to))).toBe(fee);
  });
});

describe("nights mode", () => {
  it.each([
    ["2026-12-01 10:00", "2026-12-01 18:00", 6000],
    ["2026-12-01 10:00", "2026-12-02 18:00", 10000],
    ["2026-12-01 10:00", "2026-12-08 18:00", 36000],
    ["2026-12-01 10:00", "2026-12-09 18:00", 36000 + 4500],
    ["2026-12-01 10:00", "2026-12-14 18:00", 60000],
    ["2026-12-01 10:00", "2026-12-15 18:00", 60000],
    ["2026-12-01 10:00", "2026-12-16 18:00", 60000 + 4500],
    ["2026-12-01 10:00", "2026-12-29 18:00", 100000],
    ["2026-12-01 10:00", "2026-12-30 18:00", 100000],
    ["2026-12-01 10:00", "2026-12-31 18:00", 100000 + 4500],
  ])("%s → %s costs %i", (from, to, fee) => {
    expect(rentCarFee(NIGHTS, period(from, to))).toBe(fee);
  });
});

describe("monthly mode", () => {
  it("charges the month up to 29 nights, then extra days capped at another month", () => {
    expect(rentCarFee(MONTHLY, period("2026-12-01 10:00", "2026-12-03 10:00"))).toBe(90000);
    expect(rentCarFee(MONTHLY, period("2026-12-01 10:00", "2026-12-30 10:00"))).toBe(90000);
    expect(rentCarFee(MONTHLY, period("2026-12-01 10:00", "2026-12-31 10:00"))).toBe(94000);
    expect(rentCarFee(MONTHLY, period("2026-12-01 10:00", "2027-01-28 10:00"))).toBe(180000);
    expect(rentCarFee(MONTHLY, period("2026-12-01 10:00", "2027-01-29 10:00"))).toBe(184000);
  });
});

describe("a full price", () => {
  it("adds options per rental and per day and immunity per day", () => {
    const p = period("2026-12-01 10:00", "2026-12-03 18:00");
    const breakdown = priceRental({
      plan: NIGHTS,
      period: p,
      options: [
        { optionId: 1, price: 550, priceUnit: 2, quantity: 2 },
        { optionId: 2, price: 1100, priceUnit: 1, quantity: 1 },
      ],
      immunityPerDay: 1650,
      withImmunity: true,
    });
    expect(breakdown).toEqual({
      rentCarFee: 15000,
      optionFee: 550 * 2 * 3 + 1100,
      immunityFee: 1650 * 3,
      total: 15000 + 3300 + 1100 + 4950,
      rentalDays: 3,
    });
    expect(priceRental({ plan: NIGHTS, period: p, immunityPerDay: 1650, withImmunity: false }).immunityFee).toBe(0);
  });

  it("refuses a plan lacking a tier it needs", () => {
    expect(() => rentCarFee({ ...HOURS, upTo6h: null }, period("2026-12-01 10:00", "2026-12-01 15:00"))).toThrow(/6h/);
    expect(FeePlanTiersSchema.safeParse({ ...HOURS, upTo6h: null }).success).toBe(false);
    expect(FeePlanTiersSchema.safeParse({ ...NIGHTS, nights3: 9000 }).success).toBe(false);
    expect(FeePlanTiersSchema.safeParse(NIGHTS).success).toBe(true);
  });

  it("names the tier at fault: the missing one, and the one below the last tier filled before a gap", () => {
    const issues = (plan: FeePlanTiers) =>
      (FeePlanTiersSchema.safeParse(plan).error?.issues ?? []).map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(issues({ ...HOURS, upTo6h: null, upTo12h: 2000 })).toEqual([
      "upTo6h: required for this mode",
      "upTo12h: must not be below the shorter tier",
    ]);
    expect(issues({ ...NIGHTS, nights3: 9000 })).toEqual(["nights3: must not be below the shorter tier"]);
  });
});

/** Plans whose tiers rise with length, as the fee-plan schema demands. */
const ascending = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: n, maxLength: n }).map((steps) => {
    let sum = 0;
    return steps.map((s) => {
      sum += s;
      return sum;
    });
  });
const yen = fc.integer({ min: 0, max: 30_000 });
const planArb: fc.Arbitrary<FeePlanTiers> = fc.oneof(
  fc.tuple(ascending(4), yen, yen).map(([t, extraHour, extraDay]) => ({
    ...EMPTY,
    mode: 1 as const,
    upTo3h: t[0] ?? 0,
    upTo6h: t[1] ?? 0,
    upTo12h: t[2] ?? 0,
    upTo24h: t[3] ?? 0,
    extraHour,
    extraDay,
  })),
  fc.tuple(ascending(10), yen).map(([t, extraDay]) => ({
    ...EMPTY,
    mode: 2 as const,
    sameDay: t[0] ?? 0,
    nights1: t[1] ?? 0,
    nights2: t[2] ?? 0,
    nights3: t[3] ?? 0,
    nights4: t[4] ?? 0,
    nights5: t[5] ?? 0,
    nights6: t[6] ?? 0,
    nights7: t[7] ?? 0,
    nights14: t[8] ?? 0,
    month: t[9] ?? 0,
    extraDay,
  })),
  fc.tuple(yen, yen).map(([month, extraDay]) => ({ ...EMPTY, mode: 3 as const, month, extraDay })),
);

describe("pricing properties", () => {
  const base = zonedInstant("2026-12-01", "00:00", TZ).getTime();
  const minutes = fc.integer({ min: 1, max: 70 * 24 * 60 });

  it("generated plans are valid plans", () => {
    fc.assert(fc.property(planArb, (plan) => FeePlanTiersSchema.safeParse(plan).success));
  });

  it("a longer rental never costs less under the same plan", () => {
    fc.assert(
      fc.property(planArb, fc.integer({ min: 0, max: 24 * 60 - 1 }), minutes, minutes, (plan, startMin, a, b) => {
        const start = new Date(base + startMin * 60_000);
        const [short, long] = a <= b ? [a, b] : [b, a];
        const p1 = { start, end: new Date(start.getTime() + short * 60_000), timeZone: TZ };
        const p2 = { start, end: new Date(start.getTime() + long * 60_000), timeZone: TZ };
        expect(rentCarFee(plan, p2)).toBeGreaterThanOrEqual(rentCarFee(plan, p1));
      }),
    );
  });

  it("the total is the sum of its parts, in integer yen", () => {
    const option = fc.record({
      optionId: fc.nat(),
      price: fc.integer({ min: 0, max: 5000 }),
      priceUnit: fc.constantFrom(1, 2),
      quantity: fc.integer({ min: 1, max: 4 }),
    });
    fc.assert(
      fc.property(
        planArb,
        minutes,
        fc.array(option, { maxLength: 5 }),
        yen,
        fc.boolean(),
        (plan, m, options, imm, on) => {
          const start = new Date(base);
          const b = priceRental({
            plan,
            period: { start, end: new Date(base + m * 60_000), timeZone: TZ },
            options,
            immunityPerDay: imm,
            withImmunity: on,
          });
          expect(b.total).toBe(b.rentCarFee + b.optionFee + b.immunityFee);
          for (const v of Object.values(b)) expect(Number.isInteger(v)).toBe(true);
          if (!on) expect(b.immunityFee).toBe(0);
        },
      ),
    );
  });
});
