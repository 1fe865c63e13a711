import { describe, expect, it } from "vitest";
import { isLongRental, longRentalRefusal } from "./long-rental";

describe("the long-rental check (issue 40)", () => {
  it("lets a rental up to the site's days go on without a word", () => {
    expect(isLongRental(30, 30)).toBe(false);
    expect(longRentalRefusal(30, 30, false)).toBeNull();
  });

  it("refuses a longer rental until it is confirmed, naming the site's days", () => {
    expect(isLongRental(30, 31)).toBe(true);
    expect(longRentalRefusal(30, 61, false)).toEqual({ code: "long_rental_unconfirmed", params: { days: 30 } });
    expect(longRentalRefusal(30, 61, true)).toBeNull();
    expect(longRentalRefusal(7, 8, false)?.params).toEqual({ days: 7 });
  });
});
