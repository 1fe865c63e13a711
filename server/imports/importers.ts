import { carTypesImporter, vehiclesImporter } from "./catalog-import";
import type { Importer, ImportKind } from "./import";
import { storesImporter } from "./stores-import";

/** Each kind of CSV import the back office offers. */
// biome-ignore lint/suspicious/noExplicitAny: each importer has its own row type
export const IMPORTERS: Record<ImportKind, Importer<any, any>> = {
  stores: storesImporter,
  car_types: carTypesImporter,
  vehicles: vehiclesImporter,
};

/**
 * The template of a kind: the header row in the staff member's language and one example row,
 * whose names are the site's own (`examples`) so the file imports as it is (issue 41).
 */
export function importTemplate(
  importer: Importer<unknown, unknown>,
  locale: "ja" | "en",
  examples: Record<string, string> = {},
): string[][] {
  return [
    importer.columns.map((c) => (locale === "ja" ? c.ja : c.field)),
    importer.columns.map((c) => examples[c.field] ?? c.example ?? ""),
  ];
}
