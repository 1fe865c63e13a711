import * as z from "zod/mini";
import { intListField, mlField } from "#server/staff/admin-fields.schema";

/**
 * The settlement methods offered at confirmation (spec §3 Settlement options, site_settings
 * .settlement_methods), client-safe: 1 card in advance, 2 cash at the store, 3 card at the store,
 * 4 other. At least one, or no booking could be confirmed.
 */
export const SETTLEMENT_METHODS = [1, 2, 3, 4] as const;
export const SETTLEMENT_LISTS = ["settlement_methods"] as const;

export const SettlementSchema = z.object({
  settlement_methods: intListField(1, 4).check(z.minLength(1, "settlement_required")),
  /** What "other" means at this company, shown beside the choice at confirmation (issue 40). */
  ...mlField("pay_other_note", { max: 500 }),
});
export type SettlementInput = z.infer<typeof SettlementSchema>;
