/** What the import form offers (client-safe). */
export const IMPORT_KINDS = ["stores", "car_types", "vehicles"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Rows a file may have: a fleet of several thousand vehicles with room to spare. */
export const MAX_IMPORT_ROWS = 10_000;
