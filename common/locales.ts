/** The four page languages. The path prefix, not this code, appears in URLs. */
export const LOCALES = ["ja", "en", "ko", "zh-TW"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ja";

/** Path prefix per locale; Japanese has none (spec §2). */
export const LOCALE_PREFIX: Record<Locale, string> = { ja: "", en: "en", ko: "kr", "zh-TW": "tw" };

/** Codes used in the site setting's supported-language list and in the locale cookie. */
export const LOCALE_CODE: Record<Locale, string> = { ja: "jp", en: "en", ko: "kr", "zh-TW": "tw" };

/** Suffix of multi-language columns (`siteTitleEn`, …). */
export const FIELD_SUFFIX: Record<Locale, "" | "En" | "Kr" | "Tw"> = { ja: "", en: "En", ko: "Kr", "zh-TW": "Tw" };

export const LOCALE_COOKIE = "i18n_redirected";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const PREFIX_TO_LOCALE = new Map<string, Locale>(
  (Object.entries(LOCALE_PREFIX) as [Locale, string][]).filter(([, p]) => p).map(([l, p]) => [p, l]),
);

export function isLocalePrefix(segment: string | undefined): boolean {
  return segment !== undefined && PREFIX_TO_LOCALE.has(segment);
}

export function localeFromPath(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return (first && PREFIX_TO_LOCALE.get(first)) || DEFAULT_LOCALE;
}

/** `/sakura/store` in `en` → `/en/sakura/store`. */
export function localizePath(locale: Locale, path: string): string {
  const prefix = LOCALE_PREFIX[locale];
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (!prefix) return clean;
  return clean === "/" ? `/${prefix}` : `/${prefix}${clean}`;
}

/** The path without its locale prefix. */
export function stripLocale(pathname: string): string {
  const parts = pathname.split("/");
  if (isLocalePrefix(parts[1])) parts.splice(1, 1);
  const rest = parts.join("/");
  return rest === "" ? "/" : rest;
}

/** Cookie values are the language codes (jp/ja, en, kr, tw); anything else is ignored. */
export function parseLocaleCookie(value: string | undefined | null): Locale | null {
  switch (value) {
    case "ja":
    case "jp":
      return "ja";
    case "en":
      return "en";
    case "kr":
    case "ko":
      return "ko";
    case "tw":
      return "zh-TW";
    default:
      return null;
  }
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Best match of an Accept-Language header among our locales; Japanese when nothing matches. */
export function detectBrowserLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((x) => x.tag && x.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    if (primary === "ja") return "ja";
    if (primary === "en") return "en";
    if (primary === "ko") return "ko";
    if (primary === "zh") return "zh-TW";
  }
  return DEFAULT_LOCALE;
}

/** On the root path only: the cookie's choice wins, then the browser's languages. */
export function rootLocale(cookieValue: string | undefined, acceptLanguage: string | null | undefined): Locale {
  return parseLocaleCookie(cookieValue) ?? detectBrowserLocale(acceptLanguage);
}

/** Languages a site serves, from its comma list; Japanese always. */
export function siteLocales(supportedLanguages: string): Locale[] {
  const codes = new Set(supportedLanguages.split(",").map((c) => c.trim()));
  return LOCALES.filter((l) => l === "ja" || codes.has(LOCALE_CODE[l]));
}

/** A multi-language field in the locale, falling back to Japanese when empty. */
export function pickLang<K extends string>(
  row: Record<K, string> & Partial<Record<`${K}${"En" | "Kr" | "Tw"}`, string | null>>,
  key: K,
  locale: Locale,
): string {
  const suffix = FIELD_SUFFIX[locale];
  if (suffix) {
    const v = (row as Record<string, string | null | undefined>)[`${key}${suffix}`];
    if (v) return v;
  }
  return row[key];
}

/** Names of the languages in themselves, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { ja: "日本語", en: "English", ko: "한국어", "zh-TW": "繁體中文" };
