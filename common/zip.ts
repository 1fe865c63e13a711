/** Hyphens, dashes, long-vowel marks and spaces people type inside a postal code. */
const SEPARATORS = /[\s\-‐‑‒–—―−－ー〒]/g;

/**
 * A postal code as typed → its 7 half-width digits, or null (spec §5: full-width digits become
 * half-width; nothing happens under 7 digits). Letters, more than 7 digits or anything else
 * than digits and separators also give null.
 */
export function normalizeZip(input: string): string | null {
  const halfWidth = input.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  const digits = halfWidth.replace(SEPARATORS, "");
  return /^[0-9]{7}$/.test(digits) ? digits : null;
}
