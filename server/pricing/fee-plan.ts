import { z } from "zod";

/** Fee modes (spec §3): hours 1, nights 2, monthly 3. */
export const FEE_MODE = { hours: 1, nights: 2, monthly: 3 } as const;
export type FeeMode = (typeof FEE_MODE)[keyof typeof FEE_MODE];

/** The price columns of a fee plan, in display order. */
export const FEE_TIER_KEYS = [
  "upTo3h",
  "upTo6h",
  "upTo12h",
  "upTo24h",
  "extraHour",
  "extraDay",
  "sameDay",
  "nights1",
  "nights2",
  "nights3",
  "nights4",
  "nights5",
  "nights6",
  "nights7",
  "nights14",
  "month",
] as const;

const yen = z.number().int().min(0).max(10_000_000);
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
    const required: Record<FeeMode, (keyof typeof p)[]> = {
      1: ["upTo3h", "upTo6h", "upTo12h", "upTo24h", "extraHour", "extraDay"],
      2: [
        "sameDay",
        "nights1",
        "nights2",
        "nights3",
        "nights4",
        "nights5",
        "nights6",
        "nights7",
        "nights14",
        "month",
        "extraDay",
      ],
      3: ["month", "extraDay"],
    };
    for (const key of required[p.mode]) {
      if (p[key] === null) ctx.addIssue({ code: "custom", path: [key], message: "required for this mode" });
    }
    // Longer tiers never cost less, so a longer rental never costs less (docs/pricing.md).
    const ladders: (keyof typeof p)[][] = [
      ["upTo3h", "upTo6h", "upTo12h", "upTo24h"],
      ["sameDay", "nights1", "nights2", "nights3", "nights4", "nights5", "nights6", "nights7", "nights14", "month"],
    ];
    for (const ladder of ladders) {
      const values = ladder.map((k) => p[k]).filter((v): v is number => typeof v === "number");
      for (let i = 1; i < values.length; i++) {
        if ((values[i] as number) < (values[i - 1] as number)) {
          ctx.addIssue({ code: "custom", path: [ladder[i] as string], message: "must not be below the shorter tier" });
        }
      }
    }
  });

export type FeePlanTiers = z.infer<typeof FeePlanTiersSchema>;
