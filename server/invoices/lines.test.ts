import { describe, expect, it } from "vitest";
import { chargeLines } from "./invoices";

type Reservation = Parameters<typeof chargeLines>[0];

const booking = {
  rentalFee: 8_800,
  optionFee: 1_100,
  immunityFee: 1_650,
  options: [
    { optionId: 1, name: { ja: "チャイルドシート", en: "Child seat" }, quantity: 1, fee: 1_100 },
    { optionId: 2, name: { ja: "ETCカード" }, quantity: 0, fee: 0 },
  ],
  extras: [
    { kind: "late", label: "2", amount: 2_000 },
    { kind: "fuel", label: "", amount: 1_200 },
  ],
} as unknown as Reservation;

const kinds = (lines: ReturnType<typeof chargeLines>) => lines.map((l) => [l.kind, l.amount]);

describe("what a charge paid for", () => {
  it("is the booking's own lines when they add up to the payment", () => {
    const lines = chargeLines(booking, { operation: "booking", amount: 11_550 });
    expect(kinds(lines)).toEqual([
      ["rental", 8_800],
      ["option", 1_100],
      ["waiver", 1_650],
    ]);
    expect(lines[1]?.label).toEqual({ ja: "チャイルドシート", en: "Child seat" });
    expect(lines.every((l) => l.rate === 10)).toBe(true);
  });

  it("is one line when the booking changed since (the payment is what moved, not today's fees)", () => {
    expect(kinds(chargeLines(booking, { operation: "pay_link", amount: 9_000 }))).toEqual([["booking", 9_000]]);
  });

  it("names a change's difference, a cancellation fee, and a return's charges line by line", () => {
    expect(kinds(chargeLines(booking, { operation: "change", amount: 3_000 }))).toEqual([["change", 3_000]]);
    expect(kinds(chargeLines(booking, { operation: "cancel", amount: 5_775 }))).toEqual([["cancellation_fee", 5_775]]);
    expect(kinds(chargeLines(booking, { operation: "return", amount: 3_200 }))).toEqual([
      ["extra_late", 2_000],
      ["extra_fuel", 1_200],
    ]);
    // Staff settled another amount at the return: one line of what was taken.
    expect(kinds(chargeLines(booking, { operation: "return", amount: 2_500 }))).toEqual([["return", 2_500]]);
  });
});
