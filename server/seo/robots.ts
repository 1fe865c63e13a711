/**
 * Paths crawlers are asked to leave alone on every site and in every language (`*` spans the
 * locale prefix and the site id): the booking steps after the car choice, accounts and their
 * forms. Everything else is allowed.
 */
export const DISALLOWED_PATHS = [
  "/*/reserve/stores/*/cars/*/options",
  "/*/reserve/login",
  "/*/reserve/user",
  "/*/reserve/confirm",
  "/*/reserve/credit_card",
  "/*/reserve/completed",
  "/*/login",
  "/*/mypage",
  "/*/password_request",
  "/*/password_reset",
  "/*/user/",
] as const;

/** The platform's one robots.txt: the rules above and the sitemap of every published site. */
export function robotsTxt(origin: string, siteIds: readonly string[]): string {
  const lines = ["User-agent: *", ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), "Allow: /", ""];
  for (const id of siteIds) lines.push(`Sitemap: ${new URL(`/${encodeURIComponent(id)}/sitemap.xml`, origin).href}`);
  return `${lines.join("\n")}\n`;
}
