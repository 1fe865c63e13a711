import type { Locator, Page } from "@playwright/test";
import { DEMO, loginAs, mailsTo, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, type LocaleCode, test, url } from "./fixtures";
import { LOCALES, msg, waitForHydration } from "./search-helpers";

const SITE = "sakura";
const PASSWORD = "my-new-pass-42";

/** The message shown for a field (by its name), tied to it by aria-describedby. */
async function expectFieldError(form: Locator, name: string, text: string) {
  const field = form.locator(`[name="${name}"]:not([type="hidden"])`).first();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const id = await field.getAttribute("id");
  await expect(field).toHaveAttribute("aria-describedby", new RegExp(`${id}-error`));
  await expect(form.locator(`[id="${id}-error"]`)).toHaveText(text);
}

/** The outbox's mails to one address, newest first. */
const outboxMails = (page: Page, to: string) => mailsTo(page.request, SITE, to);

async function openForm(page: Page, locale: LocaleCode) {
  await page.goto(url(locale, SITE, "/user/regist"));
  const form = page.getByTestId("regist-form");
  await waitForHydration(form);
  return form;
}

interface Person {
  email: string;
  name: string;
  corporate?: { company: string; kana: string };
}

/** Fills the input step as a member would: the zip fills the prefecture and city. */
async function fillForm(form: Locator, person: Person) {
  if (person.corporate) {
    await form.locator('input[name="user_type"][value="2"]').check();
    await form.locator('input[name="company"]').fill(person.corporate.company);
    await form.locator('input[name="company_kana"]').fill(person.corporate.kana);
  }
  await form.locator('input[name="name"]').fill(person.name);
  await form.locator('input[name="kana"]').fill("テスト タロウ");
  await form.locator('input[name="gender"][value="1"]').check();
  await form.locator('select[name="birth_month"]').selectOption("4");
  await form.locator('select[name="birth_day"]').selectOption("15");
  await form.locator('input[name="tel"]').fill("090-1234-5678");
  await fillPasswords(form);
  await form.locator('input[name="email"]').fill(person.email);
  // An address in Japan: chosen first (the other languages start on their likely country).
  await form.locator('select[name="country"]').selectOption("JP");
  await form.locator('input[name="zip"]').fill("100-0001");
  await expect(form.locator('select[name="pref_code"]')).toHaveValue("13");
  await expect(form.locator('input[name="address_a"]')).toHaveValue("千代田区千代田");
  await form.locator('input[name="address_a"]').fill("千代田区千代田1-1");
  await form.locator('input[name="newsletter"]').check();
}

async function fillPasswords(form: Locator) {
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('input[name="password_confirm"]').fill(PASSWORD);
}

const LIKELY_COUNTRY: Record<LocaleCode, string> = { ja: "JP", en: "US", ko: "KR", "zh-TW": "TW" };

for (const locale of LOCALES) {
  test.describe(`registration (${locale})`, () => {
    test("an individual registers through input, confirm (and back), done, gets the welcome mail and logs in again", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const person = { email: uniqueEmail(`reg-${locale}`), name: "登録 太郎" };
      const form = await openForm(page, locale);
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "member.regist.title"));
      await expect(page.getByTestId("steps").locator('[aria-current="step"]')).toContainText(
        msg(locale, "member.step.input"),
      );
      // A new form: an individual, gender unset, no newsletter, born in 1990, the country first:
      // Japan on Japanese pages and the language's likely one elsewhere, whose address has no
      // prefecture.
      await expect(form.locator('input[name="user_type"][value="1"]')).toBeChecked();
      await expect(form.locator('input[name="gender"][value=""]')).toBeChecked();
      await expect(form.locator('input[name="newsletter"]')).not.toBeChecked();
      await expect(form.locator('select[name="birth_year"]')).toHaveValue("1990");
      await expect(form.locator('select[name="country"]')).toHaveValue(LIKELY_COUNTRY[locale]);
      await expect(form.getByTestId("country-field")).toBeVisible();
      if (locale === "ja") await expect(form.getByTestId("pref-field")).toBeVisible();
      else await expect(form.getByTestId("pref-field")).toBeHidden();
      await expect(form.locator('input[name="company"]')).toHaveCount(0);
      await expect(form.getByText(msg(locale, "member.passwordHint"))).toBeVisible();
      await expectAccessible(page);

      await fillForm(form, person);
      await expect(page.getByTestId("address-status")).toHaveText(
        msg(locale, "address.filled", { address: "東京都千代田区千代田" }),
      );
      await page.getByTestId("regist-submit").click();

      await expect(page).toHaveURL(new RegExp(`${url(locale, SITE, "/user/confirm")}$`));
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "member.confirm.title"));
      await expect(page.getByTestId("confirm-name")).toContainText(person.name);
      await expect(page.getByTestId("confirm-email")).toContainText(person.email);
      await expect(page.getByTestId("confirm-pref_code")).toContainText(msg(locale, "pref.13"));
      await expect(page.getByTestId("confirm-birthdate")).toContainText("1990/04/15");
      await expect(page.getByTestId("confirm-gender")).toContainText(msg(locale, "member.gender.1"));
      await expect(page.getByTestId("confirm-newsletter")).toContainText(msg(locale, "member.newsletter.1"));
      await expect(page.getByTestId("confirm-password")).toContainText(msg(locale, "member.confirm.passwordHidden"));
      await expect(page.getByTestId("confirm-list")).not.toContainText(PASSWORD);
      await expect(page.getByTestId("confirm-company")).toHaveCount(0);
      await expectAccessible(page);

      // Back keeps every field but the password, and says why it must be typed again.
      await page.getByTestId("confirm-back").click();
      await expect(page).toHaveURL(new RegExp(`${url(locale, SITE, "/user/regist")}$`));
      const again = page.getByTestId("regist-form");
      await waitForHydration(again);
      await expect(again.locator('input[name="name"]')).toHaveValue(person.name);
      await expect(again.locator('input[name="email"]')).toHaveValue(person.email);
      await expect(again.locator('input[name="gender"][value="1"]')).toBeChecked();
      await expect(again.locator('select[name="birth_month"]')).toHaveValue("4");
      await expect(again.locator('select[name="pref_code"]')).toHaveValue("13");
      await expect(again.locator('input[name="zip"]')).toHaveValue("1000001");
      await expect(again.locator('input[name="address_a"]')).toHaveValue("千代田区千代田1-1");
      await expect(again.locator('input[name="newsletter"]')).toBeChecked();
      await expect(again.locator('input[name="password"]')).toHaveValue("");
      await expect(page.getByTestId("reenter-password")).toHaveText(msg(locale, "member.regist.reenterPassword"));
      await expectAccessible(page);
      await fillPasswords(again);
      await page.getByTestId("regist-submit").click();
      await expect(page).toHaveURL(new RegExp(`${url(locale, SITE, "/user/confirm")}$`));
      await page.getByTestId("register-submit").click();

      await expect(page).toHaveURL(new RegExp(`${url(locale, SITE, "/user/completed")}$`));
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "member.completed.title"));
      await expect(page.getByTestId("steps").locator('[aria-current="step"]')).toContainText(
        msg(locale, "member.step.done"),
      );
      await expectAccessible(page);

      // The welcome mail, in the page's language, links to that language's login page.
      const welcome = (await outboxMails(page, person.email)).filter((m) => m.kind === "welcome");
      expect(welcome).toHaveLength(1);
      expect(welcome[0]?.locale).toBe(locale);
      expect(welcome[0]?.text).toContain(`${url(locale, SITE, "/login")}`);
      expect(welcome[0]?.text).toContain(person.name);

      // Signed in already: My Page greets the new member; after logging out, the new account logs in.
      await page.getByTestId("completed-mypage").click();
      await expect(page.getByTestId("mypage-member")).toContainText(person.name);
      await page.getByTestId("logout").click();
      await expect(page).toHaveURL(new RegExp(`${url(locale, SITE)}$`));
      await loginAs(page, locale, SITE, person.email, PASSWORD);
      await expect(page.getByTestId("mypage-member")).toContainText(person.name);

      // A signed-in member has nothing to do on the registration pages.
      await page.goto(url(locale, SITE, "/user/regist"));
      await expect(page).toHaveURL(new RegExp(`${url(locale, SITE, "/reserve")}$`));
    });
  });
}

test.describe("registration rules", () => {
  test("a corporation registers with its company (en)", async ({ page }) => {
    test.setTimeout(60_000);
    const locale: LocaleCode = "en";
    const person = {
      email: uniqueEmail("reg-corp"),
      name: "Corp Taro",
      corporate: { company: "Test Trading Co.", kana: "テストトレーディング" },
    };
    const form = await openForm(page, locale);
    await form.locator('input[name="user_type"][value="2"]').check();
    await expect(form.locator('input[name="company"]')).toBeVisible();
    // Required for a corporation: refused with the spec's messages.
    await fillForm(form, { ...person, corporate: undefined });
    await form.locator('input[name="user_type"][value="2"]').check();
    await page.getByTestId("regist-submit").click();
    await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.invalid_input"));
    await expectFieldError(form, "company", msg(locale, "reason.company_required"));
    await expectFieldError(form, "company_kana", msg(locale, "reason.company_kana_required"));
    await expectAccessible(page);
    await form.locator('input[name="company"]').fill(person.corporate.company);
    await form.locator('input[name="company_kana"]').fill(person.corporate.kana);
    await page.getByTestId("regist-submit").click();
    await expect(page).toHaveURL(/\/en\/sakura\/user\/confirm$/);
    await expect(page.getByTestId("confirm-user_type")).toContainText(msg(locale, "member.userType.2"));
    await expect(page.getByTestId("confirm-company")).toContainText(person.corporate.company);
    await page.getByTestId("register-submit").click();
    await expect(page).toHaveURL(/\/en\/sakura\/user\/completed$/);
    await page.getByTestId("completed-mypage").click();
    await expect(page.getByTestId("mypage-member")).toContainText(person.corporate.company);
    await page.getByTestId("logout").click();
    await expect(page.getByTestId("flash")).toContainText(msg(locale, "logout.flash"));
    await loginAs(page, locale, SITE, person.email, PASSWORD);
    await expect(page.getByTestId("mypage-member")).toContainText(person.corporate.company);
  });

  test("reset clears the form back to its defaults (ja)", async ({ page }) => {
    const form = await openForm(page, "ja");
    await form.locator('input[name="user_type"][value="2"]').check();
    await form.locator('input[name="company"]').fill("株式会社リセット");
    await form.locator('input[name="name"]').fill("消える 名前");
    await form.locator('input[name="gender"][value="2"]').check();
    await form.locator('select[name="birth_year"]').selectOption("1985");
    await form.locator('input[name="newsletter"]').check();
    await form.locator('input[name="zip"]').fill("1000001");
    await expect(form.locator('select[name="pref_code"]')).toHaveValue("13");
    await page.getByTestId("regist-submit").click();
    await expect(page.getByTestId("form-notice")).toBeVisible();

    await page.getByTestId("regist-reset").click();
    const fresh = page.getByTestId("regist-form");
    await expect(fresh.locator('input[name="name"]')).toHaveValue("");
    await expect(fresh.locator('input[name="user_type"][value="1"]')).toBeChecked();
    await expect(fresh.locator('input[name="company"]')).toHaveCount(0);
    await expect(fresh.locator('input[name="gender"][value=""]')).toBeChecked();
    await expect(fresh.locator('select[name="birth_year"]')).toHaveValue("1990");
    await expect(fresh.locator('input[name="newsletter"]')).not.toBeChecked();
    await expect(fresh.locator('input[name="zip"]')).toHaveValue("");
    await expect(fresh.locator('select[name="pref_code"]')).toHaveValue("");
    await expect(page.getByTestId("form-notice")).toHaveCount(0);
    await expect(page.getByTestId("reset-status")).toHaveText(msg("ja", "member.regist.resetDone"));
  });

  test("an address already registered is refused next to the e-mail (ko), also when taken after the input step", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const locale: LocaleCode = "ko";
    const form = await openForm(page, locale);
    await fillForm(form, { email: DEMO.sakuraHanako.email.toUpperCase(), name: "중복 테스트" });
    await page.getByTestId("regist-submit").click();
    await expectFieldError(form, "email", msg(locale, "reason.email_taken"));
    await expect(form.locator('input[name="name"]')).toHaveValue("중복 테스트");
    await expectAccessible(page);

    // Two visitors reach the confirmation with the same new address: the second to register is sent back.
    const email = uniqueEmail("reg-race");
    await form.locator('input[name="email"]').fill(email);
    await fillPasswords(form);
    await page.getByTestId("regist-submit").click();
    await expect(page).toHaveURL(/\/kr\/sakura\/user\/confirm$/);

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const otherForm = await openForm(otherPage, locale);
    await fillForm(otherForm, { email, name: "먼저 등록" });
    await otherPage.getByTestId("regist-submit").click();
    await otherPage.getByTestId("register-submit").click();
    await expect(otherPage).toHaveURL(/\/kr\/sakura\/user\/completed$/);
    await other.close();

    await page.getByTestId("register-submit").click();
    await expect(page).toHaveURL(/\/kr\/sakura\/user\/regist$/);
    const back = page.getByTestId("regist-form");
    await expectFieldError(back, "email", msg(locale, "reason.email_taken"));
    await expect(back.locator('input[name="email"]')).toHaveValue(email);
  });

  test("required fields show the spec's messages (zh-TW), and the server says the same without JavaScript", async ({
    page,
    browser,
  }) => {
    const locale: LocaleCode = "zh-TW";
    const form = await openForm(page, locale);
    await page.getByTestId("regist-submit").click();
    await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.invalid_input"));
    await expectFieldError(form, "name", msg(locale, "reason.name_required"));
    await expectFieldError(form, "email", msg(locale, "reason.email_required"));
    await expectFieldError(form, "password", msg(locale, "reason.password_required"));
    await expectFieldError(form, "tel", msg(locale, "reason.tel_required"));
    await expectFieldError(form, "zip", msg(locale, "reason.zip_required"));
    await expectFieldError(form, "address_a", msg(locale, "reason.city_required"));
    await expect(form.locator('[data-field="birthdate"] [id$="-error"]')).toHaveText(
      msg(locale, "reason.birthdate_required"),
    );
    await expect(form.locator('input[name="name"]')).toBeFocused();
    await expectAccessible(page);

    // An address in Japan needs its prefecture; no country at all is refused too.
    await form.locator('select[name="country"]').selectOption("JP");
    await page.getByTestId("regist-submit").click();
    await expectFieldError(form, "pref_code", msg(locale, "reason.pref_required"));
    await form.locator('select[name="country"]').selectOption("");
    await page.getByTestId("regist-submit").click();
    await expectFieldError(form, "country", msg(locale, "reason.country_required"));

    const scriptless = await browser.newContext({ javaScriptEnabled: false });
    const plain = await scriptless.newPage();
    await plain.goto(url(locale, SITE, "/user/regist"));
    // Without JavaScript the company fields are there, marked as needed for corporations only.
    await expect(plain.locator('input[name="company"]')).toBeVisible();
    await expect(plain.getByText(msg(locale, "member.corporateOnly")).first()).toBeVisible();
    await plain.locator('input[name="user_type"][value="2"]').check();
    await plain.locator('input[name="email"]').fill("not-an-address");
    await plain.getByTestId("regist-submit").click();
    const plainForm = plain.getByTestId("regist-form");
    await expectFieldError(plainForm, "email", msg(locale, "reason.email_invalid"));
    await expectFieldError(plainForm, "company", msg(locale, "reason.company_required"));
    await expect(plainForm.locator('[data-field="birthdate"] [id$="-error"]')).toHaveText(
      msg(locale, "reason.birthdate_required"),
    );
    await expect(plainForm.locator('input[name="email"]')).toHaveValue("not-an-address");
    await scriptless.close();
  });

  test("the confirmation without a draft goes back to the input", async ({ page }) => {
    await page.goto(url("en", SITE, "/user/confirm"));
    await expect(page).toHaveURL(/\/en\/sakura\/user\/regist$/);
    await page.goto(url("en", SITE, "/user/register"));
    await expect(page).toHaveURL(/\/en\/sakura\/user\/regist$/);
  });
});

// Registration is checked by the server (decision 055), which alone has the phone rules.
test.describe("phone numbers", () => {
  test("a number the rules refuse is refused next to the field, keeping what was typed, and a good one passes (en)", async ({
    page,
  }) => {
    const locale: LocaleCode = "en";
    const form = await openForm(page, locale);
    const email = uniqueEmail("phone-check");
    await fillForm(form, { email, name: "Phone Check" });
    // A digit short of a Japanese mobile number: only the rules know.
    await form.locator('input[name="tel"]').fill("090-1234-567");
    await page.getByTestId("regist-submit").click();
    const answered = page.getByTestId("regist-form");
    await expectFieldError(answered, "tel", msg(locale, "reason.tel_invalid"));
    await expect(answered.locator('input[name="tel"]')).toBeFocused();
    await expect(answered.locator('input[name="email"]')).toHaveValue(email);
    await expect(answered.locator('input[name="tel"]')).toHaveValue("090-1234-567");
    await answered.locator('input[name="tel"]').fill("12");
    await page.getByTestId("regist-submit").click();
    await expectFieldError(answered, "tel", msg(locale, "reason.tel_invalid"));
    await answered.locator('input[name="tel"]').fill("+1 212 555 0123");
    await fillPasswords(answered);
    await page.getByTestId("regist-submit").click();
    await expect(page).toHaveURL(new RegExp(`${url(locale, SITE, "/user/confirm")}$`));
    await expect(page.getByTestId("confirm-tel")).toContainText("+1 212 555 0123");
  });
});

test.describe("zip lookup", () => {
  test("fills prefecture and city, offers a choice for a shared code, and ignores short codes (en)", async ({
    page,
  }) => {
    const locale: LocaleCode = "en";
    const form = await openForm(page, locale);
    await form.locator('select[name="country"]').selectOption("JP");
    const zip = form.locator('input[name="zip"]');
    const pref = form.locator('select[name="pref_code"]');
    const city = form.locator('input[name="address_a"]');

    // Under 7 digits nothing happens.
    await zip.fill("100000");
    await expect(page.getByTestId("address-status")).toHaveText("");
    await expect(pref).toHaveValue("");

    // Full-width digits and a hyphen are fine.
    await zip.fill("１００－０００１");
    await expect(pref).toHaveValue("13");
    await expect(city).toHaveValue("千代田区千代田");

    // One code, two towns: the member picks one.
    await zip.fill("910-4276");
    const choices = page.getByTestId("address-choices");
    await expect(page.getByTestId("address-status")).toHaveText(msg(locale, "address.choose"));
    await expect(choices.getByRole("button")).toHaveText(["福井県あわら市十三", "福井県あわら市城"]);
    await expectAccessible(page);
    await choices.getByRole("button", { name: "福井県あわら市城" }).click();
    await expect(pref).toHaveValue("18");
    await expect(city).toHaveValue("あわら市城");
    await expect(choices).toHaveCount(0);
    await expect(page.getByTestId("address-status")).toHaveText(
      msg(locale, "address.filled", { address: "福井県あわら市城" }),
    );

    // An unknown code says so and leaves the fields to the member.
    await zip.fill("0000000");
    await expect(page.getByTestId("address-status")).toHaveText(msg(locale, "address.notFound"));
    await expect(city).toHaveValue("あわら市城");

    // An address that goes on from the code's place (as autofill fills it, street and all) is kept.
    await city.fill("千代田区千代田1-1");
    await zip.fill("1000001");
    await expect(page.getByTestId("address-status")).toHaveText(
      msg(locale, "address.filled", { address: "東京都千代田区千代田" }),
    );
    await expect(pref).toHaveValue("13");
    await expect(city).toHaveValue("千代田区千代田1-1");
  });

  test("the search answers JSON, empty for bad input", async ({ request }) => {
    const ok = await request.get(`${url("ja", SITE, "/address-search")}?zip=1000001`);
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toEqual({
      results: [{ prefCode: 13, prefecture: "東京都", city: "千代田区", town: "千代田" }],
    });
    for (const zip of ["", "12", "abcdefg", "%00"]) {
      const res = await request.get(`${url("ja", SITE, "/address-search")}?zip=${zip}`);
      expect(res.status()).toBe(200);
      expect(await res.json()).toEqual({ results: [] });
    }
  });
});
