import { expect, test } from "./fixtures";

test.describe("head", () => {
  test("SEO title and description follow the page kind and language", async ({ page }) => {
    const seen = new Set<string>();
    for (const prefix of ["", "/en", "/kr", "/tw"]) {
      await page.goto(`${prefix}/sakura`);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(title.length).toBeGreaterThan(0);
      expect(description?.length ?? 0).toBeGreaterThan(0);
      seen.add(title);
      await page.goto(`${prefix}/sakura/store`);
      expect(await page.title()).not.toBe(title);
    }
    expect(seen.size).toBe(4);
  });

  test("a store detail and a custom page without SEO text get their own title", async ({ page }) => {
    await page.goto("/fuji/store");
    const name = (await page.getByTestId("store-link").first().textContent())?.trim() ?? "";
    await page.getByTestId("store-link").first().click();
    await expect(page).toHaveTitle(new RegExp(`^${name}`));
  });

  test("the platform's analytics id is on every page; client ids only where set", async ({ page }) => {
    await page.goto("/sakura");
    const ids = await page.locator("script[data-analytics-ids]").getAttribute("data-analytics-ids");
    expect(ids?.split(",")).toEqual(["G-RSVPLATFORM1", "G-SAKURA8301"]);
    await expect(page.locator("script[data-gtm-id]")).toHaveAttribute("data-gtm-id", "GTM-SAKURA83");
    await expect(page.locator('script[data-analytics="product"]')).toHaveAttribute("src", /id=G-RSVPLATFORM1/);

    await page.goto("/fuji");
    expect(await page.locator("script[data-analytics-ids]").getAttribute("data-analytics-ids")).toBe("G-RSVPLATFORM1");
    await expect(page.locator("script[data-gtm-id]")).toHaveCount(0);

    await page.goto("/no-such-site");
    expect(await page.locator("script[data-analytics-ids]").getAttribute("data-analytics-ids")).toBe("G-RSVPLATFORM1");
  });
});
