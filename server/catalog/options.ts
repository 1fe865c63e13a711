import type { CarOptionRow } from "#server/sites/site-bundle";

/** Options a store offers for a class (an empty list on the option means everywhere). */
export function optionsFor(options: readonly CarOptionRow[], storeId: number, classId?: number): CarOptionRow[] {
  return options.filter(
    (o) =>
      (o.storeIds.length === 0 || o.storeIds.includes(storeId)) &&
      (classId === undefined || o.classIds.length === 0 || o.classIds.includes(classId)),
  );
}
