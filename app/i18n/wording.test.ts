import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./messages";

// Issue 40: "see free cars" read as "free of charge". Vacancy is "available"; "free" is kept for prices.
describe("English wording", () => {
  it("never calls a car that can be booked a free car", () => {
    const said = Object.entries(CATALOGUES.en as Record<string, string>).filter(([, text]) =>
      /\bfree (car|cars|on)\b|\bfree at\b/i.test(text),
    );
    expect(said).toEqual([]);
    expect(CATALOGUES.en["top.searchLead"]).toContain("available cars");
  });
});
