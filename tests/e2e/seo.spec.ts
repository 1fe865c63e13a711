import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_SITES, expect, type LocaleCode, PREFIX, test, url } from "./fixtures";
import { msg } from "./search-helpers";

const HREFLANG: Record<LocaleCode, string> = { ja: "ja", en: "en", ko: "ko", "zh-TW": "zh-TW" };
const OG_LOCALE: Record<LocaleCode, string> = { ja: "ja_JP", en: "en_US", ko: "ko_KR", "zh-TW": "zh_TW" };
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";

const site = (id: string) => {
  const found = DEMO_SITES.find((s) => s.siteId === id);
  if (!found) throw new Error(`no demo site ${id}`);
  return found;
};

interface Head {
  title: string;
  canonical: string[];
  alternates: [string, string][];
  og: Record<string, string>;
  description: string | null;
  robots: string | null;
}

/** What the document head says about the page, as a crawler reads it. */
async function readHead(page: Page): Promise<Head> {
  return page.evaluate(() => {
    const attr = (el: Element, name: string) => el.getAttribute(name) ?? "";
    return {
      title: document.title,
      canonical: [...document.querySelectorAll('head link[rel="canonical"]')].map((l) => attr(l, "href")),
      alternates: [...document.querySelectorAll('head link[rel="alternate"][hreflang]')].map(
        (l) => [attr(l, "hreflang"), attr(l, "href")] as [string, string],
      ),
      og: Object.fromEntries(
        [...document.querySelectorAll('head meta[property^="og:"]')]
          .filter((m) => attr(m, "property") !== "og:locale:alternate")
          .map((m) => [attr(m, "property"), attr(m, "content")]),
      ),
      description: document.querySelector('head meta[name="description"]')?.getAttribute("content") ?? null,
      robots: document.querySelector('head meta[name="robots"]')?.getAttribute("content") ?? null,
    };
  });
}

const isAbsoluteHttp = (href: string) => /^https?:\/\/[^/]+\//.test(href) && Boolean(new URL(href));

/** The site's sitemap, parsed by the browser's XML parser: fails on anything not well-formed. */
async function readSitemap(page: Page, request: APIRequestContext, siteId: string) {
  const res = await request.get(`/${siteId}/sitemap.xml`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("xml");
  const xml = await res.text();
  await page.goto("about:blank");
  return page.evaluate(
    ({ xml, SITEMAP_NS, XHTML_NS }) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      if (doc.getElementsByTagName("parsererror").length) throw new Error("sitemap.xml is not well-formed XML");
      if (doc.documentElement.namespaceURI !== SITEMAP_NS || doc.documentElement.localName !== "urlset") {
        throw new Error(`unexpected root element ${doc.documentElement.tagName}`);
      }
      return [...doc.getElementsByTagNameNS(SITEMAP_NS, "url")].map((u) => ({
        loc: u.getElementsByTagNameNS(SITEMAP_NS, "loc")[0]?.textContent ?? "",
        alternates: [...u.getElementsByTagNameNS(XHTML_NS, "link")].map((l) => [
          l.getAttribute("hreflang") ?? "",
          l.getAttribute("href") ?? "",
        ]),
      }));
    },
    { xml, SITEMAP_NS, XHTML_NS },
  );
}

/** Language-free paths within sakura of one store page and one car type page, as its sitemap lists them. */
async function samplePaths(page: Page, request: APIRequestContext) {
  const urls = (await readSitemap(page, request, "sakura")).map((u) => new URL(u.loc).pathname);
  const store = urls.find((p) => /^\/sakura\/store\/\d+$/.test(p));
  const car = urls.find((p) => /^\/sakura\/reserve\/stores\/\d+\/cars\/\d+$/.test(p));
  if (!store || !car) throw new Error("the sitemap lists no store or no car type page");
  return { store: store.slice("/sakura".length), car: car.slice("/sakura".length) };
}

async function expectOk(request: APIRequestContext, hrefs: Iterable<string>) {
  for (const href of new Set(hrefs)) {
    const res = await request.get(href, { maxRedirects: 0 });
    expect(res.status(), href).toBe(200);
  }
}

test.describe("SEO head", () => {
  test("sakura: canonical, hreflang alternates and Open Graph on top, car, store and custom pages in all four languages", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const sakura = site("sakura");
    const { store, car } = await samplePaths(page, request);
    const linked = new Set<string>();
    for (const locale of sakura.locales) {
      for (const path of ["", car, store, "/c/company"]) {
        // Tracking and carried search parameters never reach the canonical URL.
        await page.goto(`${url(locale, "sakura", path)}?utm_source=test&sd=2030-01-01&month=2030-01`);
        const origin = new URL(page.url()).origin;
        const head = await readHead(page);
        const canonical = `${origin}${url(locale, "sakura", path)}`;
        expect(head.canonical, page.url()).toEqual([canonical]);

        const byLang = new Map(head.alternates);
        expect(head.alternates).toHaveLength(byLang.size);
        expect([...byLang.keys()].sort()).toEqual([...sakura.locales.map((l) => HREFLANG[l]), "x-default"].sort());
        for (const l of sakura.locales) expect(byLang.get(HREFLANG[l])).toBe(`${origin}${url(l, "sakura", path)}`);
        expect(byLang.get("x-default")).toBe(`${origin}${url("ja", "sakura", path)}`);
        expect(byLang.get(HREFLANG[locale])).toBe(canonical);
        for (const href of byLang.values()) {
          expect(isAbsoluteHttp(href), href).toBe(true);
          linked.add(href);
        }

        expect(head.robots).toBeNull();
        expect(head.og["og:title"]).toBe(head.title);
        expect(head.og["og:description"]?.length ?? 0).toBeGreaterThan(0);
        expect(head.og["og:description"]).toBe(head.description);
        expect(head.og["og:type"]).toBe("website");
        expect(head.og["og:url"]).toBe(canonical);
        expect(head.og["og:locale"]).toBe(OG_LOCALE[locale]);
        const image = head.og["og:image"] ?? "";
        expect(isAbsoluteHttp(image), image).toBe(true);
        linked.add(image);
      }
    }
    await expectOk(request, linked);
  });

  test("kaede (ja, en) has no ko or zh-TW alternates; fuji (ja) has its canonical and x-default", async ({
    page,
    request,
  }) => {
    for (const path of ["", "/store", "/c/guide"]) {
      await page.goto(url("en", "kaede", path));
      const origin = new URL(page.url()).origin;
      const head = await readHead(page);
      expect(head.canonical).toEqual([`${origin}/en/kaede${path}`]);
      expect(head.alternates).toEqual([
        ["ja", `${origin}/kaede${path}`],
        ["en", `${origin}/en/kaede${path}`],
        ["x-default", `${origin}/kaede${path}`],
      ]);
      await expectOk(
        request,
        head.alternates.map(([, href]) => href),
      );
    }
    expect(site("kaede").locales).toEqual(["ja", "en"]);

    await page.goto("/fuji/store?utm_campaign=x");
    const origin = new URL(page.url()).origin;
    const head = await readHead(page);
    expect(head.canonical).toEqual([`${origin}/fuji/store`]);
    expect(head.alternates).toEqual([
      ["ja", `${origin}/fuji/store`],
      ["x-default", `${origin}/fuji/store`],
    ]);
    expect(head.og["og:locale"]).toBe("ja_JP");
  });

  test("car type and custom pages describe themselves, not with the top page's description", async ({
    page,
    request,
  }) => {
    const { car } = await samplePaths(page, request);
    for (const locale of ["ja", "en"] as const) {
      await page.goto(url(locale, "sakura"));
      const top = (await readHead(page)).description;
      expect(top?.length ?? 0).toBeGreaterThan(0);

      await page.goto(url(locale, "sakura", car));
      const carHead = await readHead(page);
      const carName = (await page.getByTestId("page-title").textContent())?.trim() ?? "";
      expect(carHead.description).not.toBe(top);
      expect(carHead.description).toContain(carName);

      await page.goto(url(locale, "sakura", "/c/faq"));
      const faq = await readHead(page);
      expect(faq.description).not.toBe(top);
      expect(faq.description?.length ?? 0).toBeGreaterThan(20);
      expect(faq.description).not.toMatch(/[#|[\]<>]/);
    }
  });

  test("a site without SEO settings gives each page its own title", async ({ page }) => {
    const titles = new Set<string>();
    for (const path of ["", "/reserve", "/fee", "/store", "/c/access"]) {
      await page.goto(url("ja", "fuji", path));
      titles.add(await page.title());
    }
    expect(titles.size).toBe(5);
  });

  test("search results name /reserve as canonical, without noindex; /reserve itself too", async ({ page }) => {
    await page.goto("/en/sakura/reserve?sd=2030-01-10&ed=2030-01-12&utm_source=x");
    const origin = new URL(page.url()).origin;
    const results = await readHead(page);
    expect(results.robots).toBeNull();
    expect(results.canonical).toEqual([`${origin}/en/sakura/reserve`]);
    await page.goto("/en/sakura/reserve");
    expect((await readHead(page)).robots).toBeNull();
  });

  test("the unpublished notice and not-found pages are noindex and name no canonical", async ({ page }) => {
    // Each says what it is in its tab, in the page's language.
    const titles: [string, RegExp][] = [
      ["/tsuki", new RegExp(`^${msg("ja", "unpublished.title")} \\| `)],
      ["/tsuki/store", new RegExp(`^${msg("ja", "unpublished.title")} \\| `)],
      ["/sakura/no-such-page", new RegExp(`^${msg("ja", "error.notFound")}$`)],
      ["/en/sakura/store/99999", new RegExp(`^${msg("en", "error.notFound")}$`)],
      ["/nope", new RegExp(`^${msg("ja", "error.notFound")}$`)],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      const head = await readHead(page);
      expect(head.title, path).toMatch(title);
      expect(head.robots, path).toBe("noindex");
      expect(head.canonical, path).toEqual([]);
      expect(head.alternates, path).toEqual([]);
    }
    expect(new URL(page.url()).pathname).toBe("/nope");
    await page.goto("/tsuki");
    expect(new URL(page.url()).pathname).toBe("/tsuki/unpublished");
  });
});

test.describe("sitemap and robots.txt", () => {
  test("sakura's sitemap lists every language's pages with alternates, and they answer 200", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const sakura = site("sakura");
    const entries = await readSitemap(page, request, "sakura");
    const origin = new URL(entries[0]?.loc ?? "").origin;
    const locs = entries.map((e) => e.loc);
    expect(new Set(locs).size).toBe(locs.length);

    const paths = new Set(locs.map((l) => new URL(l).pathname));
    for (const locale of sakura.locales) {
      for (const path of ["", "/reserve", "/fee", "/store", ...sakura.customPages.map((p) => `/c/${p}`)]) {
        expect(paths.has(url(locale, "sakura", path)), url(locale, "sakura", path)).toBe(true);
      }
      const inLocale = [...paths].filter((p) =>
        PREFIX[locale] ? p.startsWith(`${PREFIX[locale]}/`) : !/^\/(en|kr|tw)\//.test(p),
      );
      expect(inLocale.length).toBe(locs.length / sakura.locales.length);
    }
    expect([...paths].filter((p) => /\/store\/\d+$/.test(p)).length).toBe(sakura.stores * sakura.locales.length);
    expect([...paths].some((p) => /\/reserve\/stores\/\d+\/cars\/\d+$/.test(p))).toBe(true);
    expect([...paths].some((p) => /mypage|login|unpublished|custom_page/.test(p))).toBe(false);

    for (const entry of entries) {
      expect(entry.loc.startsWith(`${origin}/`)).toBe(true);
      expect(entry.alternates.map(([lang]) => lang).sort()).toEqual(
        [...sakura.locales.map((l) => HREFLANG[l]), "x-default"].sort(),
      );
      expect(entry.alternates.some(([, href]) => href === entry.loc)).toBe(true);
    }

    // Every listed URL answers 200: a spread sample of at most 40.
    const step = Math.max(1, Math.ceil(locs.length / 40));
    await expectOk(
      request,
      locs.filter((_, i) => i % step === 0),
    );
  });

  test("kaede's sitemap has only Japanese and English pages", async ({ page, request }) => {
    const entries = await readSitemap(page, request, "kaede");
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.some((e) => /\/(kr|tw)\//.test(new URL(e.loc).pathname))).toBe(false);
    expect(entries.some((e) => new URL(e.loc).pathname.startsWith("/en/kaede"))).toBe(true);
  });

  test("unknown and unpublished sites have no sitemap", async ({ request }) => {
    for (const path of ["/tsuki/sitemap.xml", "/nope/sitemap.xml"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(404);
    }
  });

  test("robots.txt keeps crawlers out of accounts and names published sites' sitemaps only", async ({ request }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/plain");
    const lines = (await res.text()).split("\n");
    const origin = new URL(res.url()).origin;
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /*/mypage");
    expect(lines).toContain("Disallow: /*/login");
    const sitemaps = lines.filter((l) => l.startsWith("Sitemap: ")).map((l) => l.slice("Sitemap: ".length));
    expect(sitemaps).toContain(`${origin}/sakura/sitemap.xml`);
    expect(sitemaps.some((s) => s.includes("tsuki"))).toBe(false);
    for (const s of sitemaps) expect(isAbsoluteHttp(s), s).toBe(true);
    await expectOk(request, sitemaps);
  });
});
