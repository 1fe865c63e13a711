import { formatIsoDate } from "../../common/format";
import { type Locale, pickLang } from "../../common/locales";
import { parseId } from "../../common/params";
import type { SiteBundle } from "../../server/sites/site-bundle";

/** The top page's own content (spec §3 Top info) in one language: the page and the JSON API's `top` read it. */
export function topContent(bundle: SiteBundle, locale: Locale) {
  const top = bundle.topInfo;
  return {
    siteImage: bundle.settings.isDispImage ? (top?.siteImagePath ?? null) : null,
    intro: top ? pickLang(top, "pageEditTop", locale) : "",
    news: bundle.news.map((n) => ({
      id: n.id,
      publishedOn: n.publishedOn,
      date: formatIsoDate(n.publishedOn),
      title: pickLang(n, "title", locale),
      body: pickLang(n, "body", locale),
    })),
  };
}

/**
 * A custom page (spec §3) in one language, by its address (`/c/{url}`), or, for the JSON API, by
 * its id when no page has that address; null when the site has no such page.
 */
export function customPageContent(bundle: SiteBundle, locale: Locale, key: string, byId = false) {
  const id = byId ? parseId(key) : null;
  const page = bundle.customPages.find((p) => p.pageUrl === key) ?? bundle.customPages.find((p) => p.id === id);
  if (!page) return null;
  return {
    id: page.id,
    title: pickLang(page, "pageTitle", locale),
    contents: pickLang(page, "pageContents", locale),
    url: page.pageUrl,
    displayOrder: page.displayOrder,
  };
}
