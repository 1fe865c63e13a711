import { day, monthOf } from "./dates";
import { expect, expectAccessible, HTML_LANG, NOT_FOUND, test, url } from "./fixtures";
import { expectFieldError, LOCALES, monthTitle, msg, reservePath, storeIds, waitForHydration } from "./search-helpers";

// The error conventions of spec §8 as a visitor meets them, in each language: a 422 field error
// next to its field, the 401 "log in again" flash (once), the 404 page, and a month outside the
// calendar's window that is moved into it instead of failing.

const SITE = "sakura";

/** The cookie `redirectWithFlash` sets: base64url of the flash as JSON. */
const flashCookie = (flash: { kind: "success" | "danger"; key: string }) =>
  Buffer.from(JSON.stringify(flash)).toString("base64url");

for (const locale of LOCALES) {
  test.describe(`errors in ${locale}`, () => {
    test("a 422 field error shows next to its field", async ({ page, request }) => {
      const [first] = await storeIds(request, SITE);
      const path = reservePath(locale, SITE, {
        si: first!,
        sd: "2026-02-30",
        st: "10:00",
        ed: "2026-03-02",
        et: "10:00",
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(422);
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
      const form = page.getByTestId("search-form");
      await expectFieldError(form, "sd", msg(locale, "reason.date_invalid"));
      // Only the impossible date is wrong: the other fields carry no error and keep their values.
      for (const [name, value] of [
        ["st", "10:00"],
        ["ed", "2026-03-02"],
        ["et", "10:00"],
      ] as const) {
        await expect(form.locator(`[name="${name}"]:not([type="hidden"])`), name).not.toHaveAttribute(
          "aria-invalid",
          "true",
        );
        await expect(form.locator(`[name="${name}"]`), name).toHaveValue(value);
      }
      await expect(page.getByTestId("car-card")).toHaveCount(0);
      await expectAccessible(page);
    });

    test("the 401 log-in-again flash shows once, as an alert", async ({ page, context, baseURL }) => {
      await context.addCookies([
        { name: "flash", value: flashCookie({ kind: "danger", key: "flash.loginAgain" }), url: baseURL! },
      ]);
      const response = await page.goto(url(locale, SITE, "/store"));
      expect(response?.status()).toBe(200);
      const flash = page.getByTestId("flash");
      await expect(flash).toBeVisible();
      await expect(flash).toHaveAttribute("role", "alert");
      await expect(flash).toHaveAttribute("data-kind", "danger");
      await expect(flash.locator("p")).toHaveText(msg(locale, "flash.loginAgain"));
      await expect(page.getByRole("alert").filter({ hasText: msg(locale, "flash.loginAgain") })).toHaveCount(1);
      await expectAccessible(page);

      // Shown once: the answer cleared the cookie, so a reload has no flash.
      expect((await context.cookies()).filter((c) => c.name === "flash")).toEqual([]);
      expect((await page.reload())?.status()).toBe(200);
      await expect(page.getByTestId("page-title")).toBeVisible();
      await expect(page.getByTestId("flash")).toHaveCount(0);
    });

    test("an unknown site answers the not-found page, never indexed", async ({ page }) => {
      const response = await page.goto(url(locale, "no-such-rental-co"));
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(msg(locale, "error.notFound"));
      expect(msg(locale, "error.notFound")).toBe(NOT_FOUND[locale]);
      const robots = await page
        .locator('meta[name="robots"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute("content")));
      expect(robots.length).toBeGreaterThan(0);
      for (const content of robots) expect(content).toBe("noindex");
      await expectAccessible(page);
    });

    test("a month far outside the calendar shows the last bookable month", async ({ page }) => {
      const response = await page.goto(url(locale, SITE, "/store/1?month=9999-12"));
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId("vacancy-calendar")).toBeVisible();
      // 365 days ahead is the demo sites' advance window.
      await expect(page.getByTestId("calendar-month")).toHaveText(monthTitle(locale, monthOf(day(365))));
      await expect(page.getByTestId("calendar-next")).toHaveCount(0);
      await expect(page.getByTestId("calendar-prev")).toBeVisible();
      await expectAccessible(page);
    });
  });
}

/** A login page whose form carries a token the browser's cookie no longer matches (another tab, an old page). */
async function staleLoginForm(page: import("@playwright/test").Page, locale: (typeof LOCALES)[number]) {
  await page.goto(url(locale, SITE, "/login"));
  await page.context().addCookies([{ name: "csrf", value: "A".repeat(43), domain: "127.0.0.1", path: "/" }]);
  const form = page.getByTestId("login-form");
  await form.locator('input[name="email"]').fill("someone@example.com");
  await form.locator('input[name="password"]').fill("a-password-1");
}

for (const locale of LOCALES) {
  test(`a form refused for its token answers 403 in the page's language, with a way back (${locale}, no JavaScript)`, async ({
    browser,
    baseURL,
  }) => {
    // The app's scripts never load, so the form posts as a browser without JavaScript would; the
    // context itself may run script, for axe.
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    await context.route(/\.js$|googletagmanager/, (route) => route.abort());
    const page = await context.newPage();
    await staleLoginForm(page, locale);
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByTestId("login-submit").click();
    expect((await answer).status()).toBe(403);
    await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
    await expect(page.locator("h1")).toHaveText(msg(locale, "error.refused"));
    await expect(page.getByRole("link", { name: msg(locale, "error.reload") })).toHaveAttribute(
      "href",
      url(locale, SITE, "/login"),
    );
    await expectAccessible(page);
    await context.close();
  });
}

test("a form sent by the page's script and refused for its token shows the refusal and opens the page again (ko)", async ({
  page,
}) => {
  await staleLoginForm(page, "ko");
  await waitForHydration(page.getByTestId("login-form"));
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "403");
  await expect(page.getByTestId("error-message")).toHaveText(msg("ko", "error.refusedLead"));
  await expectAccessible(page);
  await page.getByRole("link", { name: msg("ko", "error.reload") }).click();
  await expect(page.getByTestId("login-form")).toBeVisible();
});
