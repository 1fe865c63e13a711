import { normalizeZip } from "./zip";

/**
 * Addresses in Japan and abroad (spec §3: prefecture 48 is "overseas / other" and then needs a
 * country). Pure and client-safe: the member, driver and booking schemas run these rules in the
 * browser and on the server; pages and mails name countries through `Intl.DisplayNames`.
 *
 * A country is stored as its ISO 3166-1 alpha-2 code. Rows written before codes were kept hold
 * free text ("日本", "Korea"): `countryCode` reads those too, so old data still shows and edits.
 */

export const PREF_OVERSEAS = 48;
/** Prefecture codes: 1–47 (JIS X 0401) and 48 for overseas or other. */
export const PREF_CODES = Array.from({ length: 48 }, (_, i) => i + 1);

/** ISO 3166-1 alpha-2, every assigned code. */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO " +
  "FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE " +
  "JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO " +
  "MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW " +
  "PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM " +
  "TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");
const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

export const isCountryCode = (value: string): boolean => COUNTRY_SET.has(value);

type PageLocale = "ja" | "en" | "ko" | "zh-TW";
const NAME_LOCALES: readonly PageLocale[] = ["ja", "en", "ko", "zh-TW"];

/** The country a visitor reading this language most likely lives in (offered first); none for Japanese. */
export const LIKELY_COUNTRY: Record<PageLocale, string | null> = { ja: null, en: "US", ko: "KR", "zh-TW": "TW" };

const displayNames = new Map<string, Intl.DisplayNames>();
function namesIn(locale: string): Intl.DisplayNames {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
    displayNames.set(locale, names);
  }
  return names;
}

/** A country's name in a language (the runtime's CLDR data); text that is not a code is returned as it is. */
export function countryName(code: string, locale: string): string {
  if (!isCountryCode(code)) return code;
  return namesIn(locale).of(code) ?? code;
}

let byName: Map<string, string> | null = null;
const fold = (s: string) =>
  s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s.・·]/g, "");

/** A stored or typed country → its code: a code, or a country's name in one of the page languages. */
export function countryCode(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (!text) return null;
  if (isCountryCode(text.toUpperCase()) && /^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  if (!byName) {
    byName = new Map();
    for (const locale of NAME_LOCALES)
      for (const code of COUNTRY_CODES) byName.set(fold(namesIn(locale).of(code) ?? code), code);
    for (const [alias, code] of [
      ["日本国", "JP"],
      ["usa", "US"],
      ["america", "US"],
      ["korea", "KR"],
      ["韓国", "KR"],
      ["한국", "KR"],
      ["대한민국", "KR"],
      ["taiwan", "TW"],
      ["臺灣", "TW"],
      ["台湾", "TW"],
      ["uk", "GB"],
    ] as const)
      byName.set(fold(alias), code);
  }
  return byName.get(fold(text)) ?? null;
}

/**
 * The country select's choices in a language: the likely country and Japan first (as the
 * language suggests), then every other country by name in that language's order.
 */
export function countryOptions(locale: PageLocale): { value: string; label: string }[] {
  const first = [LIKELY_COUNTRY[locale], "JP"].filter((c): c is string => Boolean(c));
  const collator = new Intl.Collator(locale);
  const rest = COUNTRY_CODES.filter((c) => !first.includes(c))
    .map((c) => ({ value: c, label: countryName(c, locale) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  return [...first.map((c) => ({ value: c, label: countryName(c, locale) })), ...rest];
}

/**
 * Postal codes by country: the form of the ones most visitors come from, after NFKC, upper case
 * and single spaces. Countries in `NO_POSTAL_CODE` have none (the field is optional there);
 * any other country takes 2–10 letters, digits, spaces and hyphens.
 */
const POSTAL_FORMS: Record<string, RegExp> = {
  KR: /^\d{5}$/,
  TW: /^\d{3}(?:\d{2,3})?$/,
  CN: /^\d{6}$/,
  US: /^\d{5}(?:-\d{4})?$/,
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  AU: /^\d{4}$/,
  NZ: /^\d{4}$/,
  SG: /^\d{6}$/,
  TH: /^\d{5}$/,
  VN: /^\d{6}$/,
  PH: /^\d{4}$/,
  MY: /^\d{5}$/,
  ID: /^\d{5}$/,
  IN: /^\d{6}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  RU: /^\d{6}$/,
  BR: /^\d{5}-?\d{3}$/,
  MX: /^\d{5}$/,
};
const NO_POSTAL_CODE: ReadonlySet<string> = new Set(
  (
    "AE AG AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GH GM GQ GY HK HM IE KI KM KN KP " +
    "LC LY ML MO MR MW NR NU QA RW SB SC SL SR SS ST SY TF TG TK TL TO TT TV UG VU YE ZW"
  ).split(" "),
);
const LOOSE_POSTAL = /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/;

/** Whether addresses in this country carry a postal code (Japan, and any country not known to have none). */
export const hasPostalCode = (country: string): boolean => !NO_POSTAL_CODE.has(country);

/** A postal code of `country` as typed → as stored (Japan: 7 digits), or null when it is not one. */
export function postalCode(country: string, input: string): string | null {
  if (country === "JP") return normalizeZip(input);
  const text = input.normalize("NFKC").toUpperCase().trim().replace(/\s+/g, " ");
  const form = POSTAL_FORMS[country];
  if (form) return form.test(text) ? text : null;
  return LOOSE_POSTAL.test(text) ? text : null;
}

/** Where an address is: a prefecture in Japan, or a country abroad (prefecture 48 with a country). */
export interface AddressPlace {
  /** "JP" for a prefecture 1–47; the chosen code for 48; null when 48 has no valid country yet. */
  country: string | null;
  overseas: boolean;
}

/**
 * Where an address is, by what its form says: the chosen country decides (the forms ask for it
 * first); without one, prefecture 48 is abroad and any other is Japan (older data and clients).
 */
export function addressPlace(prefCode: string, country: string): AddressPlace {
  if (country.trim()) {
    const code = countryCode(country);
    return { country: code, overseas: code !== "JP" };
  }
  if (prefCode.trim() !== String(PREF_OVERSEAS)) return { country: "JP", overseas: false };
  return { country: null, overseas: true };
}

/** Whether an address form is in its Japanese mode (prefecture and 7-digit postcode) for these values. */
export function isJapanese(prefCode: string, country: string): boolean {
  return !addressPlace(prefCode, country).overseas;
}

type Field = "zip" | "country" | "pref_code";
export type AddressIssue = { field: Field; code: string };

const JP_PREF = /^(?:[1-9]|[1-3][0-9]|4[0-7])$/;

/**
 * The rules between an address's country, prefecture and postal code. The country decides: Japan
 * takes a prefecture 1–47 (`prefRequired`) and 7 digits; any other country its own postal code
 * (optional where it has none, `zipRequired` otherwise) and no prefecture (stored as 48). A form
 * without the country (a driver setting can hide it) is placed by its prefecture, 48 being abroad.
 * Returns the issues and the values to store: the country as a code and the prefecture code.
 */
export function checkAddress(
  v: { zip: string; pref_code: string; country: string },
  opts: {
    zipRequired: boolean;
    prefRequired?: boolean;
    countryRequired?: boolean;
    prefShown?: boolean;
    countryShown?: boolean;
  },
): { issues: AddressIssue[]; zip: string; country: string; prefCode: number | null } {
  const issues: AddressIssue[] = [];
  const zip = v.zip.trim();
  const prefShown = opts.prefShown ?? true;
  const countryShown = opts.countryShown ?? true;
  const prefText = prefShown ? v.pref_code.trim() : "";
  const countryText = countryShown ? v.country.trim() : "";
  let country: string | null = null;
  if (countryText) {
    country = countryCode(countryText);
    if (!country) issues.push({ field: "country", code: "invalid_choice" });
  } else if (prefText === String(PREF_OVERSEAS)) {
    if (countryShown) issues.push({ field: "country", code: "country_required" });
  } else if (prefText) country = "JP";
  else if (countryShown && (opts.countryRequired || opts.prefRequired))
    issues.push({ field: "country", code: "country_required" });
  else if (prefShown && opts.prefRequired) issues.push({ field: "pref_code", code: "pref_required" });

  let prefCode: number | null = null;
  if (country === "JP") {
    if (JP_PREF.test(prefText)) prefCode = Number(prefText);
    // Other codes are refused by the field's own check; 48 is not a prefecture of Japan.
    else if (prefText === String(PREF_OVERSEAS)) issues.push({ field: "pref_code", code: "invalid_choice" });
    else if (prefShown && opts.prefRequired) issues.push({ field: "pref_code", code: "pref_required" });
  } else if (country || prefText === String(PREF_OVERSEAS)) prefCode = PREF_OVERSEAS;

  // Without a country the postal code is Japan's (the spec's default), unless the form was told
  // to say where it is: then it can only be checked for being there.
  const unplaced = prefText === String(PREF_OVERSEAS) || issues.some((i) => i.field === "country");
  const rulesOf = country ?? (unplaced ? "" : "JP");
  const needsZip = opts.zipRequired && (!rulesOf || hasPostalCode(rulesOf));
  let stored = zip;
  if (!zip) {
    if (needsZip) issues.push({ field: "zip", code: "zip_required" });
  } else if (rulesOf) {
    const normal = postalCode(rulesOf, zip);
    if (normal === null) issues.push({ field: "zip", code: rulesOf === "JP" ? "zip_invalid" : "postal_invalid" });
    else stored = normal;
  }
  return { issues, zip: stored, country: country ?? "", prefCode };
}

/** Countries that write an address from the largest place down, postal code first. */
const BIG_ENDIAN: ReadonlySet<string> = new Set(["KR", "TW", "CN", "HK", "MO", "KP", "MN", "VN"]);

/**
 * A person's address on one line, for a reader of `locale`: a Japanese one as the language writes
 * Japanese addresses (〒 and the prefecture in Japanese); one abroad in its own country's order,
 * with the country named in the reader's language, never a 〒 nor the "overseas / other"
 * prefecture. `prefName` gives a prefecture's name in the reader's language.
 */
export function formatPersonAddress(
  locale: PageLocale,
  person: {
    zip?: string | null;
    prefCode?: number | null;
    country?: string | null;
    addressA?: string;
    addressB?: string;
  },
  prefName: (code: number) => string,
): string {
  const street = [person.addressA, person.addressB].filter(Boolean).join(" ");
  const zip = (person.zip ?? "").trim();
  if (person.prefCode === PREF_OVERSEAS) {
    const code = countryCode(person.country);
    const country = code ? countryName(code, locale) : (person.country ?? "").trim();
    if (code && BIG_ENDIAN.has(code)) return [country, zip, street].filter(Boolean).join(" ");
    return [street, zip, country].filter(Boolean).join(", ");
  }
  const jpZip = zip.replace(/^(\d{3})(\d{4})$/, "$1-$2");
  const region = person.prefCode ? prefName(person.prefCode) : "";
  if (!jpZip && !region && !street) return "";
  switch (locale) {
    case "ja":
      return [jpZip ? `〒${jpZip}` : "", `${region}${street}`].filter(Boolean).join(" ");
    case "en":
      return [street, region, [jpZip, countryName("JP", "en")].filter(Boolean).join(", ")].filter(Boolean).join(", ");
    default:
      return [[region, street].filter(Boolean).join(" "), jpZip ? `(${jpZip})` : ""].filter(Boolean).join(" ");
  }
}
