import { describe, expect, it } from "vitest";
import type { FeePlanRow } from "#server/sites/site-bundle";
import { selectFeePlan } from "./plan-selection";

const plan = (id: number, effectiveFrom: string, isHighSeason = false, storeId = 1, classId = 1) =>
  ({ id, storeId, classId, effectiveFrom, isHighSeason }) as FeePlanRow;
// Newest first, as the catalogue loads them.
const PLANS = [
  plan(4, "2027-04-01"),
  plan(3, "2026-10-01", true),
  plan(2, "2026-10-01"),
  plan(1, "2026-01-01"),
  plan(9, "2026-01-01", false, 2),
];

describe("fee plan selection", () => {
  it("takes the latest plan in effect on the departure date", () => {
    expect(selectFeePlan(PLANS, 1, 1, "2026-09-30", false)?.id).toBe(1);
    expect(selectFeePlan(PLANS, 1, 1, "2026-10-01", false)?.id).toBe(2);
    expect(selectFeePlan(PLANS, 1, 1, "2027-04-01", false)?.id).toBe(4);
  });

  it("takes the high-season variant on high-season departures, else the normal plan", () => {
    expect(selectFeePlan(PLANS, 1, 1, "2026-12-29", true)?.id).toBe(3);
    expect(selectFeePlan(PLANS, 1, 1, "2026-09-01", true)?.id).toBe(1);
  });

  it("never crosses stores or classes, and answers null before any plan", () => {
    expect(selectFeePlan(PLANS, 2, 1, "2026-12-01", false)?.id).toBe(9);
    expect(selectFeePlan(PLANS, 1, 2, "2026-12-01", false)).toBeNull();
    expect(selectFeePlan(PLANS, 1, 1, "2025-12-31", false)).toBeNull();
  });
});
