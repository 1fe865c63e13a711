/**
 * The qualified invoice issuer's registration number (適格請求書発行事業者登録番号): "T" and 13 digits.
 * For a company it is "T" + its corporate number (法人番号); an individual's is issued on the same
 * rule. The first of the 13 digits is a check digit over the other 12 (the corporate number's rule,
 * 法人番号の指定等に関する省令 第2条):
 *
 *   check = 9 − (Σ_{n=1..12} Pn × Qn mod 9)
 *
 * where Pn is the n-th digit of the 12-digit base counted from its lowest (rightmost) digit and Qn is
 * 1 when n is odd and 2 when n is even. The check digit is therefore 1 to 9, never 0.
 */

export const REGISTRATION_NUMBER = /^T[1-9][0-9]{12}$/;

/** The check digit of a 12-digit base. */
export function checkDigit(base: string): number {
  if (!/^[0-9]{12}$/.test(base)) throw new Error("a corporate number's base is 12 digits");
  let sum = 0;
  for (let n = 1; n <= 12; n += 1) {
    const digit = Number(base[12 - n]);
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/** Whether `value` is "T" + 13 digits whose first is the check digit of the other 12. */
export function isRegistrationNumber(value: string): boolean {
  if (!REGISTRATION_NUMBER.test(value)) return false;
  return Number(value[1]) === checkDigit(value.slice(2));
}

/**
 * What staff typed, as stored: full-width letters and digits made half-width, spaces and hyphens
 * dropped ("T 1234-5678-…" is how numbers are often printed), the letter upper-cased.
 */
export function normalizeRegistrationNumber(raw: string): string {
  return raw
    .normalize("NFKC")
    .replace(/[\s\-‐‑–—ー−]/g, "")
    .toUpperCase();
}

/** Why a typed number is refused, or null when it is a valid number. */
export function registrationNumberProblem(
  value: string,
): "registration_number_format" | "registration_number_check" | null {
  if (!/^T[0-9]{13}$/.test(value)) return "registration_number_format";
  return isRegistrationNumber(value) ? null : "registration_number_check";
}
