import { expect, expectAccessible, HTML_LANG, type LocaleCode, NOT_FOUND, PREFIX, test, url } from "./fixtures";
import { msg, waitForHydration } from "./search-helpers";

const ALL: LocaleCode[] = ["ja", "en", "ko", "zh-TW"];

test.describe("not found", () => {
  for (const locale of ALL) {
    test(`an unknown site answers 404 in ${locale}`, async ({ page }) => {
      const response = await page.goto(url(locale, "no-such-rental"));
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND[locale]);
      await expectAccessible(page);
    });

    test(`an unmatched route inside a site answers 404 with the site shell in ${locale}`, async ({ page }) => {
      const response = await page.goto(url(locale, "sakura", "/no/such/page"));
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("site-header")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND[locale]);
      await expect(page.locator(`main a[href="${url(locale, "sakura")}"]`)).toHaveCount(1);
      await expectAccessible(page);
    });

    test(`/404 exists in ${locale}`, async ({ page }) => {
      const response = await page.goto(`${PREFIX[locale]}/404`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND[locale]);
    });
  }

  test("a language the client does not offer goes to not-found; Japanese always passes", async ({ page }) => {
    for (const path of ["/kr/kaede", "/tw/kaede/store", "/en/fuji", "/kr/hana"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND.ko);
    for (const path of ["/kaede", "/fuji", "/hana", "/en/kaede"]) {
      expect((await page.goto(path))?.status(), path).toBe(200);
    }
  });

  test("unknown store and custom page ids answer 404", async ({ page }) => {
    for (const path of ["/sakura/store/999999", "/sakura/store/abc", "/sakura/c/nope", "/en/kaede/c/pricelist"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
  });

  test("another site's store id answers 404", async ({ page }) => {
    await page.goto("/fuji/store");
    const href = await page.getByTestId("store-link").first().getAttribute("href");
    const storeId = href?.split("/").pop();
    expect((await page.goto(`/fuji/store/${storeId}`))?.status()).toBe(200);
    expect((await page.goto(`/sakura/store/${storeId}`))?.status()).toBe(404);
  });
});

test.describe("unpublished site", () => {
  test("every page redirects to the notice", async ({ page }) => {
    for (const path of ["/tsuki", "/tsuki/store", "/tsuki/c/anything", "/tsuki/custom_page"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/tsuki\/unpublished$/);
    }
    await expect(page.getByTestId("page-title")).toBeVisible();
    await expect(page.getByTestId("alt-header")).toBeVisible();
    await expectAccessible(page);
  });

  test("a published site's notice page leads back to its top", async ({ page }) => {
    await page.goto("/sakura/unpublished");
    await expect(page).toHaveURL(/\/sakura$/);
  });
});

test.describe("locale cookie and detection", () => {
  test("a page sets i18n_redirected to its language for 365 days", async ({ page, context }) => {
    await page.goto("/en/sakura");
    let cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
    expect(cookie?.value).toBe("en");
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    await page.goto("/tw/sakura/store");
    cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
    expect(cookie?.value).toBe("tw");
  });

  test.describe("with an English browser", () => {
    test.use({ locale: "en-US" });

    test("the root follows the browser language", async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveURL(/\/en$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expectAccessible(page);
    });

    test("other paths never redirect by browser language", async ({ page }) => {
      await page.goto("/sakura");
      await expect(page).toHaveURL(/\/sakura$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    });

    test("the cookie wins over the browser on the root, and a malformed cookie is ignored", async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: "i18n_redirected", value: "kr", url: baseURL ?? "" }]);
      await page.goto("/");
      await expect(page).toHaveURL(/\/kr$/);
      await context.clearCookies();
      await context.addCookies([{ name: "i18n_redirected", value: "%E0%A4%A", url: baseURL ?? "" }]);
      await page.goto("/");
      await expect(page).toHaveURL(/\/en$/);
    });
  });

  test.describe("with a Korean browser", () => {
    test.use({ locale: "ko-KR" });
    test("the root goes to /kr", async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveURL(/\/kr$/);
    });
  });

  test.describe("with a Japanese browser", () => {
    test.use({ locale: "ja-JP" });
    test("the root stays Japanese and lists the published sites", async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "ja");
      // The back-office specs publish sites of their own while this runs: count the demo sites only.
      const directory = page.getByTestId("site-directory");
      for (const site of ["sakura", "kaede", "fuji", "hana"]) {
        await expect(directory.locator(`a[href="/${site}"]`)).toHaveCount(1);
      }
      await expect(directory.locator('a[href="/tsuki"]')).toHaveCount(0);
      await expectAccessible(page);
    });
  });
});

test("switching language keeps the page, and a navigation in the browser fetches the new catalogue", async ({
  page,
}) => {
  await page.goto("/sakura/store");
  const catalogue = page.waitForResponse(/\/_catalogue\/tw\.[0-9a-f]{12}\.json$/);
  // Hydrated: the switch is a navigation inside the page, which must bring the texts of zh-TW with it.
  await waitForHydration(page.getByTestId("language-switcher"));
  await page.getByTestId("language-switcher").locator('a[hreflang="zh-TW"]').click();
  await expect(page).toHaveURL(/\/tw\/sakura\/store$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-TW");
  await expect(page.getByTestId("page-title")).toHaveText(msg("zh-TW", "store.listTitle"));
  expect((await catalogue).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  // Back in Japanese without a new fetch: the browser holds that catalogue already.
  await page.goBack();
  await expect(page.getByTestId("page-title")).toHaveText(msg("ja", "store.listTitle"));
});
