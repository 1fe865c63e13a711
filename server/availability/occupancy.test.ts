import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Hold, peakOverlap } from "./occupancy";

const h = (start: number, end: number): Hold => ({ carTypeId: 1, start, end });

describe("peak overlap", () => {
  it("counts holds in force together", () => {
    expect(peakOverlap([], 0, 10)).toBe(0);
    expect(peakOverlap([h(0, 5), h(3, 8), h(4, 6)], 0, 10)).toBe(3);
    expect(peakOverlap([h(0, 5), h(3, 8), h(4, 6)], 6, 10)).toBe(1);
  });

  it("frees a car at its return instant", () => {
    expect(peakOverlap([h(0, 5), h(5, 10)], 0, 10)).toBe(1);
  });

  it("ignores holds outside the period", () => {
    expect(peakOverlap([h(0, 5), h(20, 30)], 5, 20)).toBe(0);
  });

  it("equals the count at the busiest instant (property)", () => {
    const hold = fc
      .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 40 }))
      .map(([s, d]) => h(s, s + d));
    fc.assert(
      fc.property(
        fc.array(hold, { maxLength: 30 }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 60 }),
        (holds, from, len) => {
          const to = from + len;
          let brute = 0;
          for (let t = from; t < to; t++) {
            brute = Math.max(brute, holds.filter((x) => x.start <= t && t < x.end).length);
          }
          expect(peakOverlap(holds, from, to)).toBe(brute);
        },
      ),
    );
  });
});
