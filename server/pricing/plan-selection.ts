import type { FeePlanRow } from "#server/sites/site-bundle";

/**
 * The fee plan for a store and class, chosen by the departure date only (spec §9): the latest
 * plan in effect on that date, its high-season variant when the date is high season and one exists.
 * `plans` come newest first.
 */
export function selectFeePlan(
  plans: readonly FeePlanRow[],
  storeId: number,
  classId: number,
  departureDate: string,
  highSeason: boolean,
): FeePlanRow | null {
  let normal: FeePlanRow | null = null;
  for (const p of plans) {
    if (p.storeId !== storeId || p.classId !== classId || p.effectiveFrom > departureDate) continue;
    if (p.isHighSeason) {
      if (highSeason) return p;
    } else if (!normal) {
      normal = p;
      if (!highSeason) return p;
    }
  }
  return normal;
}
