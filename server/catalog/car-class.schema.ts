import * as z from "zod/mini";
import { intField, mlField, mlValues } from "#server/staff/admin-fields.schema";

/** A car class as the back office edits it (spec §3 Car: class), client-safe: its name in four languages and its order. */
export const CarClassSchema = z.object({
  ...mlField("class_name", { required: true, max: 50 }),
  display_order: intField(0, 9999),
});
export type CarClassInput = z.infer<typeof CarClassSchema>;

/** The form's strings for a saved class. */
export function carClassFormValues(row: Record<string, unknown> & { displayOrder: number }): Record<string, string> {
  return { ...mlValues("className", row, "class_name"), display_order: String(row.displayOrder) };
}

export const NEW_CAR_CLASS_VALUES: Record<string, string> = { display_order: "0" };
