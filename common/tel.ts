/**
 * Phone numbers in links and on pages, without libphonenumber (the browser has no phone rules,
 * decision 055).
 */

/** Full-width digits, plus signs and dashes as phones and IMEs type them → half-width. */
export function halfWidth(input: string): string {
  return input
    .normalize("NFKC")
    .replace(/[‐‑‒–—―−ー]/g, "-")
    .trim();
}

/**
 * A `tel:` link's target in E.164, so a foreign SIM dials it too: a Japanese number written
 * nationally (`098-000-8301`) gains +81 (`tel:+81980008301`). Stores and borrowers alike.
 */
export function telHref(tel: string): string {
  const digits = halfWidth(tel).replace(/[^\d+]/g, "");
  return `tel:${/^0\d/.test(digits) ? `+81${digits.slice(1)}` : digits}`;
}

/**
 * A Japanese number as a page in `locale` shows it: as written in Japanese, and in international
 * form (`+81 98-000-8301`) for visitors who read another language and dial from abroad.
 */
export function telShown(tel: string, locale: string): string {
  const text = halfWidth(tel);
  return locale !== "ja" && /^0\d/.test(text) ? `+81 ${text.slice(1)}` : text;
}
