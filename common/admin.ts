/** The back office's paths and languages (decision 029), for the server and the pages alike. */

/** The back office speaks Japanese and English; each staff member chooses, and it is remembered. */
export const ADMIN_LOCALES = ["ja", "en"] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number];

/** Before signing in, the language chosen on the login page (or the browser's) is kept here. */
export const ADMIN_LOCALE_COOKIE = "admin_lang";

/** A site id that can never name a site: its paths are the back office's. */
export const RESERVED_SITE_IDS: ReadonlySet<string> = new Set(["admin", "api", "404"]);

/** `/admin/sakura` + `/stores/3` → `/admin/sakura/stores/3`. */
export function adminPath(siteId: string, path = ""): string {
  return `/admin/${siteId}${path && !path.startsWith("/") ? "/" : ""}${path}`;
}

const ADMIN_PATH = /^\/admin\/([a-z0-9][a-z0-9_-]{1,62})(?:[/.]|$)/;

/** The site a back-office path names (`/admin/sakura/stores` → sakura), or null for any other path. */
export function adminSiteOfPath(pathname: string): string | null {
  return ADMIN_PATH.exec(pathname)?.[1] ?? null;
}

export const isAdminPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

export function parseAdminLocale(value: string | null | undefined): AdminLocale | null {
  return value === "ja" || value === "en" ? value : null;
}

/** The language a browser asks for first, when it is one the back office speaks. */
export function adminLocaleFromAcceptLanguage(header: string | null | undefined): AdminLocale {
  const first = header?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("en") ? "en" : "ja";
}
