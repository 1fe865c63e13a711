import { FEE_MODE_TIERS, type FeeTierKey } from "#common/fee-tiers";
import type { FeePlanRow } from "#server/sites/site-bundle";
import type { FeePlanTiers } from "./fee-plan";
import { type RentalPeriod, rentCarFee } from "./price";

/** One row of a fee table: a tier (with its count of hours or nights) and its price. */
export interface FeeRow {
  tier: "upTo" | "extraHour" | "extraDay" | "sameDay" | "nights" | "nights14" | "month";
  n?: number;
  price: number;
}

export interface FeeTable {
  mode: number;
  isHighSeason: boolean;
  effectiveFrom: string;
  rows: FeeRow[];
}

/** A plan with valid tiers: one the quote can price. */
export type PricedPlan = FeePlanRow & { tiers: FeePlanTiers };

const HOUR = 3_600_000;
/** Any departure does: only the length counts (hours, or calendar nights in the period's own zone). */
const DEPARTURE = Date.UTC(2026, 0, 5, 10);

/** The rental a tier names: `hours` long, or `nights` nights from 10:00 to 10:00 (same day: to 18:00). */
export function tierPeriod(length: Length): RentalPeriod {
  const span = "hours" in length ? length.hours * HOUR : length.nights === 0 ? 8 * HOUR : length.nights * 24 * HOUR;
  return { start: new Date(DEPARTURE), end: new Date(DEPARTURE + span), timeZone: "UTC" };
}

type Length = { hours: number } | { nights: number };

/** What each tier of a mode names: its row, and the rental it prices (none for the per-unit rates). */
const TIER_ROWS: Record<FeeTierKey, { tier: FeeRow["tier"]; n?: number; length?: Length }> = {
  upTo3h: { tier: "upTo", n: 3, length: { hours: 3 } },
  upTo6h: { tier: "upTo", n: 6, length: { hours: 6 } },
  upTo12h: { tier: "upTo", n: 12, length: { hours: 12 } },
  upTo24h: { tier: "upTo", n: 24, length: { hours: 24 } },
  extraHour: { tier: "extraHour" },
  extraDay: { tier: "extraDay" },
  sameDay: { tier: "sameDay", length: { nights: 0 } },
  nights1: { tier: "nights", n: 1, length: { nights: 1 } },
  nights2: { tier: "nights", n: 2, length: { nights: 2 } },
  nights3: { tier: "nights", n: 3, length: { nights: 3 } },
  nights4: { tier: "nights", n: 4, length: { nights: 4 } },
  nights5: { tier: "nights", n: 5, length: { nights: 5 } },
  nights6: { tier: "nights", n: 6, length: { nights: 6 } },
  nights7: { tier: "nights", n: 7, length: { nights: 7 } },
  nights14: { tier: "nights14", length: { nights: 14 } },
  // A month is 29 nights, 30 days (spec §9 rental period '10').
  month: { tier: "month", length: { nights: 29 } },
};

/**
 * A plan's tiers for its mode, in the order a price list shows them (hours, nights or monthly). Each
 * figure is what the booking's quote charges for that length (`rentCarFee`), so the price list and
 * the quote cannot disagree; the extra hour and day are the plan's own rates for going beyond.
 */
export function feeTable(plan: PricedPlan): FeeTable {
  const { tiers } = plan;
  const keys = FEE_MODE_TIERS[tiers.mode].filter((k) => tiers[k] !== null);
  // The per-unit rates read last, after the lengths they extend.
  const ordered = [...keys.filter((k) => TIER_ROWS[k].length), ...keys.filter((k) => !TIER_ROWS[k].length)];
  const rows = ordered.map((key): FeeRow => {
    const { tier, n, length } = TIER_ROWS[key];
    const price = length ? rentCarFee(tiers, tierPeriod(length)) : (tiers[key] as number);
    return n === undefined ? { tier, price } : { tier, n, price };
  });
  return { mode: tiers.mode, isHighSeason: plan.isHighSeason, effectiveFrom: plan.effectiveFrom, rows };
}
