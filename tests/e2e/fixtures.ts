import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

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

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
  // Only violations are read: axe skips collecting every passing node, which halves its run.
  resultTypes: ["violations"],
};

/**
 * Fails on any serious or critical axe violation, listing them. axe is injected once per document
 * (and into its frames) and run in the page itself: @axe-core/playwright's builder re-injected it
 * and finished each run in a new blank page, about 2 s a check against 0.5 s.
 */
export async function expectAccessible(page: Page) {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => "axe" in window).catch(() => true);
    // A frame that went away meanwhile has nothing left to check.
    if (!present) await frame.evaluate(AXE_SOURCE).catch(() => {});
  }
  const violations = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe
        .run(document, options)
        .then((results) =>
          results.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            targets: v.nodes.map((n) => n.target.join(" ")),
          })),
        ),
    AXE_OPTIONS,
  );
  const bad = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.targets.join(", ")})`);
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}

/** Where every HTML document the suites receive is kept for the Nu Html Checker (scripts/check-html.mjs). */
export const HTML_DIR = path.join("test-results", "html");
const recorded = new WeakSet<BrowserContext>();
const pending = new Set<Promise<void>>();

/**
 * Keeps each HTML document (pages and frames) a context receives, once per content: the nonce and
 * the CSRF token, which change on every response, are left out of the name.
 */
function recordHtml(context: BrowserContext) {
  if (recorded.has(context)) return;
  recorded.add(context);
  context.on("response", (response) => {
    if (response.request().resourceType() !== "document") return;
    const headers = response.headers();
    if (!headers["content-type"]?.startsWith("text/html")) return;
    // Only our server's documents (it names every response), not the browser's own error pages.
    if (!headers["x-request-id"]) return;
    const saved = response
      .text()
      .then((html) => {
        // A navigation cut short can hand back Chromium's own error page as the body, or, in the
        // headless shell, no body at all: neither is a document the server sent.
        if (!html || html.includes("loadTimeData")) return;
        const stable = html.replace(/nonce="[^"]*"|name="_csrf" value="[^"]*"|"csrfToken":"[^"]*"/g, "");
        const name = createHash("sha1").update(stable).digest("hex").slice(0, 20);
        mkdirSync(HTML_DIR, { recursive: true });
        writeFileSync(path.join(HTML_DIR, `${name}.html`), html);
        writeFileSync(path.join(HTML_DIR, `${name}.url`), response.url());
      })
      // A document the browser has already left (a redirect, a closed page) has no body to keep.
      .catch(() => {});
    pending.add(saved);
    saved.finally(() => pending.delete(saved));
  });
}

/**
 * Pages never reach the outside network: analytics requests are cut off. Every context, the
 * default one and those a spec opens itself, records its HTML for the validator.
 */
export const test = base.extend<object, { recordingBrowser: undefined }>({
  recordingBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        recordHtml(context);
        return context;
      };
      await use(undefined);
      await Promise.all(pending);
    },
    { scope: "worker", auto: true },
  ],
  page: async ({ page }, use) => {
    recordHtml(page.context());
    await page.route(/googletagmanager\.com/, (route) => route.abort());
    await use(page);
    await Promise.all(pending);
  },
});

export { expect };
