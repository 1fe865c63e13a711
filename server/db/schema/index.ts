// The one schema object Drizzle needs, split by domain (docs/decisions/014-schema-by-domain.md).
export * from "./catalogue";
export * from "./integrations";
export * from "./mail";
export * from "./members";
export * from "./reservations";
export * from "./sites";
export * from "./staff";
export * from "./stores";
