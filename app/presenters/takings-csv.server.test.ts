import { describe, expect, it } from "vitest";
import type { StoreTakings } from "#server/takings/takings";
import { takingsCsv } from "./takings-csv.server";

const zero = { cash: 0, terminal: 0, card: 0, total: 0 };
const day: StoreTakings = {
  store: { id: 1, name: "那覇空港店", timeZone: "Asia/Tokyo" },
  date: "2026-11-27",
  bookings: { count: 1, total: 16280 },
  cancellations: { count: 0, fees: 0 },
  charges: { ...zero, card: 16280, total: 16280 },
  refunds: zero,
  net: { ...zero, card: 16280, total: 16280 },
  lines: [
    {
      entryId: 1,
      at: new Date("2026-11-27T01:30:00Z"),
      reserveNo: "R-1",
      operation: "booking",
      kind: "charge",
      method: "card",
      amount: 16280,
    } as StoreTakings["lines"][number],
  ],
};

describe("the takings CSV", () => {
  it("names the currency in the amount's header and keeps amounts as plain integers a spreadsheet adds", () => {
    const [header, first] = takingsCsv([day], "ja").replace("\uFEFF", "").split("\r\n");
    expect(header?.split(",").at(-1)).toBe("金額（円）");
    expect(first?.split(",").at(-1)).toBe("16280");
    expect(takingsCsv([day], "en").split("\r\n")[0]?.split(",").at(-1)).toBe("Amount (JPY)");
  });
});
