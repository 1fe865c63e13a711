import { DEMO_SITES, expect, expectAccessible, test, url } from "./fixtures";

test.describe("theme", () => {
  for (const site of DEMO_SITES) {
    test(`${site.siteId} header uses its colour and a readable font colour`, async ({ page }) => {
      await page.goto(url("ja", site.siteId));
      const header = page.getByTestId("site-header");
      await expect(header).toHaveCSS("color", site.fontColor);
      const vars = await page.locator(".site-root").evaluate((el) => ({
        color: getComputedStyle(el).getPropertyValue("--site-color").trim(),
        font: getComputedStyle(el).getPropertyValue("--site-font-color").trim(),
      }));
      expect(vars.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(["#000000", "#ffffff"]).toContain(vars.font);
    });
  }

  test("the default colour is #ee6e25 with a dark font; kaede is navy with white", async ({ page }) => {
    await page.goto("/sakura");
    await expect(page.getByTestId("site-header")).toHaveCSS("background-color", "rgb(238, 110, 37)");
    await page.goto("/kaede");
    await expect(page.getByTestId("site-header")).toHaveCSS("background-color", "rgb(30, 58, 95)");
    await expect(page.getByTestId("site-header")).toHaveCSS("color", "rgb(255, 255, 255)");
  });

  test("a wide logo gets the resize class and declares its size", async ({ page }) => {
    await page.goto("/kaede");
    const logo = page.getByTestId("site-logo");
    await expect(logo).toHaveClass(/logo-resize/);
    await expect(logo).toHaveAttribute("width", "520");
    await expect(logo).toHaveAttribute("height", "80");
    const box = await logo.boundingBox();
    expect(box?.height ?? 999).toBeLessThanOrEqual(60);
    await page.goto("/sakura");
    await expect(page.getByTestId("site-logo")).not.toHaveClass(/logo-resize/);
    await expect(page.getByTestId("site-logo")).toHaveAttribute("width", "240");
  });

  test("the favicon is the site's own", async ({ page }) => {
    await page.goto("/sakura");
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/demo/sakura/favicon.svg");
    await page.goto("/fuji");
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon.svg");
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the collapsible menu opens and closes", async ({ page }) => {
    await page.goto("/en/sakura");
    const toggle = page.getByTestId("menu-toggle");
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("nav-store")).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("nav-store")).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId("nav-store").click();
    await expect(page).toHaveURL(/\/en\/sakura\/store$/);
    await expect(page.getByTestId("nav-store")).toBeHidden();
  });

  test("a light-plan site has no menu to open", async ({ page }) => {
    await page.goto("/hana");
    await expect(page.getByTestId("menu-toggle")).toHaveCount(0);
  });
});

test.describe("small parts", () => {
  test("jump-to-top appears after scrolling and brings the page back", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 400 });
    await page.goto("/sakura");
    await expect(page.getByTestId("jump-to-top")).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    const button = page.getByTestId("jump-to-top");
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test.describe("in an unsupported browser", () => {
    test.use({ userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0" });
    test("the banner is shown", async ({ page }) => {
      await page.goto("/en/sakura");
      await expect(page.getByTestId("unsupported-browser")).toContainText("Your browser is not supported");
      await expectAccessible(page);
    });
  });

  test("a supported browser sees no banner", async ({ page }) => {
    await page.goto("/sakura");
    await expect(page.getByTestId("unsupported-browser")).toHaveCount(0);
  });

  test("the loading overlay appears only when navigation takes over 200 ms", async ({ page }) => {
    await page.goto("/sakura");
    await page.route(/\/sakura\/store\.data/, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByTestId("nav-store").click();
    await expect(page.getByTestId("loading-overlay")).toBeVisible();
    await expect(page).toHaveURL(/\/sakura\/store$/);
    await expect(page.getByTestId("loading-overlay")).toHaveCount(0);
  });
});

test("the iframe variant has the bare layout", async ({ page }) => {
  const response = await page.goto("/en/sakura/custom_page");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-frame-options"]).toBeUndefined();
  await expect(page.getByTestId("site-header")).toHaveCount(0);
  await expect(page.getByTestId("site-footer")).toHaveCount(0);
  await expect(page.getByTestId("page-title")).toBeVisible();
  await expectAccessible(page);
  const top = await page.goto("/en/sakura");
  expect(top?.headers()["x-frame-options"]).toBe("SAMEORIGIN");
});
