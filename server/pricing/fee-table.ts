import type { FeePlanRow } from "../sites/site-bundle";

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

/** A fee plan's tiers in display order (hours, nights or monthly); unused tiers are left out. */
export function feeTable(plan: FeePlanRow): FeeTable {
  const rows: FeeRow[] = [];
  const add = (tier: FeeRow["tier"], price: number | null, n?: number) => {
    if (price !== null) rows.push(n === undefined ? { tier, price } : { tier, n, price });
  };
  add("upTo", plan.upTo3h, 3);
  add("upTo", plan.upTo6h, 6);
  add("upTo", plan.upTo12h, 12);
  add("upTo", plan.upTo24h, 24);
  add("sameDay", plan.sameDay);
  [plan.nights1, plan.nights2, plan.nights3, plan.nights4, plan.nights5, plan.nights6, plan.nights7].forEach((p, i) => {
    add("nights", p, i + 1);
  });
  add("nights14", plan.nights14);
  add("month", plan.month);
  add("extraHour", plan.extraHour);
  add("extraDay", plan.extraDay);
  return { mode: plan.mode, isHighSeason: plan.isHighSeason, effectiveFrom: plan.effectiveFrom, rows };
}
