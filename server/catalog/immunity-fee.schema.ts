import * as z from "zod/mini";
import { checkboxField, optionalIntField } from "#server/staff/admin-fields.schema";

/**
 * The collision damage waiver of every class (spec §3 reservation session: immunity compensating fee
 * and its default flag), client-safe. One row per class: a price per day in yen (empty: the class
 * offers none) and whether searches show prices with it included.
 */
export const MAX_IMMUNITY_PER_DAY = 100_000;

export const immunityPriceField = (classId: number) => `price_${classId}`;
export const immunityDefaultField = (classId: number) => `default_${classId}`;

export interface ImmunityFeeInput {
  classId: number;
  /** Null: the class has no waiver. */
  pricePerDay: number | null;
  isDefault: boolean;
}

/** The form of the given classes, read into one entry per class. */
export function immunityFeesSchema(classIds: readonly number[]) {
  const shape: Record<string, typeof checkboxField | ReturnType<typeof optionalIntField>> = {};
  for (const id of classIds) {
    shape[immunityPriceField(id)] = optionalIntField(0, MAX_IMMUNITY_PER_DAY);
    shape[immunityDefaultField(id)] = checkboxField;
  }
  return z.pipe(
    z.object(shape),
    z.transform((v): ImmunityFeeInput[] =>
      classIds.map((classId) => ({
        classId,
        pricePerDay: v[immunityPriceField(classId)] as number | null,
        isDefault: v[immunityDefaultField(classId)] as boolean,
      })),
    ),
  );
}

/** The form's strings from the saved fees (a class without a row has an empty price, included by default). */
export function immunityFormValues(
  classIds: readonly number[],
  fees: readonly { classId: number; pricePerDay: number; isDefault: boolean }[],
): Record<string, string> {
  const byClass = new Map(fees.map((f) => [f.classId, f]));
  const values: Record<string, string> = {};
  for (const id of classIds) {
    const fee = byClass.get(id);
    values[immunityPriceField(id)] = fee ? String(fee.pricePerDay) : "";
    values[immunityDefaultField(id)] = !fee || fee.isDefault ? "1" : "";
  }
  return values;
}
