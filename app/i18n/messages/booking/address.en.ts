import type { addressIntlJa } from "./address.ja";

export const addressIntlEn: Record<keyof typeof addressIntlJa, string> = {
  "address.countryFirstHint": "Where you live. The address fields below follow it.",
  "address.zipHintJapan": "A Japanese postal code: 7 digits (a hyphen is allowed).",
};
