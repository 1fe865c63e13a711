import { expect, expectAccessible, HTML_LANG, type LocaleCode, PREFIX, test } from "./fixtures";

const ALL: LocaleCode[] = ["ja", "en", "ko", "zh-TW"];

// Pages not visited in every language by the other suites: the language roots and the iframe variant.
test.describe("every language", () => {
  test.use({ locale: "ja-JP" });

  for (const locale of ALL) {
    test(`language root and embedded booking page in ${locale}`, async ({ page }) => {
      const root = locale === "ja" ? "/?lang=jp" : PREFIX[locale];
      expect((await page.goto(root))?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
      // Only sakura offers all four languages; Japanese and English list more sites.
      await expect(page.getByTestId("site-directory").locator('a[href$="/sakura"]')).toHaveCount(1);
      await expectAccessible(page);

      expect((await page.goto(`${PREFIX[locale]}/sakura/custom_page`))?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
      await expect(page.getByTestId("site-header")).toHaveCount(0);
      await expectAccessible(page);
    });
  }
});
