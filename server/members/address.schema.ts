/** Client-safe address helpers shared by the address block (browser) and the member and driver schemas. */

/** A postal code as typed → its 7 half-width digits, or null (spec §5). */
export { normalizeZip as zipDigits } from "../../common/zip";

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
