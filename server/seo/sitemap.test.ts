import { describe, expect, it } from "vitest";
import type { SiteBundle } from "#server/sites/site-bundle";
import { sitemapEntries, sitemapXml, sitePagePaths } from "./sitemap";

const ORIGIN = "https://booking.example.com";

/** Two stores; type 10 (class 1) rents at both, type 11 (class 2) has vehicles only at store 1 and a plan only at store 2. */
function bundle(supportedLanguages: string): SiteBundle {
  return {
    client: { siteId: "demo" },
    settings: { supportedLanguages },
    stores: [{ id: 1 }, { id: 2 }],
    customPages: [{ pageUrl: "faq" }, { pageUrl: "a&b" }],
    catalogue: {
      carTypes: [
        { id: 10, classId: 1 },
        { id: 11, classId: 2 },
      ],
      vehicleCounts: new Map([
        ["1:10", 2],
        ["2:10", 1],
        ["1:11", 3],
      ]),
      feePlans: [
        { storeId: 1, classId: 1 },
        { storeId: 2, classId: 1 },
        { storeId: 2, classId: 2 },
      ],
    },
  } as unknown as SiteBundle;
}

describe("sitemap", () => {
  it("lists the public pages and each car type only at the stores that rent it", () => {
    expect(sitePagePaths(bundle("jp"))).toEqual([
      "/demo",
      "/demo/reserve",
      "/demo/fee",
      "/demo/store",
      "/demo/store/1",
      "/demo/store/2",
      "/demo/c/faq",
      "/demo/c/a%26b",
      "/demo/reserve/stores/1/cars/10",
      "/demo/reserve/stores/2/cars/10",
    ]);
  });

  it("has an entry per page and offered language, each with every language's alternate and x-default", () => {
    const entries = sitemapEntries(ORIGIN, bundle("jp,en"));
    expect(entries).toHaveLength(20);
    const fee = entries.filter((e) => e.loc.endsWith("/demo/fee"));
    expect(fee.map((e) => e.loc)).toEqual([`${ORIGIN}/demo/fee`, `${ORIGIN}/en/demo/fee`]);
    expect(fee[1]?.alternates).toEqual([
      { hreflang: "ja", href: `${ORIGIN}/demo/fee` },
      { hreflang: "en", href: `${ORIGIN}/en/demo/fee` },
      { hreflang: "x-default", href: `${ORIGIN}/demo/fee` },
    ]);
    expect(entries.some((e) => e.loc.includes("/kr/") || e.loc.includes("/tw/"))).toBe(false);
  });

  it("writes escaped sitemaps.org XML with xhtml:link alternates", () => {
    const text = sitemapXml([
      {
        loc: `${ORIGIN}/demo/c/a?x=1&y=2`,
        alternates: [{ hreflang: "x-default", href: `${ORIGIN}/demo/c/a?x=1&y=2` }],
      },
    ]);
    expect(text).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        "  <url>",
        `    <loc>${ORIGIN}/demo/c/a?x=1&amp;y=2</loc>`,
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/demo/c/a?x=1&amp;y=2"/>`,
        "  </url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });
});
