import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export type LocaleCode = "ja" | "en" | "ko" | "zh-TW";
export const PREFIX: Record<LocaleCode, string> = { ja: "", en: "/en", ko: "/kr", "zh-TW": "/tw" };

export interface DemoSite {
  siteId: string;
  locales: LocaleCode[];
  stores: number;
  menu: boolean;
  footer: boolean;
  login: boolean;
  switcher: boolean;
  priceListPath: string;
  fontColor: string;
  logo: boolean;
  customPages: string[];
}

const BLACK = "rgb(0, 0, 0)";
const WHITE = "rgb(255, 255, 255)";

export const DEMO_SITES: DemoSite[] = [
  {
    siteId: "sakura",
    locales: ["ja", "en", "ko", "zh-TW"],
    stores: 3,
    menu: true,
    footer: true,
    login: true,
    switcher: true,
    priceListPath: "/c/pricelist",
    fontColor: BLACK,
    logo: true,
    customPages: ["pricelist", "company", "faq"],
  },
  {
    siteId: "kaede",
    locales: ["ja", "en"],
    stores: 2,
    menu: true,
    footer: true,
    login: true,
    switcher: true,
    priceListPath: "/fee",
    fontColor: WHITE,
    logo: true,
    customPages: ["guide", "company"],
  },
  {
    siteId: "fuji",
    locales: ["ja"],
    stores: 1,
    menu: true,
    footer: true,
    login: true,
    switcher: false,
    priceListPath: "/fee",
    fontColor: BLACK,
    logo: false,
    customPages: ["access"],
  },
  {
    siteId: "hana",
    locales: ["ja"],
    stores: 1,
    menu: false,
    footer: false,
    login: false,
    switcher: false,
    priceListPath: "/fee",
    fontColor: WHITE,
    logo: false,
    customPages: [],
  },
];

/** `/en/sakura/store` from a locale, a site and a path within the site. */
export function url(locale: LocaleCode, siteId: string, path = ""): string {
  return `${PREFIX[locale]}/${siteId}${path}`;
}

/** The "not found" heading in each language, as the catalogues have it. */
export const NOT_FOUND: Record<LocaleCode, string> = {
  ja: "ページが見つかりません",
  en: "This page could not be found",
  ko: "페이지를 찾을 수 없습니다",
  "zh-TW": "找不到此頁面",
};

export const HTML_LANG: Record<LocaleCode, string> = { ja: "ja", en: "en", ko: "ko", "zh-TW": "zh-TW" };

/** Fails on any serious or critical axe violation, listing them. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}

/** Pages never reach the outside network: analytics requests are cut off. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.route(/googletagmanager\.com/, (route) => route.abort());
    await use(page);
  },
});

export { expect };
