import type { Page } from "@playwright/test";
import { day } from "./dates";
import { expect, expectAccessible, HTML_LANG, type LocaleCode, test, url } from "./fixtures";
import { LOCALES, reservePath, storeIds } from "./search-helpers";

// Phone first (architecture: design): every language at 390×844 and at 1280×800.
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;
const SITE = "sakura";
/** The most a result card may take on a phone, so several fit a screen. */
const MAX_CARD_HEIGHT_PHONE = 320;
const MIN_TARGET = 24;
/** Faces that draw every letter the same width; IPAGothic without the P is one of them. */
const FIXED_WIDTH = /mono|courier|^IPAGothic$|^IPAゴシック$|^IPAMincho$/i;

async function noHorizontalOverflow(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, "page wider than the screen").toBeLessThanOrEqual(width);
}

/** Every visible control and link is at least 24×24 px (WCAG 2.2, 2.5.8); links inside running text are exempt. */
async function targetsLargeEnough(page: Page) {
  const small = await page.evaluate((min) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("a[href], button, input, select, summary, textarea")) {
      if ((el as HTMLInputElement).type === "hidden") continue;
      if (el.closest(".rich-text p, .rich-text li, .sr-only")) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        found.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return found;
  }, MIN_TARGET);
  expect(small, "targets smaller than 24×24 px").toEqual([]);
}

/** The faces Chromium actually used for the page's text, through the DevTools protocol. */
async function renderedFonts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeIds } = await cdp.send("DOM.querySelectorAll", {
    nodeId: root.nodeId,
    selector: "h1, h2, p, a, button, label, li, dt, dd",
  });
  const families = new Set<string>();
  for (const nodeId of nodeIds.slice(0, 80)) {
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    for (const f of fonts) families.add(f.familyName);
  }
  await cdp.detach();
  return [...families];
}

async function checkPage(page: Page, locale: LocaleCode) {
  await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
  await noHorizontalOverflow(page);
  await targetsLargeEnough(page);
  const fonts = await renderedFonts(page);
  expect(fonts.length).toBeGreaterThan(0);
  expect(
    fonts.filter((f) => FIXED_WIDTH.test(f)),
    `fixed-width faces among ${fonts.join(", ")}`,
  ).toEqual([]);
  if (locale === "ko") {
    expect(await page.evaluate(() => getComputedStyle(document.body).wordBreak)).toBe("keep-all");
  }
  await expectAccessible(page);
}

for (const size of SIZES) {
  test.describe(`${size.name} ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const locale of LOCALES) {
      test(`results, car and top pages in ${locale}`, async ({ page, request }) => {
        test.slow(true, "three pages, each measured, its fonts read through DevTools and audited by axe");
        const [airport] = await storeIds(request, SITE);
        const period = { si: airport!, sd: day(40), st: "10:00", ed: day(42), et: "17:00" };

        // Top: the search form starts in the first screen.
        await page.goto(url(locale, SITE));
        const formTop = (await page.getByTestId("search-form").boundingBox())?.y ?? Number.POSITIVE_INFINITY;
        expect(formTop, "search form in the first screen").toBeLessThan(size.height);
        await checkPage(page, locale);

        // Results: the first car in the first screen; compact cards on a phone; two cards on a desktop.
        await page.goto(reservePath(locale, SITE, period));
        const cards = page.getByTestId("car-card");
        await expect(cards.first()).toBeVisible();
        const first = await cards.first().boundingBox();
        expect(first?.y, "first card's top").toBeLessThan(size.height);
        if (size.name === "phone") {
          for (const box of await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))) {
            expect(box, "card height").toBeLessThanOrEqual(MAX_CARD_HEIGHT_PHONE);
          }
        } else {
          const second = await cards.nth(1).boundingBox();
          expect(second && second.y + second.height, "second card above the fold").toBeLessThanOrEqual(size.height);
        }
        // Every card says what its total includes.
        const count = await cards.count();
        await expect(page.getByTestId("price-includes")).toHaveCount(count);
        await checkPage(page, locale);

        // Car page: on a phone the total and the reserve button show without scrolling.
        await cards.first().getByTestId("car-detail-link").click();
        await expect(page.getByTestId("reserve-link")).toBeVisible();
        if (size.name === "phone") {
          const bar = await page.getByTestId("reserve-box").boundingBox();
          expect(bar, "reserve bar").not.toBeNull();
          expect(bar!.y + bar!.height).toBeLessThanOrEqual(size.height + 1);
          expect(bar!.y).toBeGreaterThan(size.height / 2);
          const price = await page.getByTestId("reserve-box").getByTestId("price-total").boundingBox();
          expect(price && price.y + price.height).toBeLessThanOrEqual(size.height);
          // Focus never hides under the bar (WCAG 2.4.11): tab through the page, each focused
          // control outside the bar stays above it.
          const covered: string[] = [];
          for (let i = 0; i < 30; i++) {
            await page.keyboard.press("Tab");
            const hidden = await page.evaluate(() => {
              const el = document.activeElement as HTMLElement | null;
              const bar = document.querySelector('[data-testid="reserve-box"]');
              if (!el || !bar || bar.contains(el) || el === document.body) return null;
              const r = el.getBoundingClientRect();
              return r.bottom > bar.getBoundingClientRect().top + 1
                ? (el.textContent ?? el.tagName).trim().slice(0, 30)
                : null;
            });
            if (hidden) covered.push(hidden);
          }
          expect(covered, "focused controls under the reserve bar").toEqual([]);
        }
        await checkPage(page, locale);
      });
    }
  });
}

test("a fully booked type's reserve button is disabled with its reason (phone)", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const [airport] = await storeIds(request, SITE);
  // The demo books every 8-seat wagon at Naha Airport 10–13 days ahead (README).
  await page.goto(
    reservePath("en", SITE, { si: airport!, sd: day(11), st: "10:00", ed: day(11), et: "18:00", empty: 1 }),
  );
  const full = page.locator('[data-testid="car-card"][data-full="1"]').first();
  await full.getByTestId("car-detail-link").click();
  await expect(page.getByTestId("reserve-disabled")).toBeVisible();
  await expect(page.getByTestId("reserve-disabled")).toBeDisabled();
  await expect(page.getByTestId("car-blocked")).toBeVisible();
  const bar = await page.getByTestId("reserve-box").boundingBox();
  expect(bar && bar.y + bar.height).toBeLessThanOrEqual(845);
});
