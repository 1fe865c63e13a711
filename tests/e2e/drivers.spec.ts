import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { DEMO, loginAs } from "./account-helpers";
import { expect, expectAccessible, type LocaleCode, test, url } from "./fixtures";
import { LOCALES, msg } from "./search-helpers";

/**
 * Drivers on My Page (issue 8): create with licence images, see them, edit, delete; the
 * has-reserve refusal; field errors with the danger notice (in the browser and from the server);
 * the upload limits over HTTP; another member's image is a 404. Drivers are created by each test
 * under a unique name on the corporate demo member, and only those are changed; demo hanako's
 * drivers are used read-only.
 */

const SITE = "sakura";
const MB = 1024 * 1024;

const uniqueName = (tag: string, locale: LocaleCode) =>
  `E2E ${tag} ${locale} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The calendar date `days` from now in Japan (the site's zone), as a date input takes it. */
function tokyoDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Asia/Tokyo" });
}

async function photo(format: "jpeg" | "png", color: string) {
  const image = sharp({ create: { width: 64, height: 40, channels: 3, background: color } });
  return format === "jpeg"
    ? image
        .withExif({ IFD0: { Make: "PhoneMaker" } })
        .jpeg()
        .toBuffer()
    : image.png().toBuffer();
}

const form = (page: Page) => page.getByTestId("driver-form");
const field = (page: Page, name: string) => form(page).locator(`[name="${name}"]`);
const card = (page: Page, name: string) => page.getByTestId("driver-card").filter({ hasText: name });

async function fillDriver(page: Page, name: string, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    name,
    kana: "イーツーイー テスト",
    birthdate: "1990-04-01",
    tel: "090-1111-2222",
    license_number: "123456789012",
    license_acquisition_date: "2015-04-01",
    license_expiration_date: tokyoDate(800),
    ...overrides,
  };
  for (const [key, value] of Object.entries(values)) await field(page, key).fill(value);
  await field(page, "license_type_ordinary").check();
}

/**
 * A GET from inside the page (the browser's own connection handling and cookies), so a kept-alive
 * connection the server has just closed is retried as browsers do.
 */
async function fetchInPage(page: Page, path: string) {
  return page.evaluate(async (target) => {
    const res = await fetch(target, { credentials: "same-origin", cache: "no-store" });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return { status: res.status, headers, bytes: Array.from(new Uint8Array(await res.arrayBuffer())) };
  }, path);
}

/** Creates a driver through the form with one JPEG, and returns its name and first image's path. */
async function createWithImage(page: Page, locale: LocaleCode, tag: string) {
  const name = uniqueName(tag, locale);
  await page.goto(url(locale, SITE, "/mypage/driver/new"));
  await fillDriver(page, name);
  await field(page, "driver_image1").setInputFiles({
    name: "front.jpg",
    mimeType: "image/jpeg",
    buffer: await photo("jpeg", "#cc9933"),
  });
  await page.getByTestId("driver-submit").click();
  await expect(page.getByTestId("flash")).toContainText(msg(locale, "driver.flash.registered"));
  await card(page, name).getByTestId("driver-edit").click();
  const src = await page.getByTestId("current-image-1").locator("img").getAttribute("src");
  return { name, imagePath: new URL(src ?? "", page.url()).pathname, editPath: new URL(page.url()).pathname };
}

async function loginAsNewContext(browser: Browser, locale: LocaleCode, siteId: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, locale, siteId, email);
  return { context, page };
}

for (const locale of LOCALES) {
  test.describe(`drivers (${locale})`, () => {
    test("create a driver with two images, see them, edit, and delete it", async ({ page }) => {
      // A long flow (three screens checked with axe, two uploads): more time under a full suite's load.
      test.slow();
      const name = uniqueName("create", locale);
      await loginAs(page, locale, SITE, DEMO.sakuraCorp.email);
      await page.getByTestId("mypage-nav-drivers").click();
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "driver.list.title"));
      await expectAccessible(page);

      await page.getByTestId("driver-add").click();
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "driver.new.title"));
      await expect(page.getByTestId("driver-images")).toContainText(msg(locale, "driver.images.hint"));
      await expect(field(page, "driver_image1")).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
      await expectAccessible(page);

      await fillDriver(page, name);
      await field(page, "license_type_international").check();
      await field(page, "driver_image1").setInputFiles({
        name: "front.jpg",
        mimeType: "image/jpeg",
        buffer: await photo("jpeg", "#cc3333"),
      });
      await field(page, "driver_image2").setInputFiles({
        name: "back.png",
        mimeType: "image/png",
        buffer: await photo("png", "#3333cc"),
      });
      await page.getByTestId("driver-submit").click();

      await expect(page).toHaveURL(new RegExp(`${url(locale, SITE, "/mypage/driver/driver_list")}$`));
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "driver.flash.registered"));
      const created = card(page, name);
      await expect(created.getByTestId("driver-image-count")).toHaveText(
        msg(locale, "driver.list.imageCount", { count: 2 }),
      );
      await expect(created.getByTestId("driver-license-number")).toHaveText("••••••••9012");
      await expect(created).toContainText(msg(locale, "licenseType.international"));
      await expect(created.getByTestId("driver-expiry")).toHaveText(tokyoDate(800).replaceAll("-", "/"));

      await created.getByTestId("driver-edit").click();
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "driver.edit.title"));
      await expect(field(page, "name")).toHaveValue(name);
      await expect(field(page, "license_type_international")).toBeChecked();
      const first = page.getByTestId("current-image-1").locator("img");
      await expect(first).toHaveAttribute("alt", msg(locale, "driver.images.alt", { name, slot: 1 }));
      await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
      await expect(page.getByTestId("current-image-2").locator("img")).toBeVisible();
      await expectAccessible(page);

      // The image is served to its owner, never cached, with its sniffed type and no EXIF.
      const imagePath = new URL((await first.getAttribute("src")) ?? "", page.url()).pathname;
      const own = await fetchInPage(page, imagePath);
      expect(own.status).toBe(200);
      expect(own.headers["content-type"]).toBe("image/jpeg");
      expect(own.headers["cache-control"]).toBe("private, no-store");
      expect(own.headers["x-content-type-options"]).toBe("nosniff");
      expect(own.headers["content-disposition"]).toBe("inline");
      expect((await sharp(Buffer.from(own.bytes)).metadata()).exif).toBeUndefined();

      // Edit: a new name, the second image removed.
      const renamed = `${name} 2`;
      await field(page, "name").fill(renamed);
      await field(page, "driver_image2_remove").check();
      await page.getByTestId("driver-submit").click();
      await expect(page).toHaveURL(new RegExp(`${url(locale, SITE, "/mypage/driver/driver_list")}$`));
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "driver.flash.changed"));
      await expect(card(page, renamed).getByTestId("driver-image-count")).toHaveText(
        msg(locale, "driver.list.imageCount", { count: 1 }),
      );
      expect((await fetchInPage(page, imagePath.replace(/\/1$/, "/2"))).status).toBe(404);

      // Delete, after the confirmation step.
      const edited = card(page, renamed);
      await edited.getByTestId("driver-delete").locator("summary").click();
      await expect(edited.getByTestId("driver-delete")).toContainText(
        msg(locale, "driver.list.deleteConfirm", { name: renamed }),
      );
      await edited.getByTestId("driver-delete-confirm").click();
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "driver.flash.deleted"));
      await expect(card(page, renamed)).toHaveCount(0);
      expect((await fetchInPage(page, imagePath)).status).toBe(404);
    });

    test("a driver on an upcoming reservation cannot be deleted", async ({ page }) => {
      await loginAs(page, locale, SITE, DEMO.sakuraHanako.email);
      await page.goto(url(locale, SITE, "/mypage/driver/driver_list"));
      const onReserve = page
        .getByTestId("driver-card")
        .filter({ has: page.getByTestId("driver-on-reserve") })
        .first();
      await expect(onReserve.getByTestId("driver-on-reserve")).toHaveText(msg(locale, "driver.list.onReserve"));
      const name = (await onReserve.getByTestId("driver-name").textContent()) ?? "";
      await onReserve.getByTestId("driver-delete").locator("summary").click();
      await onReserve.getByTestId("driver-delete-confirm").click();
      await expect(onReserve.getByTestId("form-notice")).toHaveText(msg(locale, "reason.driver_has_reserve"));
      await page.reload();
      await expect(page.getByTestId("driver-name").filter({ hasText: name })).toHaveCount(1);
      await expectAccessible(page);
    });

    test("licence date errors show under their fields with the danger notice", async ({ page }) => {
      await loginAs(page, locale, SITE, DEMO.sakuraCorp.email);
      await page.goto(url(locale, SITE, "/mypage/driver/new"));
      await fillDriver(page, uniqueName("dates", locale), {
        license_acquisition_date: tokyoDate(3),
        license_expiration_date: tokyoDate(-3),
      });
      await page.getByTestId("driver-submit").click();
      await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.invalid_input"));
      await expect(form(page).locator('[data-field="license_acquisition_date"]')).toContainText(
        msg(locale, "reason.license_issue_future"),
      );
      await expect(form(page).locator('[data-field="license_expiration_date"]')).toContainText(
        msg(locale, "reason.license_expired"),
      );
      await expect(field(page, "license_acquisition_date")).toHaveAttribute("aria-invalid", "true");
      // Nothing was sent: still on the form.
      await expect(page).toHaveURL(new RegExp(`${url(locale, SITE, "/mypage/driver/new")}$`));
      await expectAccessible(page);
    });
  });
}

// Tenancy and the upload limits are the server's rules, the same in every language: one language each
// (their messages are the catalogue's, whose keys are checked in all four by the unit tests).
test.describe("drivers: what the server refuses", () => {
  for (const locale of ["en"] as const) {
    test(`another member's driver and image answer 404, on this site and on another (${locale})`, async ({
      page,
      browser,
    }) => {
      await loginAs(page, locale, SITE, DEMO.sakuraCorp.email);
      const { name, imagePath, editPath } = await createWithImage(page, locale, "owner");
      expect((await fetchInPage(page, imagePath)).status).toBe(200);

      const hanako = await loginAsNewContext(browser, locale, SITE, DEMO.sakuraHanako.email);
      expect((await fetchInPage(hanako.page, imagePath)).status).toBe(404);
      const edit = await hanako.page.goto(editPath);
      expect(edit?.status()).toBe(404);
      await hanako.context.close();

      // kaede, another client, has Japanese and English.
      const kaede = await loginAsNewContext(browser, locale, "kaede", DEMO.kaedeHanako.email);
      const onKaede = `${url(locale, "kaede")}${imagePath.slice(imagePath.indexOf("/mypage/"))}`;
      expect((await fetchInPage(kaede.page, onKaede)).status).toBe(404);
      await kaede.context.close();

      // Clean up: the owner deletes the driver.
      await page.goto(url(locale, SITE, "/mypage/driver/driver_list"));
      await card(page, name).getByTestId("driver-delete").locator("summary").click();
      await card(page, name).getByTestId("driver-delete-confirm").click();
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "driver.flash.deleted"));
    });
  }
  for (const locale of ["zh-TW"] as const) {
    test(`upload limits and file checks over HTTP: 413 for 10 MB + 1 byte and a fifth image, image_type for a PDF (${locale})`, async ({
      page,
      playwright,
    }) => {
      await loginAs(page, locale, SITE, DEMO.sakuraCorp.email);
      const newPath = url(locale, SITE, "/mypage/driver/new");
      await page.goto(newPath);
      const csrf = (await page.locator('input[name="_csrf"]').first().getAttribute("value")) ?? "";
      // One connection per upload: the server closes a connection whose body it stopped reading.
      const storageState = await page.context().storageState();
      const baseURL = new URL(page.url()).origin;
      const post = async (multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) => {
        const request = await playwright.request.newContext({ baseURL, storageState });
        const res = await request.post(newPath, { multipart, maxRedirects: 0 });
        const result = { status: res.status(), text: await res.text() };
        await request.dispose();
        return result;
      };
      const name = uniqueName("limits", locale);
      const text = {
        _csrf: csrf,
        name,
        kana: "テスト",
        birthdate: "1990-04-01",
        tel: "090-1111-2222",
        license_type_ordinary: "1",
        license_number: "123456789012",
        license_acquisition_date: "2015-04-01",
        license_expiration_date: tokyoDate(800),
      };
      const jpegBytes = (size: number) => {
        const b = Buffer.alloc(size, 0x41);
        b.set([0xff, 0xd8, 0xff, 0xe0]);
        return b;
      };

      const tooLarge = await post({
        ...text,
        driver_image1: { name: "big.jpg", mimeType: "image/jpeg", buffer: jpegBytes(10 * MB + 1) },
      });
      expect(tooLarge.status).toBe(413);
      const page413 = tooLarge.text;
      expect(page413).toContain(msg(locale, "reason.image_too_large"));
      // What was typed comes back in the form.
      expect(page413).toContain(name);

      const five: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
      for (const slot of [1, 2, 3, 4, 5]) {
        five[`driver_image${slot}`] = {
          name: `${slot}.jpg`,
          mimeType: "image/jpeg",
          buffer: await photo("jpeg", "#999"),
        };
      }
      const tooMany = await post({ ...text, ...five });
      expect(tooMany.status).toBe(413);
      expect(tooMany.text).toContain(msg(locale, "reason.image_too_many", { max: 4 }));

      const pdf = await post({
        ...text,
        driver_image1: { name: "licence.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.7\n1 0 obj\n") },
      });
      expect(pdf.status).toBe(422);
      expect(pdf.text).toContain(msg(locale, "reason.image_type"));

      // None of them created a driver.
      await page.goto(url(locale, SITE, "/mypage/driver/driver_list"));
      await expect(card(page, name)).toHaveCount(0);
    });
  }
});

test.describe("drivers without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of LOCALES) {
    test(`the server refuses licence dates with the notice and keeps the values (${locale})`, async ({ page }) => {
      await loginAs(page, locale, SITE, DEMO.sakuraCorp.email);
      await page.goto(url(locale, SITE, "/mypage/driver/new"));
      const name = uniqueName("nojs", locale);
      await fillDriver(page, name, {
        license_acquisition_date: tokyoDate(3),
        license_expiration_date: tokyoDate(-3),
      });
      await field(page, "driver_image1").setInputFiles({
        name: "front.jpg",
        mimeType: "image/jpeg",
        buffer: await photo("jpeg", "#33cc33"),
      });
      await page.getByTestId("driver-submit").click();
      await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.invalid_input"));
      await expect(form(page).locator('[data-field="license_acquisition_date"]')).toContainText(
        msg(locale, "reason.license_issue_future"),
      );
      await expect(form(page).locator('[data-field="license_expiration_date"]')).toContainText(
        msg(locale, "reason.license_expired"),
      );
      await expect(field(page, "name")).toHaveValue(name);
      await expect(field(page, "license_type_ordinary")).toBeChecked();
      await expect(page.getByTestId("images-choose-again")).toHaveText(msg(locale, "driver.images.chooseAgain"));
      // (axe needs JavaScript: the refused form is checked with it in the test above.)
    });
  }
});
