import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MONTH, parseId } from "./params";

describe("parseId", () => {
  it.each([
    ["1", 1],
    ["7", 7],
    ["10", 10],
    ["123456", 123456],
    ["999999999", 999_999_999],
  ])("accepts %s", (value, id) => {
    expect(parseId(value)).toBe(id);
  });

  it.each([
    "0",
    "-1",
    "+1",
    "1.5",
    "1e3",
    "0x10",
    "01",
    "007",
    "1000000000",
    "9999999999",
    "",
    " 1",
    "1 ",
    "1\n",
    "１２",
    "١٢",
    "१२",
    "abc",
    "1a",
    "Infinity",
    "NaN",
  ])("refuses %j", (value) => {
    expect(parseId(value)).toBeNull();
  });

  it("refuses null and undefined", () => {
    expect(parseId(null)).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });

  it("reads back every id in range and nothing else", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (n) => parseId(String(n)) === n),
      { seed: 20261201, numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 12 }), (s) => {
        const id = parseId(s);
        return id === null || (String(id) === s && id >= 1 && id <= 999_999_999);
      }),
      { seed: 20261201, numRuns: 1000 },
    );
  });
});

describe("MONTH", () => {
  it("matches YYYY-MM months only", () => {
    for (const ok of ["2026-01", "2026-12", "0000-01", "9999-12"]) expect(MONTH.test(ok), ok).toBe(true);
    for (const bad of ["2026-00", "2026-13", "2026-1", "26-01", "2026-01-01", "2026/01", ""])
      expect(MONTH.test(bad), bad).toBe(false);
  });
});
