/**
 * Client-safe address helpers shared by the address block (browser) and the member and driver
 * schemas. `zipDigits` follows `server/postal/normalize.ts` (which browser code may not import):
 * full-width digits become half-width, separators go, and only exactly 7 digits count (spec §5).
 */

/** Hyphens, dashes, long-vowel marks and spaces people type inside a postal code. */
const SEPARATORS = /[\s\-‐‑‒–—―−－ー〒]/g;

/** A postal code as typed → its 7 half-width digits, or null (nothing happens under 7 digits). */
export function zipDigits(input: string): string | null {
  const halfWidth = input.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  const digits = halfWidth.replace(SEPARATORS, "");
  return /^[0-9]{7}$/.test(digits) ? digits : null;
}

/** Prefecture codes: 1–47 (JIS X 0401) and 48 for overseas or other. */
export const PREF_CODES = Array.from({ length: 48 }, (_, i) => i + 1);
export const PREF_OVERSEAS = 48;

/** One place a postal code points to, as `/address-search` answers it. */
export interface AddressSearchResult {
  prefCode: number;
  prefecture: string;
  city: string;
  town: string;
}
export interface AddressSearchResponse {
  results: AddressSearchResult[];
}
