import * as z from "zod/mini";
import { intListField } from "../staff/admin-fields.schema";

/**
 * The settlement methods offered at confirmation (spec §3 Settlement options, site_settings
 * .settlement_methods), client-safe: 1 card in advance, 2 cash at the store, 3 card at the store,
 * 4 other. At least one, or no booking could be confirmed.
 */
export const SETTLEMENT_METHODS = [1, 2, 3, 4] as const;
export const SETTLEMENT_LISTS = ["settlement_methods"] as const;

export const SettlementSchema = z.object({
  settlement_methods: intListField(1, 4).check(z.minLength(1, "settlement_required")),
});
export type SettlementInput = z.infer<typeof SettlementSchema>;
