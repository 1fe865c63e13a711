import { DEMO_SITES, expect, expectAccessible, HTML_LANG, type LocaleCode, PREFIX, test, url } from "./fixtures";

const STORE_LABEL: Record<LocaleCode, string> = {
  ja: "店舗案内",
  en: "Stores",
  ko: "영업소 안내",
  "zh-TW": "門市資訊",
};

for (const site of DEMO_SITES) {
  for (const locale of site.locales) {
    test.describe(`${site.siteId} in ${locale}`, () => {
      test("renders the shell with its plan's gating", async ({ page }) => {
        const response = await page.goto(url(locale, site.siteId));
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);

        const header = page.getByTestId("site-header");
        await expect(header).toBeVisible();
        const home = page.getByTestId("site-home");
        await expect(home).toHaveAttribute("href", url(locale, site.siteId));
        if (site.logo) await expect(page.getByTestId("site-logo")).toBeVisible();
        else await expect(page.getByTestId("site-title")).toBeVisible();

        const nav = ["nav-search", "nav-fee", "nav-store"];
        for (const id of nav) await expect(page.getByTestId(id)).toHaveCount(site.menu ? 1 : 0);
        if (site.menu) {
          await expect(page.getByTestId("nav-search")).toHaveAttribute("href", url(locale, site.siteId, "/reserve"));
          await expect(page.getByTestId("nav-fee")).toHaveAttribute(
            "href",
            url(locale, site.siteId, site.priceListPath),
          );
          await expect(page.getByTestId("nav-store")).toHaveAttribute("href", url(locale, site.siteId, "/store"));
          await expect(page.getByTestId("nav-store")).toHaveText(STORE_LABEL[locale]);
        }
        await expect(page.getByTestId("nav-login")).toHaveCount(site.login ? 1 : 0);
        if (site.login)
          await expect(page.getByTestId("nav-login")).toHaveAttribute("href", url(locale, site.siteId, "/login"));

        const switcher = page.getByTestId("language-switcher");
        await expect(switcher).toHaveCount(site.switcher ? 1 : 0);
        if (site.switcher) {
          const links = switcher.getByRole("link");
          await expect(links).toHaveCount(site.locales.length);
          for (const other of site.locales) {
            await expect(switcher.locator(`a[hreflang="${other}"]`)).toHaveAttribute("href", url(other, site.siteId));
          }
        }

        const footer = page.getByTestId("site-footer");
        await expect(footer).toHaveCount(site.footer ? 1 : 0);
        if (site.footer) {
          await expect(page.getByTestId("copyright")).toContainText(/© \d{4} /);
          await expect(page.getByTestId("powered-by")).toHaveAttribute("href", /^https?:\/\//);
          await expect(page.getByTestId("back-to-top")).toHaveAttribute("href", "#top");
          const pages = page.getByTestId("footer-page-link");
          await expect(pages).toHaveCount(site.customPages.length);
          for (const [i, slug] of site.customPages.entries()) {
            await expect(pages.nth(i)).toHaveAttribute("href", url(locale, site.siteId, `/c/${slug}`));
          }
        }

        await expect(page.getByTestId("store-summaries").locator("li")).toHaveCount(site.stores);
        await expectAccessible(page);
      });

      test("store list and store detail", async ({ page }) => {
        await page.goto(url(locale, site.siteId, "/store"));
        await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
        const items = page.getByTestId("store-list").locator("li");
        await expect(items).toHaveCount(site.stores);
        await expectAccessible(page);
        const first = items.first().getByTestId("store-link");
        const name = (await first.textContent())?.trim() ?? "";
        await first.click();
        await expect(page).toHaveURL(new RegExp(`${PREFIX[locale]}/${site.siteId}/store/\\d+$`));
        await expect(page.getByTestId("page-title")).toHaveText(name);
        // The store's phone dials from a foreign SIM too; other languages show it with +81.
        const tel = page.getByTestId("store-tel");
        await expect(tel).toHaveAttribute("href", /^tel:\+81\d{9,10}$/);
        if (locale === "ja") await expect(tel).toHaveText(/^0\d/);
        else await expect(tel).toHaveText(/^\+81 \d/);
        await expectAccessible(page);
      });

      for (const slug of site.customPages) {
        test(`custom page ${slug}`, async ({ page }) => {
          const response = await page.goto(url(locale, site.siteId, `/c/${slug}`));
          expect(response?.status()).toBe(200);
          await expect(page.getByTestId("page-title")).not.toBeEmpty();
          await expect(page.getByTestId("rich-text")).not.toBeEmpty();
          await expectAccessible(page);
          const title = await page.getByTestId("page-title").textContent();
          await page.goto(url(locale, site.siteId, `/custom_page/${slug}`));
          await expect(page.getByTestId("page-title")).toHaveText(title ?? "");
        });
      }
    });
  }
}
