import { siteLocales } from "#common/locales";
import { type Alternate, alternates, canonicalUrl } from "#common/seo";
import { typesAtStore } from "#server/availability/search";
import type { SiteBundle } from "#server/sites/site-bundle";

/**
 * The language-free paths of every public page of a site: top, search, fees, store list, each
 * store, each custom page, and each car type at each store that rents it. Booking steps, account
 * pages, notices and iframe variants are not listed.
 */
export function sitePagePaths(bundle: SiteBundle): string[] {
  const base = `/${bundle.client.siteId}`;
  const paths = [base, `${base}/reserve`, `${base}/fee`, `${base}/store`];
  for (const store of bundle.stores) paths.push(`${base}/store/${store.id}`);
  for (const page of bundle.customPages) paths.push(`${base}/c/${encodeURIComponent(page.pageUrl)}`);
  for (const store of bundle.stores) {
    for (const type of typesAtStore(bundle, store.id)) {
      paths.push(`${base}/reserve/stores/${store.id}/cars/${type.id}`);
    }
  }
  return paths;
}

export interface SitemapEntry {
  loc: string;
  alternates: Alternate[];
}

/** One entry per page and language the site offers, each naming all its language versions. */
export function sitemapEntries(origin: string, bundle: SiteBundle): SitemapEntry[] {
  const locales = siteLocales(bundle.settings.supportedLanguages);
  return sitePagePaths(bundle).flatMap((path) => {
    const versions = alternates(origin, locales, path);
    return locales.map((locale) => ({ loc: canonicalUrl(origin, locale, path), alternates: versions }));
  });
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** A sitemap (sitemaps.org 0.9) with `xhtml:link` language alternates, as Google reads them. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const entry of entries) {
    lines.push("  <url>", `    <loc>${xml(entry.loc)}</loc>`);
    for (const a of entry.alternates) {
      lines.push(`    <xhtml:link rel="alternate" hreflang="${xml(a.hreflang)}" href="${xml(a.href)}"/>`);
    }
    lines.push("  </url>");
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}
