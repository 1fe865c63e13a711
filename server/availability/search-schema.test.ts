import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSearchQuery, SearchQuerySchema } from "./search-schema";

const parse = (query: string) => parseSearchQuery(new URLSearchParams(query));

describe("parseSearchQuery", () => {
  it("keeps good values, normalising slashed dates", () => {
    const q = parse(
      "si=12&sd=2026/12/01&st=10:00&ed=2026-12-03&et=18:30&date_undecided=0&rental_period_slug=03" +
        "&capacity=5&fwd=1&smoking=2&mission=1&sort=price_desc&empty=1",
    );
    expect(q).toEqual({
      si: 12,
      sd: "2026-12-01",
      st: "10:00",
      ed: "2026-12-03",
      et: "18:30",
      date_undecided: false,
      rental_period_slug: "03",
      capacity: 5,
      fwd: true,
      smoking: 2,
      mission: 1,
      sort: "price_desc",
      empty: 1,
    });
  });

  it.each(["1", "true", "on"])("reads %s as a set flag", (v) => {
    expect(parse(`date_undecided=${v}&fwd=${v}`)).toMatchObject({ date_undecided: true, fwd: true });
  });

  it("drops filter values it does not know", () => {
    const q = parse("capacity=9&fwd=yes&smoking=3&mission=0&sort=cheapest&empty=x&rental_period_slug=11");
    expect(q).toEqual({
      si: undefined,
      sd: undefined,
      st: undefined,
      ed: undefined,
      et: undefined,
      date_undecided: false,
      rental_period_slug: undefined,
      capacity: undefined,
      fwd: false,
      smoking: undefined,
      mission: undefined,
      sort: undefined,
      empty: undefined,
    });
    expect(parse("capacity=1").capacity).toBeUndefined();
    expect(parse("capacity=05").capacity).toBeUndefined();
  });

  it("keeps a mistyped date or time as typed for the error message, and drops oversize ones", () => {
    const q = parse("sd=2026-02-30&st=25:99&ed=abc");
    expect(q.sd).toBe("2026-02-30");
    expect(q.st).toBe("25:99");
    expect(q.ed).toBe("abc");
    expect(parse(`sd=${"9".repeat(21)}&st=${"1".repeat(11)}`)).toMatchObject({ sd: undefined, st: undefined });
  });

  it("tells an absent store (undefined) from one given but not an id (null)", () => {
    expect(parse("").si).toBeUndefined();
    expect(parse("sd=2026-12-01").si).toBeUndefined();
    expect(parse("si=abc").si).toBeNull();
    expect(parse("si=").si).toBeNull();
    expect(parse("si=0").si).toBeNull();
    expect(parse("si=-1").si).toBeNull();
    expect(parse("si=01").si).toBeNull();
    expect(parse("si=1234567890").si).toBeNull();
    expect(parse("si=7").si).toBe(7);
  });

  it("reads the first of repeated parameters and ignores unknown ones", () => {
    expect(parse("si=3&si=4&x[]=1&x[]=2&capacity=4&capacity=9")).toMatchObject({ si: 3, capacity: 4 });
  });

  it("never throws on any record of strings, and returns only known keys with allowed values", () => {
    const keys = [...Object.keys(SearchQuerySchema.shape), "x", "x[]", ""];
    const value = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom("", "1", "0", "-1", "true", "on", "2026-12-01", "2026/02/30", "10:00", "9".repeat(400)),
      fc.integer().map(String),
      fc.double().map(String),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string()), value), (record) => {
        const q = parseSearchQuery(new URLSearchParams(record));
        const known = Object.keys(SearchQuerySchema.shape);
        expect(Object.keys(q).filter((k) => !known.includes(k))).toEqual([]);
        expect(q.si === undefined || q.si === null || (Number.isInteger(q.si) && q.si > 0)).toBe(true);
        expect([undefined, 2, 3, 4, 5, 6, 7, 8]).toContain(q.capacity);
        expect([undefined, "recommend", "price_asc", "price_desc"]).toContain(q.sort);
        expect(typeof q.fwd).toBe("boolean");
        expect(typeof q.date_undecided).toBe("boolean");
        expect(q.sd === undefined || q.sd.length <= 20).toBe(true);
      }),
      { seed: 20261201, numRuns: 1000 },
    );
  });
});
