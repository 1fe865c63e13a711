// What the member fields render with, apart from the schemas (server/members/member.schema.ts
// re-exports it), so a page can show them before its rules are fetched.

/** The year the birth-year select starts on (spec §3). */
export const DEFAULT_BIRTH_YEAR = 1990;
export const BIRTH_YEAR_MIN = 1900;
