import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { includedTax, summarizeByRate } from "./tax";

describe("consumption tax on an invoice", () => {
  it("is floor(total × 10 / 110) at the standard rate", () => {
    expect(includedTax(11_000)).toBe(1_000);
    expect(includedTax(11_550)).toBe(1_050);
    expect(includedTax(7_000)).toBe(636); // 636.36…
    expect(includedTax(109)).toBe(9); // 9.909…: rounded down, never up
    expect(includedTax(0)).toBe(0);
    expect(includedTax(1_080, 8)).toBe(80);
  });

  it("is computed once per rate from the rate's total, not line by line", () => {
    // Three lines of 109 yen: 3 × floor(9.9) = 27 if rounded per line; once over 327 it is 29.
    const [summary] = summarizeByRate([{ amount: 109 }, { amount: 109 }, { amount: 109 }]);
    expect(summary).toEqual({ rate: 10, total: 327, tax: 29 });
  });

  it("keeps each rate apart, highest first", () => {
    expect(summarizeByRate([{ amount: 1_080, rate: 8 }, { amount: 2_200 }, { amount: 1_100, rate: 10 }])).toEqual([
      { rate: 10, total: 3_300, tax: 300 },
      { rate: 8, total: 1_080, tax: 80 },
    ]);
  });

  it("never exceeds a tenth of the total nor falls a yen short of the exact tax", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (total) => {
        const tax = includedTax(total);
        expect(tax * 110).toBeLessThanOrEqual(total * 10);
        expect((tax + 1) * 110).toBeGreaterThan(total * 10);
      }),
    );
  });

  it("refuses a fraction or a negative amount", () => {
    expect(() => includedTax(10.5)).toThrow();
    expect(() => includedTax(-1)).toThrow();
  });
});
