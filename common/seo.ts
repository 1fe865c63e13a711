import { LOCALES, type Locale, localizePath, stripLocale } from "./locales";
import { RICH_LINK, stripHtml } from "./rich-text";

/** BCP 47 tags for `hreflang` and `lang`: the locale codes are already such tags. */
export const HREFLANG: Record<Locale, string> = { ja: "ja", en: "en", ko: "ko", "zh-TW": "zh-TW" };

/** Open Graph wants `language_TERRITORY`. */
export const OG_LOCALE: Record<Locale, string> = { ja: "ja_JP", en: "en_US", ko: "ko_KR", "zh-TW": "zh_TW" };

/** The `hreflang` of the version shown to everyone else: the Japanese page. */
export const X_DEFAULT = "x-default";

export interface Alternate {
  hreflang: string;
  href: string;
}

/** `/demo/a.svg` on `https://x.example` → `https://x.example/demo/a.svg`; an absolute http(s) URL stays as it is. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).href;
}

/**
 * The language-free path of a page: `/en/sakura/store/` → `/sakura/store`. No locale prefix, no
 * trailing slash, no query.
 */
export function pagePath(pathname: string): string {
  const path = stripLocale(pathname).replace(/\/+$/, "");
  return path || "/";
}

/**
 * The query of a canonical URL: only the parameters that define the page, in the order given,
 * each once and non-empty. Tracking (`utm_*`, `gclid`), the search carried between pages and
 * anything unknown are dropped.
 */
export function canonicalQuery(search: string | URLSearchParams, keep: readonly string[] = []): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of keep) {
    const value = given.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : "";
}

/**
 * The absolute URL of a language-free page path (plus its canonical query) in each language the
 * site offers, and `x-default` on the Japanese one. Japanese is always offered (`siteLocales`).
 */
export function alternates(origin: string, locales: readonly Locale[], path: string, query = ""): Alternate[] {
  const offered = LOCALES.filter((l) => locales.includes(l));
  const href = (locale: Locale) => absoluteUrl(origin, localizePath(locale, path) + query);
  return [...offered.map((l) => ({ hreflang: HREFLANG[l], href: href(l) })), { hreflang: X_DEFAULT, href: href("ja") }];
}

/** The page's own URL in its language: what `rel=canonical` and `og:url` name. */
export function canonicalUrl(origin: string, locale: Locale, path: string, query = ""): string {
  return absoluteUrl(origin, localizePath(locale, path) + query);
}

/**
 * Client-authored markup (docs/decisions/005) as one line of plain text: headings, list markers,
 * table pipes and separator rows, link targets and any HTML (as the renderer drops it) are dropped;
 * whitespace collapses.
 */
export function plainText(markup: string): string {
  return stripHtml(markup.replace(/\r\n?/g, "\n"))
    .split("\n")
    .filter((line) => !/^\s*\|[\s:|-]+\|\s*$/.test(line))
    .map((line) =>
      line
        .replace(/^\s*#{1,6}\s+/, "")
        .replace(/^\s*[-*]\s+/, "")
        .replace(/^\s*\||\|\s*$/g, "")
        .replace(/\|/g, " "),
    )
    .join(" ")
    .replace(RICH_LINK, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * At most `max` characters (code points) of a text, ending in "…" when cut. A cut falls on a
 * space when one is near the end, so Latin words stay whole; CJK text is cut where it reaches the limit.
 */
export function excerpt(text: string, max = 120): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join("");
  const space = head.lastIndexOf(" ");
  const cut = space >= head.length - 20 && space > 0 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,.;:、。，]+$/u, "")}…`;
}
