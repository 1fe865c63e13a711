/**
 * The shape of a fee plan (spec §3, docs/pricing.md) that the pricing rules and the back office's
 * form both read: modes, tier columns, which tiers each mode uses, and which must rise with length.
 */

/** Fee modes: hours 1, nights 2, monthly 3. */
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
export type FeeTierKey = (typeof FEE_TIER_KEYS)[number];

/** The tiers each mode needs, in the order a price list shows them; the others stay empty. */
export const FEE_MODE_TIERS: Record<FeeMode, readonly FeeTierKey[]> = {
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

/** Tiers that never cost less than the shorter one before them, so a longer rental never costs less. */
export const FEE_TIER_LADDERS: readonly (readonly FeeTierKey[])[] = [
  ["upTo3h", "upTo6h", "upTo12h", "upTo24h"],
  ["sameDay", "nights1", "nights2", "nights3", "nights4", "nights5", "nights6", "nights7", "nights14", "month"],
];

/** The highest price of one tier, integer yen. */
export const FEE_YEN_MAX = 10_000_000;
