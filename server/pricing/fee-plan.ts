import { z } from "zod";
import {
  FEE_MODE,
  FEE_MODE_TIERS,
  FEE_TIER_KEYS,
  FEE_TIER_LADDERS,
  FEE_YEN_MAX,
  type FeeMode,
} from "#common/fee-tiers";

export { FEE_MODE, FEE_TIER_KEYS, type FeeMode };

const yen = z.number().int().min(0).max(FEE_YEN_MAX);
const tier = yen.nullable();
const TIER_SHAPE = Object.fromEntries(FEE_TIER_KEYS.map((k) => [k, tier])) as Record<
  (typeof FEE_TIER_KEYS)[number],
  typeof tier
>;

/** The price tiers of one fee plan; tiers a mode does not use are null. */
export const FeePlanTiersSchema = z
  .object({
    mode: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    ...TIER_SHAPE,
  })
  .superRefine((p, ctx) => {
    for (const key of FEE_MODE_TIERS[p.mode]) {
      if (p[key] === null) ctx.addIssue({ code: "custom", path: [key], message: "required for this mode" });
    }
    // Longer tiers never cost less, so a longer rental never costs less (docs/pricing.md). An empty
    // tier is skipped: the issue names the tier that is below the last one filled before it.
    for (const ladder of FEE_TIER_LADDERS) {
      let previous: number | null = null;
      for (const key of ladder) {
        const value = p[key];
        if (value === null) continue;
        if (previous !== null && value < previous) {
          ctx.addIssue({ code: "custom", path: [key], message: "must not be below the shorter tier" });
        }
        previous = value;
      }
    }
  });

export type FeePlanTiers = z.infer<typeof FeePlanTiersSchema>;
