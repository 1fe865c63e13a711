/**
 * Consumption tax on a qualified invoice (インボイス制度): amounts are integer yen, tax included, and
 * the tax is worked out once per invoice for each rate, from the rate's total, rounding down:
 * floor(total × rate / (100 + rate)). Rounding each line and adding the results is not allowed.
 * Everything this platform sells (rental, options, waiver, fees) is at the standard 10% rate.
 */

export const STANDARD_RATE = 10;

export interface RateSummary {
  /** Percent. */
  rate: number;
  /** Total of the rate's lines, tax included. */
  total: number;
  /** The tax included in `total`. */
  tax: number;
}

/** The tax included in `total` yen at `rate` percent, rounded down. */
export function includedTax(total: number, rate: number = STANDARD_RATE): number {
  if (!Number.isSafeInteger(total) || total < 0) throw new Error("an amount is a whole number of yen, not negative");
  return Math.floor((total * rate) / (100 + rate));
}

/** One summary per rate for an invoice's lines, in descending rate order; each rate's tax is computed once. */
export function summarizeByRate(lines: readonly { amount: number; rate?: number }[]): RateSummary[] {
  const totals = new Map<number, number>();
  for (const line of lines) {
    const rate = line.rate ?? STANDARD_RATE;
    totals.set(rate, (totals.get(rate) ?? 0) + line.amount);
  }
  return [...totals].sort(([a], [b]) => b - a).map(([rate, total]) => ({ rate, total, tax: includedTax(total, rate) }));
}
