import * as z from "zod/mini";
import { FEE_MODE_TIERS, FEE_TIER_KEYS, FEE_YEN_MAX, type FeeMode, type FeeTierKey } from "#common/fee-tiers";
import {
  checkboxField,
  intField,
  optionalDateField,
  optionalField,
  optionalIntField,
} from "#server/staff/admin-fields.schema";

/**
 * A fee plan as the back office edits it (spec §3, docs/pricing.md), client-safe: store, class,
 * mode, the date it applies from, whether it is the high-season variant, and the tiers of its mode
 * as yen. Only the chosen mode's tiers are read (the others are cleared on save), so what was typed
 * under another mode never blocks a save. Whether the tiers make a plan (none missing, none below a
 * shorter one) is the pricing rules' to say (FeePlanTiersSchema, run by the server: fee-plans.ts).
 */

/** The form field of each tier column. */
export const TIER_FIELDS: Record<FeeTierKey, string> = {
  upTo3h: "up_to_3h",
  upTo6h: "up_to_6h",
  upTo12h: "up_to_12h",
  upTo24h: "up_to_24h",
  extraHour: "extra_hour",
  extraDay: "extra_day",
  sameDay: "same_day",
  nights1: "nights_1",
  nights2: "nights_2",
  nights3: "nights_3",
  nights4: "nights_4",
  nights5: "nights_5",
  nights6: "nights_6",
  nights7: "nights_7",
  nights14: "nights_14",
  month: "month",
};

export const FEE_MODES = ["1", "2", "3"] as const;
export const modeOf = (value: unknown): FeeMode | null =>
  value === "1" || value === 1 ? 1 : value === "2" || value === 2 ? 2 : value === "3" || value === 3 ? 3 : null;

export type FeeTiers = Record<FeeTierKey, number | null>;

const yenField = optionalIntField(0, FEE_YEN_MAX);

/** A date that must be there. */
const requiredDateField = z.pipe(
  optionalDateField,
  z.transform((value, ctx) => {
    if (value === null) ctx.issues.push({ code: "custom", message: "required", input: value });
    return value ?? "";
  }),
);

const tierTexts = Object.fromEntries(FEE_TIER_KEYS.map((k) => [TIER_FIELDS[k], optionalField(20)])) as Record<
  string,
  ReturnType<typeof optionalField>
>;

/** The chosen mode's tiers as yen; the others null. */
function tiersOf(values: Record<string, unknown>, mode: FeeMode): { tiers: FeeTiers; issues: [string, string][] } {
  const tiers = Object.fromEntries(FEE_TIER_KEYS.map((k) => [k, null])) as FeeTiers;
  const issues: [string, string][] = [];
  for (const key of FEE_MODE_TIERS[mode]) {
    const field = TIER_FIELDS[key];
    const parsed = yenField.safeParse(values[field] ?? "");
    if (parsed.success) tiers[key] = parsed.data;
    else issues.push([field, parsed.error.issues[0]?.message ?? "number_invalid"]);
  }
  return { tiers, issues };
}

/** The chosen mode's tiers read as yen, judged even when another field is wrong so every message shows at once. */
const checkTierFields = z.superRefine(
  (v: Record<string, unknown>, ctx) => {
    const mode = typeof v === "object" && v ? modeOf(v.mode) : null;
    if (!mode) return;
    for (const [field, message] of tiersOf(v, mode).issues) {
      const params = message === "number_range" ? { min: 0, max: FEE_YEN_MAX } : undefined;
      ctx.issues.push({ code: "custom", path: [field], message, input: v[field], params });
    }
  },
  { when: () => true },
);

const id = intField(1, 999_999_999);
const mode = z.enum(FEE_MODES, "invalid_choice");

export const FeePlanSchema = z.pipe(
  z
    .object({
      store_id: id,
      class_id: id,
      mode,
      effective_from: requiredDateField,
      is_high_season: checkboxField,
      ...tierTexts,
    })
    .check(checkTierFields),
  z.transform((v) => {
    const m = modeOf(v.mode) as FeeMode;
    return {
      storeId: v.store_id,
      classId: v.class_id,
      mode: m,
      effectiveFrom: v.effective_from,
      isHighSeason: v.is_high_season,
      tiers: tiersOf(v, m).tiers,
    };
  }),
);
export type FeePlanInput = z.output<typeof FeePlanSchema>;

/**
 * What the price preview needs of the unsaved form: the store (its time zone and opening time), the
 * mode, the tiers, and the date the plan applies from when it is given (the class changes no price).
 */
export const FeePlanPreviewSchema = z.pipe(
  z.object({ store_id: id, mode, effective_from: optionalDateField, ...tierTexts }).check(checkTierFields),
  z.transform((v) => {
    const m = modeOf(v.mode) as FeeMode;
    return { storeId: v.store_id, mode: m, effectiveFrom: v.effective_from, tiers: tiersOf(v, m).tiers };
  }),
);
export type FeePlanPreviewInput = z.output<typeof FeePlanPreviewSchema>;

/** The form's strings for a saved plan (editing or copying it). */
export function feePlanFormValues(
  plan: { storeId: number; classId: number; mode: number; effectiveFrom: string; isHighSeason: boolean } & FeeTiers,
): Record<string, string> {
  const values: Record<string, string> = {
    store_id: String(plan.storeId),
    class_id: String(plan.classId),
    mode: String(plan.mode),
    effective_from: plan.effectiveFrom,
    is_high_season: plan.isHighSeason ? "1" : "",
  };
  for (const key of FEE_TIER_KEYS) values[TIER_FIELDS[key]] = plan[key] === null ? "" : String(plan[key]);
  return values;
}
