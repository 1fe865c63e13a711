// The public pages the browser benches load: the sakura top, search results and car type pages in
// the four languages, found as a visitor finds them (the top page's search, the first car card).
import { firstCarTypePath, LOCALES, type LocaleCode, PREFIX, resultsPath } from "../../scripts/lib/built-server";

export const SITE = "sakura";

export interface PageTarget {
  key: string;
  locale: LocaleCode;
  page: "top" | "results" | "car type";
  path: string;
}

/** The twelve pages, or those `only` names (`ja-top,en-results`). */
export async function publicPageTargets(base: string, only?: string[]): Promise<PageTarget[]> {
  const list: PageTarget[] = [];
  for (const locale of LOCALES) {
    const prefix = `${PREFIX[locale]}/${SITE}`;
    const top = await (await fetch(base + prefix)).text();
    const results = resultsPath(prefix, top);
    const car = firstCarTypePath(prefix, await (await fetch(base + results)).text());
    list.push({ key: `${locale}-top`, locale, page: "top", path: prefix });
    list.push({ key: `${locale}-results`, locale, page: "results", path: results });
    if (car) list.push({ key: `${locale}-car-type`, locale, page: "car type", path: car });
    else console.warn(`! ${results}: no car type link; skipping the car type page`);
  }
  return only?.length ? list.filter((t) => only.includes(t.key)) : list;
}
