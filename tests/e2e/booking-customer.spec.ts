import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { DEMO, loginAs } from "./account-helpers";
import { day } from "./dates";
import { expect, expectAccessible, type LocaleCode, PREFIX, test, url } from "./fixtures";
import { msg, storeIds, typeIds, waitForHydration } from "./search-helpers";

/**
 * The customer step of the booking (issue 9, /reserve/user): a guest on sakura enters the
 * borrower and the driver (themselves, or a new driver with a licence image), errors show next to
 * their fields with what was typed kept (in the browser and from the server without JavaScript),
 * Back from the confirmation keeps everything, a member sees their profile and saved drivers,
 * kaede refuses guests, and the phone view keeps the next button on screen.
 */

const SITE = "sakura";

/** A period with every car type free at Naha Airport (the first store): days +40 to +42. */
async function optionsPath(request: APIRequestContext, locale: LocaleCode, siteId = SITE): Promise<string> {
  const [storeId] = await storeIds(request, siteId);
  const [carTypeId] = await typeIds(request, siteId, storeId as number);
  const query = new URLSearchParams({ si: String(storeId), sd: day(40), st: "10:00", ed: day(42), et: "17:00" });
  return `${url(locale, siteId, `/reserve/stores/${storeId}/cars/${carTypeId}/options`)}?${query}`;
}

/** Opens the options page of a bookable car (its loader keeps the reservation session), then the customer step. */
async function openCustomerStep(page: Page, request: APIRequestContext, locale: LocaleCode) {
  await page.goto(await optionsPath(request, locale));
  await expect(page.getByTestId("page-title")).toBeVisible();
  await page.goto(url(locale, SITE, "/reserve/user"));
  await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "customer.title"));
}

const form = (page: Page) => page.getByTestId("customer-form");
const field = (page: Page, name: string) => form(page).locator(`[name="${name}"]:not([type="hidden"])`).first();
const confirmUrl = (locale: LocaleCode) => new RegExp(`^[^?]*${PREFIX[locale]}/${SITE}/reserve/confirm$`);

/** The message shown for a field (by its name), tied to it by aria-describedby. */
async function expectFieldError(scope: Locator, name: string, text: string) {
  const control = scope.locator(`[name="${name}"]:not([type="hidden"])`).first();
  await expect(control).toHaveAttribute("aria-invalid", "true");
  const id = await control.getAttribute("id");
  await expect(control).toHaveAttribute("aria-describedby", new RegExp(`${id}-error`));
  await expect(scope.locator(`[id="${id}-error"]`)).toHaveText(text);
}

const BORROWER = {
  country: "JP",
  name: "予約 花子",
  kana: "ヨヤク ハナコ",
  email: "booking-guest@example.com",
  tel: "090-1234-5678",
  zip: "9000006",
  pref_code: "47",
  address_a: "那覇市おもろまち1-1-1",
};

async function fillBorrower(page: Page, values: Partial<typeof BORROWER> = BORROWER) {
  for (const [name, value] of Object.entries(values)) {
    if (name === "pref_code" || name === "country") await field(page, name).selectOption(value);
    else await field(page, name).fill(value);
  }
}

/** The calendar date `days` from now in Japan, as a date input takes it. */
const tokyoDate = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Asia/Tokyo" });

async function licencePhoto() {
  return sharp({ create: { width: 64, height: 40, channels: 3, background: "#3366cc" } })
    .jpeg()
    .toBuffer();
}

test.describe("the customer step", () => {
  test("a guest reaches it from the options page through 'continue as guest'", async ({ page, request }) => {
    await page.goto(await optionsPath(request, "ja"));
    await page.getByTestId("options-next").click();
    await expect(page).toHaveURL(new RegExp(`/${SITE}/reserve/login$`));
    await page.getByTestId("guest-link").click();
    await expect(page).toHaveURL(new RegExp(`/${SITE}/reserve/user$`));
    await expect(page.getByTestId("page-title")).toHaveText(msg("ja", "customer.title"));
    // The booking in short, the total shown at the options step included.
    await expect(page.getByTestId("booking-summary")).toBeVisible();
    await expect(page.getByTestId("customer-total")).toBeVisible();
    // A guest starts empty, driving themselves.
    await expect(field(page, "name")).toHaveValue("");
    await expect(form(page).locator('input[name="driver_mode"][value="same"]')).toBeChecked();
    await expect(form(page).locator('input[name="driver_mode"][value="saved"]')).toHaveCount(0);
    await expectAccessible(page);
  });

  for (const locale of ["ja", "en"] as const) {
    test(`a guest fills in the borrower (${locale}); errors show next to the fields, values kept`, async ({
      page,
      request,
    }) => {
      await openCustomerStep(page, request, locale);
      await waitForHydration(form(page));
      await fillBorrower(page, {
        name: BORROWER.name,
        kana: BORROWER.kana,
        email: "booking-guest@",
        tel: BORROWER.tel,
      });
      await page.getByTestId("customer-submit").click();
      await expect(page).toHaveURL(new RegExp(`/${SITE}/reserve/user$`));
      await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.invalid_input"));
      await expectFieldError(form(page), "email", msg(locale, "reason.email_invalid"));
      await expectFieldError(form(page), "zip", msg(locale, "reason.zip_required"));
      // The prefecture is asked for an address in Japan only: the English page starts on the US.
      if (locale === "ja") await expectFieldError(form(page), "pref_code", msg(locale, "reason.pref_required"));
      else await expect(field(page, "pref_code")).toBeHidden();
      await expectFieldError(form(page), "address_a", msg(locale, "reason.city_required"));
      await expect(field(page, "name")).toHaveValue(BORROWER.name);
      await expect(field(page, "tel")).toHaveValue(BORROWER.tel);
      await expectAccessible(page);

      // A corporation needs its name and reading.
      await form(page).locator('input[name="user_type"][value="2"]').check();
      await fillBorrower(page, {
        country: "JP",
        email: BORROWER.email,
        zip: BORROWER.zip,
        pref_code: "47",
        address_a: BORROWER.address_a,
      });
      await page.getByTestId("customer-submit").click();
      await expectFieldError(form(page), "company", msg(locale, "reason.company_required"));
      await expectFieldError(form(page), "company_kana", msg(locale, "reason.company_kana_required"));
      await form(page).locator('input[name="user_type"][value="1"]').check();

      await field(page, "destination").fill("美ら海水族館");
      await field(page, "passengers").selectOption("3");
      await page.getByTestId("customer-submit").click();
      await expect(page).toHaveURL(confirmUrl(locale));

      // Back from the confirmation keeps everything.
      await page.goto(url(locale, SITE, "/reserve/user"));
      await expect(field(page, "name")).toHaveValue(BORROWER.name);
      await expect(field(page, "email")).toHaveValue(BORROWER.email);
      await expect(field(page, "zip")).toHaveValue(BORROWER.zip);
      await expect(field(page, "pref_code")).toHaveValue("47");
      await expect(field(page, "destination")).toHaveValue("美ら海水族館");
      await expect(field(page, "passengers")).toHaveValue("3");
      await expect(form(page).locator('input[name="driver_mode"][value="same"]')).toBeChecked();
    });
  }

  for (const locale of ["ja", "en", "ko", "zh-TW"] as const) {
    test(`a new driver (${locale}): only its fields show, the licence rules apply, the image is kept on coming back`, async ({
      page,
      request,
    }) => {
      await openCustomerStep(page, request, locale);
      await waitForHydration(form(page));
      const newFields = page.getByTestId("new-driver-fields");
      await expect(newFields).toBeHidden();
      await fillBorrower(page);
      await form(page).locator('input[name="driver_mode"][value="new"]').check();
      await expect(newFields).toBeVisible();
      await field(page, "driver_name").fill("Driver Taro");
      await field(page, "driver_kana").fill("ドライバー タロウ");
      await field(page, "driver_birthdate").fill("1988-09-15");
      await field(page, "driver_tel").fill("098-000-0000");
      // The driver's address has a postcode lookup of its own (for Japan): it fills the driver's fields only.
      await field(page, "driver_country").selectOption("JP");
      await field(page, "driver_zip").fill("1000001");
      await expect(field(page, "driver_pref_code")).toHaveValue("13");
      await expect(field(page, "driver_address_a")).toHaveValue(/千代田区/);
      await expect(field(page, "pref_code")).toHaveValue(BORROWER.pref_code);
      await field(page, "driver_license_type_ordinary").check();
      await field(page, "driver_license_number").fill("987654321098");
      await field(page, "driver_license_acquisition_date").fill(tokyoDate(3));
      await field(page, "driver_license_expiration_date").fill(tokyoDate(-1));
      await page.getByTestId("customer-submit").click();
      await expectFieldError(form(page), "driver_license_acquisition_date", msg(locale, "reason.license_issue_future"));
      await expectFieldError(form(page), "driver_license_expiration_date", msg(locale, "reason.license_expired"));
      // The borrower's own fields are fine: the driver's messages stay on the driver's fields.
      await expect(field(page, "name")).not.toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);

      await field(page, "driver_license_acquisition_date").fill("2015-04-01");
      await field(page, "driver_license_expiration_date").fill(tokyoDate(800));
      await field(page, "driver_image1").setInputFiles({
        name: "licence.jpg",
        mimeType: "image/jpeg",
        buffer: await licencePhoto(),
      });
      await page.getByTestId("customer-submit").click();
      await expect(page).toHaveURL(confirmUrl(locale));

      await page.goto(url(locale, SITE, "/reserve/user"));
      await expect(form(page).locator('input[name="driver_mode"][value="new"]')).toBeChecked();
      await expect(field(page, "driver_name")).toHaveValue("Driver Taro");
      await expect(field(page, "driver_pref_code")).toHaveValue("13");
      await expect(field(page, "driver_license_type_ordinary")).toBeChecked();
      await expect(field(page, "driver_license_expiration_date")).toHaveValue(tokyoDate(800));
      await expect(page.getByTestId("stored-image-1")).toContainText(
        msg(locale, "customer.images.stored", { slot: 1 }),
      );
      await expect(page.getByTestId("stored-image-2")).toHaveCount(0);
      // Sent again without choosing the file again: the image received before is kept.
      await page.getByTestId("customer-submit").click();
      await expect(page).toHaveURL(confirmUrl(locale));
      await page.goto(url(locale, SITE, "/reserve/user"));
      await expect(page.getByTestId("stored-image-1")).toBeVisible();
    });
  }

  test("a member sees the borrower filled in from the profile and picks a saved driver", async ({ page, request }) => {
    const locale = "ja";
    await loginAs(page, locale, DEMO.sakuraHanako.siteId, DEMO.sakuraHanako.email);
    await page.goto(await optionsPath(request, locale));
    // A member goes straight from the options to the customer step.
    await page.getByTestId("options-next").click();
    await expect(page).toHaveURL(new RegExp(`/${SITE}/reserve/user$`));
    await expect(page.getByTestId("prefilled-note")).toBeVisible();
    await expect(field(page, "name")).toHaveValue("山田 花子");
    await expect(field(page, "email")).toHaveValue(DEMO.sakuraHanako.email);
    await expect(field(page, "pref_code")).toHaveValue("47");
    await expect(page.getByTestId("customer-login")).toHaveCount(0);
    await waitForHydration(form(page));

    const saved = page.getByTestId("saved-driver");
    await expect(saved).toBeHidden();
    await form(page).locator('input[name="driver_mode"][value="saved"]').check();
    await expect(saved).toBeVisible();
    // Choosing nothing is refused next to the list.
    await page.getByTestId("customer-submit").click();
    await expectFieldError(form(page), "driver_id", msg(locale, "reason.driver_selection_required"));
    await expectAccessible(page);
    const taro = saved.locator("option", { hasText: "山田 太郎" });
    const taroId = await taro.getAttribute("value");
    await field(page, "driver_id").selectOption(taroId as string);
    await page.getByTestId("customer-submit").click();
    await expect(page).toHaveURL(confirmUrl(locale));

    // Back: the chosen driver is still chosen.
    await page.goto(url(locale, SITE, "/reserve/user"));
    await expect(form(page).locator('input[name="driver_mode"][value="saved"]')).toBeChecked();
    await expect(field(page, "driver_id")).toHaveValue(taroId as string);
    await expect(page.getByTestId("prefilled-note")).toHaveCount(0);
  });

  test("kaede takes no guests: the customer step sends them to log in", async ({ page, request }) => {
    await page.goto(await optionsPath(request, "ja", "kaede"));
    await page.goto(url("ja", "kaede", "/reserve/user"));
    await expect(page).toHaveURL(/\/kaede\/reserve\/login$/);
  });

  test("without a reservation session the step sends the visitor to the search", async ({ page }) => {
    await page.goto(url("en", SITE, "/reserve/user"));
    await expect(page).toHaveURL(new RegExp(`/en/${SITE}/reserve$`));
  });

  test("on a 390×844 phone the next button is on screen and nothing scrolls sideways", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openCustomerStep(page, request, "ko");
    const next = page.getByTestId("customer-submit");
    await expect(next).toBeInViewport();
    const box = await next.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Still reachable far down the form, clear of the jump-to-top button.
    await field(page, "passengers").scrollIntoViewIfNeeded();
    await expect(next).toBeInViewport();
    const jump = page.getByTestId("jump-to-top");
    await expect(jump).toBeVisible();
    const jumpBox = await jump.boundingBox();
    const nextBox = await next.boundingBox();
    expect((nextBox?.x ?? 0) + (nextBox?.width ?? 0)).toBeLessThanOrEqual(jumpBox?.x ?? 0);
    await next.click();
    await expect(page.getByTestId("form-notice")).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("the customer step without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every driver choice is usable, and the server answers with the messages and the values", async ({
    page,
    request,
  }) => {
    const locale = "zh-TW";
    await openCustomerStep(page, request, locale);
    await expect(page.getByTestId("new-driver-fields")).toBeVisible();
    // The page starts on Taiwan (no prefecture shown); the borrower lives in Japan and says so, but
    // without script the prefecture shows only once the server has the country.
    await expect(field(page, "country")).toHaveValue("TW");
    await expect(field(page, "pref_code")).toBeHidden();
    const { pref_code: _pref, ...withoutPref } = BORROWER;
    await fillBorrower(page, { ...withoutPref, email: "not-an-address" });
    await form(page).locator('input[name="driver_mode"][value="new"]').check();
    await field(page, "driver_name").fill("無腳本 駕駛");
    await field(page, "driver_license_expiration_date").fill(tokyoDate(-2));
    await page.getByTestId("customer-submit").click();
    await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.invalid_input"));
    await expectFieldError(form(page), "email", msg(locale, "reason.email_invalid"));
    await expectFieldError(form(page), "driver_kana", msg(locale, "reason.kana_required"));
    await expectFieldError(form(page), "driver_license_expiration_date", msg(locale, "reason.license_expired"));
    await expect(page.getByTestId("error-driver_license_type")).toHaveCount(1);
    await expect(field(page, "name")).toHaveValue(BORROWER.name);
    await expect(field(page, "email")).toHaveValue("not-an-address");
    await expect(field(page, "driver_name")).toHaveValue("無腳本 駕駛");
    await expect(form(page).locator('input[name="driver_mode"][value="new"]')).toBeChecked();
    // Back in the Japanese mode, nothing typed lost: the prefecture is asked for now.
    await expect(field(page, "country")).toHaveValue("JP");
    await expect(field(page, "zip")).toHaveValue(BORROWER.zip);
    await expect(field(page, "address_a")).toHaveValue(BORROWER.address_a);
    await expectFieldError(form(page), "pref_code", msg(locale, "reason.pref_required"));

    // Driving themselves instead: the new driver's fields no longer matter.
    await field(page, "pref_code").selectOption(BORROWER.pref_code);
    await field(page, "email").fill(BORROWER.email);
    await form(page).locator('input[name="driver_mode"][value="same"]').check();
    await page.getByTestId("customer-submit").click();
    await expect(page).toHaveURL(confirmUrl(locale));
  });
});

// The browser has no phone rules (decision 055): it refuses what no country's numbers are, and
// the server judges the rest, next to the field.
test.describe("the customer step's phone number", () => {
  test("too few digits are refused in the browser, a number the rules refuse by the server, keeping what was typed (zh-TW)", async ({
    page,
    request,
  }) => {
    const locale: LocaleCode = "zh-TW";
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await openCustomerStep(page, request, locale);
    await waitForHydration(form(page));
    await fillBorrower(page, { ...BORROWER, tel: "12" });
    await page.getByTestId("customer-submit").click();
    await expectFieldError(form(page), "tel", msg(locale, "reason.tel_invalid"));
    expect(posts).toEqual([]);
    // A digit short of a Japanese mobile number: only the rules know.
    await field(page, "tel").fill("090-1234-567");
    await page.getByTestId("customer-submit").click();
    await expect.poll(() => posts.length).toBe(1);
    await expectFieldError(form(page), "tel", msg(locale, "reason.tel_invalid"));
    await expect(field(page, "name")).toHaveValue(BORROWER.name);
    await expect(field(page, "tel")).toHaveValue("090-1234-567");
    await expectAccessible(page);
    await field(page, "tel").fill(BORROWER.tel);
    await page.getByTestId("customer-submit").click();
    await expect(page).toHaveURL(confirmUrl(locale));
  });
});
