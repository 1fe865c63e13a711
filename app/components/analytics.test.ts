import { describe, expect, it } from "vitest";
import { analyticsOff } from "./analytics";

describe("the analytics handle flag", () => {
  it("turns the scripts off when any matched route says so (the card pages)", () => {
    expect(analyticsOff([{ handle: undefined }, { handle: { analytics: false } }])).toBe(true);
  });

  it("leaves them on otherwise", () => {
    expect(analyticsOff([{ handle: undefined }, { handle: {} }, { handle: { analytics: undefined } }])).toBe(false);
    expect(analyticsOff([])).toBe(false);
  });
});
