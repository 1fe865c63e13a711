import type { Locator, Page } from "@playwright/test";
import { car, choosePayMethod, fillGuestCustomer, optionsUrl, stepUrl, weekend } from "./booking-helpers";
import { expect, expectAccessible, type LocaleCode, test, url } from "./fixtures";
import { LOCALES, storeIds, typeIds, waitForHydration } from "./search-helpers";

// Issue 40, items 7 and 8: the booking steps use a desktop's width (the form, and beside it a
// sticky summary with the total and the step's button), a refused step shows its first error on a
// phone, and the car page keeps its price in the first screen of a laptop.

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The aside sits to the right of the form, level with its top, and stays in view as the page scrolls. */
async function expectBesideAndSticky(page: Page, form: Locator, button: Locator) {
  const aside = page.getByTestId("step-aside");
  const formBox = await form.boundingBox();
  const asideBox = await aside.boundingBox();
  expect(formBox && asideBox, "form and aside laid out").toBeTruthy();
  expect(asideBox!.x, "aside to the right of the form").toBeGreaterThanOrEqual(formBox!.x + formBox!.width);
  expect(Math.abs(asideBox!.y - formBox!.y), "aside level with the form").toBeLessThan(80);
  expect(asideBox!.width).toBeGreaterThanOrEqual(300);
  await expect(aside.getByTestId("booking-summary")).toBeVisible();
  await expect(button).toBeInViewport();
  // At the bottom of the form, the summary and the button are still on the screen.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await expect(aside.getByTestId("booking-summary")).toBeInViewport();
  await expect(button).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The first field with an error is wholly on the screen, above the sticky bar, and holds focus. */
async function expectFirstErrorInView(form: Locator, field: string, bar: Locator) {
  const wrapper = form.locator(`#field-${field}`);
  const message = wrapper.locator('p[id$="-error"]');
  await expect(message).toBeVisible();
  await expect(message).toBeInViewport({ ratio: 1 });
  const messageBox = await message.boundingBox();
  const barBox = await bar.boundingBox();
  expect(messageBox!.y + messageBox!.height, "message above the sticky bar").toBeLessThanOrEqual(barBox!.y);
  const focusedIn = await wrapper.evaluate((el) => el.contains(document.activeElement));
  expect(focusedIn, `focus in the ${field} field`).toBe(true);
}

test.describe("desktop 1366×900: a sticky summary beside the form on every booking step", () => {
  test.use({ viewport: DESKTOP });

  test("options, login, details, confirmation and card steps (ja)", async ({ page, request }) => {
    test.slow(true, "five steps, each measured and audited by axe");
    const locale: LocaleCode = "ja";
    const c = await car(request, 2);
    await page.goto(optionsUrl(locale, c, weekend(3)));
    const options = page.getByTestId("options-form");
    await waitForHydration(options);
    await expectBesideAndSticky(page, options.locator("> div").first(), page.getByTestId("options-next"));
    await expectAccessible(page);

    await page.getByTestId("options-next").click();
    await expect(page).toHaveURL(stepUrl(locale, "/reserve/login"));
    await expect(page.getByTestId("guest-section")).toBeVisible();
    const loginAside = await page.getByTestId("step-aside").boundingBox();
    const guest = await page.getByTestId("guest-section").boundingBox();
    expect(loginAside!.x).toBeGreaterThanOrEqual(guest!.x + guest!.width);
    await expectAccessible(page);

    await page.getByTestId("guest-link").click();
    await expect(page).toHaveURL(stepUrl(locale, "/reserve/user"));
    const customer = page.getByTestId("customer-form");
    await waitForHydration(customer);
    await expectBesideAndSticky(page, customer.locator("> div").first(), page.getByTestId("customer-submit"));
    await expect(page.getByTestId("customer-total")).toBeVisible();
    await expectAccessible(page);

    await fillGuestCustomer(page, `layout-${Date.now()}@example.com`);
    await page.getByTestId("customer-submit").click();
    await expect(page).toHaveURL(stepUrl(locale, "/reserve/confirm"));
    await waitForHydration(page.getByTestId("confirm-form"));
    await expectBesideAndSticky(page, page.getByTestId("confirm-form"), page.getByTestId("confirm-submit"));
    await expectAccessible(page);

    await choosePayMethod(page, 1);
    await page.getByTestId("confirm-submit").click();
    await expect(page).toHaveURL(stepUrl(locale, "/reserve/credit_card"));
    await waitForHydration(page.getByTestId("reserve-card-form"));
    await expectBesideAndSticky(page, page.getByTestId("reserve-card-form"), page.getByTestId("card-pay"));
    await expectAccessible(page);
  });
});

test.describe("phone 390×844: after a refused step, the first error is on the screen", () => {
  test.use({ viewport: PHONE });

  test("the details step, the confirmation and the card step, with JavaScript (ja)", async ({ page, request }) => {
    test.slow(true, "three refused steps on the way to the card step");
    const locale: LocaleCode = "ja";
    const c = await car(request, 3);
    await page.goto(optionsUrl(locale, c, weekend(4)));
    await waitForHydration(page.getByTestId("options-form"));
    // On a phone the summary stays above the form and the button at the bottom of the screen.
    const summary = await page.getByTestId("booking-summary").boundingBox();
    const first = await page.getByTestId("option-row").first().boundingBox();
    expect(summary!.y + summary!.height).toBeLessThanOrEqual(first!.y);
    await expect(page.getByTestId("options-next")).toBeInViewport();
    await page.getByTestId("options-next").click();
    await page.getByTestId("guest-link").click();
    await expect(page).toHaveURL(stepUrl(locale, "/reserve/user"));

    // The details step: Next from the bottom of an empty form.
    const customer = page.getByTestId("customer-form");
    await waitForHydration(customer);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByTestId("customer-submit").click();
    await expectFirstErrorInView(customer, "name", page.getByTestId("customer-actions"));

    // The confirmation: no payment method chosen.
    await fillGuestCustomer(page, `layout-phone-${Date.now()}@example.com`);
    await page.getByTestId("customer-submit").click();
    await expect(page).toHaveURL(stepUrl(locale, "/reserve/confirm"));
    const confirm = page.getByTestId("confirm-form");
    await waitForHydration(confirm);
    await page.getByTestId("confirm-submit").click();
    await expectFirstErrorInView(confirm, "pay_method", page.getByTestId("confirm-bar"));
    await expectAccessible(page);

    // The card step: nothing typed.
    await choosePayMethod(page, 1);
    await page.getByTestId("confirm-submit").click();
    await expect(page).toHaveURL(stepUrl(locale, "/reserve/credit_card"));
    const card = page.getByTestId("reserve-card-form");
    await waitForHydration(card);
    await page.getByTestId("card-pay").click();
    await expectFirstErrorInView(card, "card_number", page.getByTestId("card-bar"));
  });

  test("without JavaScript the server's answer starts at the error summary (en)", async ({
    browser,
    baseURL,
    request,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    const c = await car(request, 4);
    await page.goto(optionsUrl("en", c, weekend(2)));
    await page.getByTestId("options-next").click();
    await page.getByTestId("guest-link").click();
    await expect(page).toHaveURL(stepUrl("en", "/reserve/user"));
    await page.getByTestId("customer-submit").scrollIntoViewIfNeeded();
    await page.getByTestId("customer-submit").click();
    await expect(page).toHaveURL(stepUrl("en", "/reserve/user"));
    const box = page.getByTestId("error-summary-box");
    await expect(box).toBeFocused();
    await expect(box).toBeInViewport();
    await context.close();
  });
});

test.describe("laptop 1366×768: the car page's price is in the first screen", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  for (const locale of LOCALES) {
    test(`with dates chosen (${locale})`, async ({ page, request }) => {
      const [airport] = await storeIds(request, "sakura");
      const [type] = await typeIds(request, "sakura", airport!);
      const period = { si: String(airport), ...weekend(5) };
      await page.goto(
        `${url(locale, "sakura", `/reserve/stores/${airport}/cars/${type}`)}?${new URLSearchParams(period)}`,
      );
      const price = page.getByTestId("reserve-box").getByTestId("price-total");
      await expect(price).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId("reserve-link")).toBeInViewport({ ratio: 1 });
      // The photo sits beside the specifications, well inside the first screen.
      const photo = await page.getByTestId("car-photos").boundingBox();
      expect(photo!.y + photo!.height).toBeLessThan(768);
      await expectAccessible(page);
    });
  }
});

test("each script has its own font stack, chosen by the page's language", async ({ page }) => {
  const faces: Record<LocaleCode, string> = {
    ja: "Hiragino Sans",
    en: "Segoe UI",
    ko: "Apple SD Gothic Neo",
    "zh-TW": "PingFang TC",
  };
  for (const locale of LOCALES) {
    await page.goto(url(locale, "sakura"));
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family, family).toContain(`"${faces[locale]}"`);
    expect(family).toMatch(/sans-serif$/);
    expect(family).not.toMatch(/mono/i);
  }
});
