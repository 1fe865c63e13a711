import type { Page } from "@playwright/test";
import { mailsTo, uniqueEmail } from "./account-helpers";
import {
  type AbroadGuest,
  choosePayMethod,
  fillAbroadGuest,
  optionsUrl,
  reserveNo,
  SITE,
  stepUrl,
  storeCar,
  weekend,
} from "./booking-helpers";
import { expect, expectAccessible, type LocaleCode, test } from "./fixtures";
import { msg, waitForHydration } from "./search-helpers";

/**
 * Visitors from abroad (issue 21) on a 390×844 phone: a guest from Seoul, Taipei and San Francisco
 * books with their own address, postal code and phone; the confirmation, their mail and the
 * store's mail show them with the country (the store's in Japanese, the phone with its country
 * code, the guest's language stated). A Japanese address still uses the postcode lookup. After a
 * refused step, with or without JavaScript, what to fix is in the first screen.
 */

test.use({ viewport: { width: 390, height: 844 } });

const LOCALE_NAME: Record<LocaleCode, string> = { ja: "日本語", en: "English", ko: "한국어", "zh-TW": "繁體中文" };
const country = (code: string, locale: string) => new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;

const GUESTS: { locale: Exclude<LocaleCode, "ja">; guest: AbroadGuest; tel: string; address: (l: string) => string }[] =
  [
    {
      locale: "ko",
      guest: {
        name: "홍길동",
        kana: "HONG GILDONG",
        tel: "+82 10-1234-5678",
        country: "KR",
        zip: "04524",
        address_a: "서울특별시 중구 세종대로 110",
      },
      tel: "+82 10 1234 5678",
      address: (l) => `${country("KR", l)} 04524 서울특별시 중구 세종대로 110`,
    },
    {
      locale: "zh-TW",
      guest: {
        name: "陳美玲",
        kana: "CHEN MEILING",
        tel: "0912-345-678",
        country: "TW",
        zip: "100",
        address_a: "臺北市中正區重慶南路一段122號",
      },
      tel: "+886 912 345 678",
      address: (l) => `${country("TW", l)} 100 臺北市中正區重慶南路一段122號`,
    },
    {
      locale: "en",
      guest: {
        name: "Jane Doe",
        kana: "DOE JANE",
        tel: "(415) 555-2671",
        country: "US",
        zip: "94103",
        address_a: "1 Market St, San Francisco, CA",
      },
      tel: "+1 415 555 2671",
      address: (l) => `1 Market St, San Francisco, CA, 94103, ${country("US", l)}`,
    },
  ];

async function toCustomerStep(page: Page, locale: LocaleCode, optionsPage: string) {
  await page.goto(optionsPage);
  await page.getByTestId("options-next").click();
  await expect(page).toHaveURL(stepUrl(locale, "/reserve/login"));
  await page.getByTestId("guest-link").click();
  await expect(page).toHaveURL(stepUrl(locale, "/reserve/user"));
}

test.describe("a guest from abroad books with their own address and phone", () => {
  GUESTS.forEach(({ locale, guest, tel, address }, i) => {
    test(`${locale}: ${guest.country} address and phone, on the confirmation and in both mails`, async ({
      page,
      request,
    }) => {
      const email = uniqueEmail(`abroad-${locale}`);
      const c = await storeCar(request, 1, i);
      await toCustomerStep(page, locale, optionsUrl(locale, c, weekend(i)));
      const lookups = await fillAbroadGuest(page, guest, email);
      // The passenger count offers 1 up to the car's seats, not 99.
      const seats = await page.locator('select[name="passengers"] option').count();
      expect(seats - 1).toBeLessThanOrEqual(10);
      // What to bring to the counter, in the page's language.
      await expect(page.getByTestId("bring-notice")).toContainText(msg(locale, "driver.bring.idp"));
      if (i === 0) await expectAccessible(page);
      await page.getByTestId("customer-submit").click();
      await expect(page).toHaveURL(stepUrl(locale, "/reserve/confirm"));
      // The Japanese postcode lookup kept out of the way.
      expect(lookups).toEqual([]);
      await expect(page.getByTestId("confirm-tel")).toHaveText(tel);
      await expect(page.getByTestId("confirm-address")).toHaveText(address(locale));

      await choosePayMethod(page, 2);
      await page.getByTestId("confirm-submit").click();
      const no = await reserveNo(page, locale);

      const own = (await mailsTo(request, SITE, email)).find((m) => m.kind === "reservation_confirmed");
      expect(own?.text).toContain(address(locale));
      expect(own?.text).toContain(tel);
      const store = (await mailsTo(request, SITE, "")).find(
        (m) => m.kind === "store_notification" && m.text.includes(no),
      );
      expect(store?.text).toContain(`住所：${address("ja")}`);
      expect(store?.text).toContain(`電話番号：${tel}`);
      expect(store?.text).toContain(`ご予約の言語：${LOCALE_NAME[locale]}`);
      expect(store?.text).not.toMatch(/〒|海外・その他/);
    });
  });

  test("ja: a Japanese address still fills in from the postal code; the phone stays national", async ({
    page,
    request,
  }) => {
    const c = await storeCar(request, 1, 3);
    await toCustomerStep(page, "ja", optionsUrl("ja", c, weekend(0)));
    const form = page.getByTestId("customer-form");
    await waitForHydration(form);
    await form.locator('[name="name"]').fill("予約 花子");
    await form.locator('[name="kana"]').fill("ヨヤク ハナコ");
    await form.locator('[name="email"]').fill(uniqueEmail("abroad-ja"));
    await form.locator('[name="tel"]').fill("090-1234-5678");
    await form.locator('[name="zip"]').fill("9000006");
    await expect(form.locator('[name="pref_code"]')).toHaveValue("47");
    await expect(form.locator('[name="address_a"]')).toHaveValue(/那覇市/);
    // Japanese pages start on Japan: the country first, then the postcode that fills the rest.
    await expect(form.locator('[name="country"]')).toHaveValue("JP");
    await expect(page.getByTestId("bring-notice")).toHaveCount(0);
    await form.locator('[name="address_a"]').fill("那覇市おもろまち1-1-1");
    await page.getByTestId("customer-submit").click();
    await expect(page).toHaveURL(stepUrl("ja", "/reserve/confirm"));
    await expect(page.getByTestId("confirm-tel")).toHaveText("090-1234-5678");
    await expect(page.getByTestId("confirm-address")).toHaveText("〒900-0006 沖縄県那覇市おもろまち1-1-1");
  });
});

test.describe("the guest form starts where the visitor lives (issue 40)", () => {
  test("ko: the country first with Korea chosen, a free-format address; Japan brings the prefecture and the postcode lookup", async ({
    page,
    request,
  }) => {
    const locale = "ko";
    const c = await storeCar(request, 1, 2);
    await toCustomerStep(page, locale, optionsUrl(locale, c, weekend(2)));
    const form = page.getByTestId("customer-form");
    await waitForHydration(form);
    const address = form.getByTestId("address-fields").first();
    const countrySelect = form.locator('[name="country"]');
    // The country is the address's first field, Korea chosen; no prefecture, no Japanese 7 digits.
    await expect(address.locator("input, select").first()).toHaveAttribute("name", "country");
    await expect(countrySelect).toHaveValue("KR");
    await expect(countrySelect.locator("option:checked")).toHaveText("대한민국");
    await expect(address.getByTestId("pref-field")).toBeHidden();
    await expect(form.locator('[name="zip"]')).toHaveAttribute("inputmode", "text");
    await expect(address).toContainText(msg(locale, "address.zipHintAbroad"));
    await expect(address).not.toContainText(/도도부현|반각|7자리/, { useInnerText: true });
    await expectAccessible(page);

    // A visitor who lives in Japan chooses it: the prefecture and the postcode lookup appear.
    await countrySelect.selectOption("JP");
    await expect(address.getByTestId("pref-field")).toBeVisible();
    await expect(address).toContainText(msg(locale, "address.zipHint"));
    await form.locator('[name="zip"]').fill("9000006");
    await expect(form.locator('[name="pref_code"]')).toHaveValue("47");
    await expect(form.locator('[name="address_a"]')).toHaveValue(/那覇市/);
    await expectAccessible(page);

    // Back to Korea: the Japanese fields go, the typed address is the visitor's own.
    await countrySelect.selectOption("KR");
    await expect(address.getByTestId("pref-field")).toBeHidden();
    await form.locator('[name="name"]').fill("김민지");
    await form.locator('[name="email"]').fill(uniqueEmail("abroad-ko-first"));
    await form.locator('[name="tel"]').fill("010-2345-6789");
    await form.locator('[name="zip"]').fill("48058");
    await form.locator('[name="address_a"]').fill("부산광역시 해운대구 해운대해변로 264");
    await form.locator('[name="address_b"]').fill("101동 1203호");
    // The romanised name, when missing, is asked for as such (not as a "reading").
    await page.getByTestId("customer-submit").click();
    await expect(page.getByTestId("error-summary")).toContainText("영문 이름을 입력하지 않았습니다.");
    await form.locator('[name="kana"]').fill("KIM MINJI");
    await page.getByTestId("customer-submit").click();
    await expect(page).toHaveURL(stepUrl(locale, "/reserve/confirm"));
    await expect(page.getByTestId("confirm-address")).toHaveText(
      `${country("KR", locale)} 48058 부산광역시 해운대구 해운대해변로 264 101동 1203호`,
    );
    await choosePayMethod(page, 2);
    await page.getByTestId("confirm-submit").click();
    await reserveNo(page, locale);
  });

  test("without JavaScript the form follows the country it was sent, keeping what was typed (en)", async ({
    browser,
    request,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const c = await storeCar(request, 1, 2);
    await toCustomerStep(page, "en", optionsUrl("en", c, weekend(3)));
    const form = page.getByTestId("customer-form");
    const address = form.getByTestId("address-fields").first();
    await expect(form.locator('[name="country"]')).toHaveValue("US");
    await expect(address.getByTestId("pref-field")).toBeHidden();
    await form.locator('[name="name"]').fill("Jane Doe");
    await form.locator('[name="kana"]').fill("DOE JANE");
    await form.locator('[name="email"]').fill(uniqueEmail("abroad-en-nojs"));
    await form.locator('[name="tel"]').fill("090-1234-5678");
    await form.locator('[name="country"]').selectOption("JP");
    await form.locator('[name="zip"]').fill("900-0006");
    await form.locator('[name="address_a"]').fill("Naha, Omoromachi 1-1-1");
    await page.getByTestId("customer-submit").click();
    await expect(page).toHaveURL(stepUrl("en", "/reserve/user"));
    // The Japanese mode now: the prefecture is asked for, and nothing typed is lost.
    await expect(address.getByTestId("pref-field")).toBeVisible();
    await expect(page.getByTestId("error-summary")).toContainText(msg("en", "reason.pref_required"));
    await expect(form.locator('[name="country"]')).toHaveValue("JP");
    await expect(form.locator('[name="zip"]')).toHaveValue("900-0006");
    await expect(form.locator('[name="address_a"]')).toHaveValue("Naha, Omoromachi 1-1-1");
    await form.locator('[name="pref_code"]').selectOption("47");
    await page.getByTestId("customer-submit").click();
    await expect(page).toHaveURL(stepUrl("en", "/reserve/confirm"));
    await context.close();
  });
});

/** The element holding focus lies within the first 390×844 screen. */
async function focusInFirstScreen(page: Page) {
  const box = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, testId: el.getAttribute("data-testid") ?? el.getAttribute("name") };
  });
  expect(box, "something has focus").not.toBeNull();
  expect(box?.top).toBeGreaterThanOrEqual(0);
  expect(box?.top).toBeLessThan(844);
  return box?.testId;
}

test.describe("after a refused customer step, what to fix is on the first screen of a phone", () => {
  test("without JavaScript the server's answer focuses the error summary, whose items link to their fields", async ({
    browser,
    request,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const c = await storeCar(request, 1, 4);
    await toCustomerStep(page, "ko", optionsUrl("ko", c, weekend(1)));
    const form = page.getByTestId("customer-form");
    await form.locator('[name="name"]').fill("홍길동");
    await form.locator('[name="kana"]').fill("홍길동");
    await form.locator('[name="tel"]').fill("not a phone");
    // The Korean page starts on Korea: no prefecture to choose.
    await expect(form.locator('[name="country"]')).toHaveValue("KR");
    await expect(form.locator('[name="pref_code"]')).toBeHidden();
    await form.locator('[name="zip"]').fill("900-0015");
    // Submit from the bottom of the page, as a thumb would.
    await page.getByTestId("customer-submit").scrollIntoViewIfNeeded();
    await page.getByTestId("customer-submit").click();
    await expect(page).toHaveURL(stepUrl("ko", "/reserve/user"));
    expect(await focusInFirstScreen(page)).toBe("error-summary-box");
    const summary = page.getByTestId("error-summary");
    await expect(summary).toContainText(msg("ko", "reason.kana_invalid"));
    await expect(summary).toContainText(msg("ko", "reason.tel_invalid"));
    await expect(summary).toContainText(msg("ko", "reason.postal_invalid"));
    await expect(summary.locator('a[href="#field-tel"]')).toHaveCount(1);
    await expect(page.locator("#field-tel")).toHaveCount(1);
    // Nothing typed is lost.
    await expect(form.locator('[name="tel"]')).toHaveValue("not a phone");
    await expect(form.locator('[name="zip"]')).toHaveValue("900-0015");
    await expect(form.locator('[name="country"]')).toHaveValue("KR");
    await context.close();
  });

  test("with JavaScript the first field to fix takes focus, and a summary link brings focus to its field", async ({
    page,
    request,
  }) => {
    const c = await storeCar(request, 1, 4);
    await toCustomerStep(page, "zh-TW", optionsUrl("zh-TW", c, weekend(1)));
    await waitForHydration(page.getByTestId("customer-form"));
    await page.getByTestId("customer-submit").click();
    await focusInFirstScreen(page);
    await page.getByTestId("error-summary").locator('a[href="#field-tel"]').click();
    await expect(page.locator('[name="tel"]')).toBeFocused();
    await focusInFirstScreen(page);
  });
});
