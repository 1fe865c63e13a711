import * as z from "zod/mini";
import { intField } from "#server/staff/admin-fields.schema";

/**
 * The site's return charges as the back office edits them (issue 37), client-safe: the grace before
 * a late return is charged, the fuel price per litre, the NOC of a damaged car (drivable or not) and
 * the meter jump that asks staff to check the meter. The limits are the database's (migration 0018).
 */
export const RETURN_LIMITS = {
  lateGraceMinutes: [0, 1440],
  fuelPricePerLitre: [0, 10_000],
  nocDrivable: [0, 10_000_000],
  nocNotDrivable: [0, 10_000_000],
  mileageJumpKm: [1, 1_000_000],
} as const;

export const ReturnSettingsSchema = z.pipe(
  z.object({
    late_grace_minutes: intField(...RETURN_LIMITS.lateGraceMinutes),
    fuel_price_per_litre: intField(...RETURN_LIMITS.fuelPricePerLitre),
    noc_drivable: intField(...RETURN_LIMITS.nocDrivable),
    noc_not_drivable: intField(...RETURN_LIMITS.nocNotDrivable),
    mileage_jump_km: intField(...RETURN_LIMITS.mileageJumpKm),
  }),
  z.transform((v) => ({
    lateGraceMinutes: v.late_grace_minutes,
    fuelPricePerLitre: v.fuel_price_per_litre,
    nocDrivable: v.noc_drivable,
    nocNotDrivable: v.noc_not_drivable,
    mileageJumpKm: v.mileage_jump_km,
  })),
);
export type ReturnSettings = z.infer<typeof ReturnSettingsSchema>;

/** The form's strings for saved settings. */
export function returnSettingsFormValues(s: ReturnSettings): Record<string, string> {
  return {
    late_grace_minutes: String(s.lateGraceMinutes),
    fuel_price_per_litre: String(s.fuelPricePerLitre),
    noc_drivable: String(s.nocDrivable),
    noc_not_drivable: String(s.nocNotDrivable),
    mileage_jump_km: String(s.mileageJumpKm),
  };
}
