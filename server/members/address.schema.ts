/** Client-safe address helpers shared by the address block (browser) and the member and driver schemas. */

import { checkAddress } from "#common/address";
import { parsePhone } from "#common/phone";

export { PREF_CODES, PREF_OVERSEAS } from "#common/address";
/** A postal code as typed → its 7 half-width digits, or null (spec §5). */
export { normalizeZip as zipDigits } from "#common/zip";

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

export type ContactIssue = { field: "tel" | "zip" | "country" | "pref_code"; code: string };

/**
 * The rules between a person's phone and address fields, as the member, driver and booking
 * schemas share them: the chosen country decides the address's rules (Japan: a prefecture and 7
 * digits; elsewhere the country's postal code, optional where it has none); the phone is read in
 * that country (then in Japan's) unless it starts with a country code, and kept in E.164. Fields
 * the form does not show are left alone.
 */
export function checkContact(
  v: { tel?: string; zip?: string; pref_code?: string; country?: string },
  opts: {
    telRequired: boolean;
    zipRequired: boolean;
    telShown?: boolean;
    prefShown?: boolean;
    prefRequired?: boolean;
    countryShown?: boolean;
    countryRequired?: boolean;
  },
): { issues: ContactIssue[]; tel: string; zip: string; country: string; prefCode: number | null } {
  const pref = v.pref_code ?? "";
  const address = checkAddress(
    { zip: v.zip ?? "", pref_code: pref, country: v.country ?? "" },
    {
      zipRequired: opts.zipRequired,
      prefShown: opts.prefShown,
      prefRequired: opts.prefRequired,
      countryShown: opts.countryShown,
      countryRequired: opts.countryRequired,
    },
  );
  const issues: ContactIssue[] = [...address.issues];
  let tel = (v.tel ?? "").trim();
  if (opts.telShown ?? true) {
    if (!tel) {
      if (opts.telRequired) issues.push({ field: "tel", code: "tel_required" });
    } else {
      const region = address.country || "JP";
      // A visitor from abroad may give a Japanese number (a SIM bought here): Japan is tried next.
      let phone = parsePhone(tel, region);
      if (!phone.ok && region !== "JP") phone = parsePhone(tel, "JP");
      if (phone.ok) tel = phone.e164;
      else issues.push({ field: "tel", code: "tel_invalid" });
    }
  }
  return { issues, tel, zip: address.zip, country: address.country, prefCode: address.prefCode };
}
