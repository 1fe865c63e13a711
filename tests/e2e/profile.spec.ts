import type { Locator, Page } from "@playwright/test";
import { loginAs, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, type LocaleCode, test, url } from "./fixtures";
import { LOCALES, msg, waitForHydration } from "./search-helpers";

const SITE = "sakura";
const PASSWORD = "profile-pass-42";

/** The message shown for a field (by its name), tied to it by aria-describedby. */
async function expectFieldError(form: Locator, name: string, text: string) {
  const field = form.locator(`[name="${name}"]:not([type="hidden"])`).first();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const id = await field.getAttribute("id");
  await expect(field).toHaveAttribute("aria-describedby", new RegExp(`${id}-error`));
  await expect(form.locator(`[id="${id}-error"]`)).toHaveText(text);
}

/** A fresh member of our own, registered through the pages (and so signed in). */
async function registerMember(page: Page, locale: LocaleCode, name: string) {
  const email = uniqueEmail(`profile-${locale}`);
  await page.goto(url(locale, SITE, "/user/regist"));
  const form = page.getByTestId("regist-form");
  await waitForHydration(form);
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="kana"]').fill("プロフィール");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('input[name="password_confirm"]').fill(PASSWORD);
  await form.locator('select[name="birth_month"]').selectOption("1");
  await form.locator('select[name="birth_day"]').selectOption("2");
  await form.locator('input[name="tel"]').fill("0980000000");
  // A Japanese address: the form starts on the visitor's likely country (issue 40).
  await form.locator('select[name="country"]').selectOption("JP");
  await form.locator('input[name="zip"]').fill("9010142");
  await expect(form.locator('select[name="pref_code"]')).toHaveValue("47");
  await page.getByTestId("regist-submit").click();
  await page.getByTestId("register-submit").click();
  await expect(page).toHaveURL(new RegExp(`${url(locale, SITE, "/user/completed")}$`));
  return email;
}

async function sessionId(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === `sid_${SITE}`)?.value;
}

for (const locale of LOCALES) {
  test.describe(`My Page profile and password (${locale})`, () => {
    test("the profile is edited; a new e-mail needs the current password", async ({ page }) => {
      test.setTimeout(60_000);
      const email = await registerMember(page, locale, "変更前 名前");
      await page.goto(url(locale, SITE, "/mypage/user/update"));
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "member.update.title"));
      const form = page.getByTestId("profile-form");
      await waitForHydration(form);
      // Prefilled with the saved profile.
      await expect(form.locator('input[name="name"]')).toHaveValue("変更前 名前");
      await expect(form.locator('input[name="email"]')).toHaveValue(email);
      await expect(form.locator('select[name="pref_code"]')).toHaveValue("47");
      await expect(form.locator('select[name="birth_month"]')).toHaveValue("1");
      await expect(form.getByText(msg(locale, "member.update.currentPasswordHint"))).toBeVisible();
      await expectAccessible(page);

      await form.locator('input[name="name"]').fill("変更後 名前");
      await form.locator('input[name="user_type"][value="2"]').check();
      await form.locator('input[name="company"]').fill("株式会社プロフィール");
      await form.locator('input[name="company_kana"]').fill("カブシキガイシャプロフィール");
      await page.getByTestId("profile-submit").click();
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "member.flash.updated"));
      await expect(page.getByTestId("mypage-member")).toContainText("株式会社プロフィール");
      await expect(page.getByTestId("mypage-member")).toContainText("変更後 名前");
      await expect(page.getByTestId("profile-form").locator('input[name="name"]')).toHaveValue("変更後 名前");

      // A new address without the current password is refused, then with a wrong one.
      const next = uniqueEmail(`profile-next-${locale}`);
      const edit = page.getByTestId("profile-form");
      await edit.locator('input[name="email"]').fill(next);
      await page.getByTestId("profile-submit").click();
      await expectFieldError(edit, "current_password", msg(locale, "reason.password_required"));
      await expect(edit.locator('input[name="email"]')).toHaveValue(next);
      await expectAccessible(page);
      await edit.locator('input[name="current_password"]').fill("not-my-password");
      await page.getByTestId("profile-submit").click();
      await expectFieldError(edit, "current_password", msg(locale, "reason.current_password_incorrect"));
      await edit.locator('input[name="current_password"]').fill(PASSWORD);
      await page.getByTestId("profile-submit").click();
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "member.flash.updated"));
      await expect(page.getByTestId("profile-form").locator('input[name="email"]')).toHaveValue(next);

      // The new address is the login now.
      await page.getByTestId("logout").click();
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "logout.flash"));
      await loginAs(page, locale, SITE, next, PASSWORD);
      await expect(page.getByTestId("mypage-member")).toContainText("変更後 名前");
    });

    test("the password is changed: wrong current refused, then the session rotates and the new one logs in", async ({
      page,
      browser,
    }) => {
      test.setTimeout(60_000);
      const email = await registerMember(page, locale, "パスワード 変更");
      // The same member on another device, which the change signs out.
      const other = await browser.newContext();
      const otherPage = await other.newPage();
      await loginAs(otherPage, locale, SITE, email, PASSWORD);

      await page.goto(url(locale, SITE, "/mypage/password-update"));
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "member.password.title"));
      const form = page.getByTestId("password-form");
      await waitForHydration(form);
      await expectAccessible(page);

      const newPassword = "changed-pass-77";
      await form.locator('input[name="current_password"]').fill("not-my-password");
      await form.locator('input[name="password"]').fill(newPassword);
      await form.locator('input[name="password_confirm"]').fill(newPassword);
      await page.getByTestId("password-submit").click();
      await expectFieldError(form, "current_password", msg(locale, "reason.current_password_incorrect"));
      await expect(form.locator('input[name="password"]')).toHaveValue("");
      await expectAccessible(page);

      // The confirmation must match (checked in the browser), and the toggle shows what was typed.
      await form.locator('input[name="current_password"]').fill(PASSWORD);
      await form.locator('input[name="password"]').fill(newPassword);
      await form.locator('input[name="password_confirm"]').fill("something-else");
      await page.getByTestId("password-submit").click();
      await expectFieldError(form, "password_confirm", msg(locale, "reason.password_mismatch"));
      await page.getByTestId("show-password").check();
      await expect(form.locator('input[name="password"]')).toHaveAttribute("type", "text");
      await form.locator('input[name="password_confirm"]').fill(newPassword);

      const before = await sessionId(page);
      await page.getByTestId("password-submit").click();
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "member.flash.passwordChanged"));
      const after = await sessionId(page);
      expect(after).toBeTruthy();
      expect(after).not.toBe(before);

      // The other device's session has ended.
      await otherPage.goto(url(locale, SITE, "/mypage"));
      await expect(otherPage).toHaveURL(/\/login\?redirect=/);
      await other.close();

      await page.getByTestId("logout").click();
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "logout.flash"));
      await loginAs(page, locale, SITE, email, newPassword);
      await expect(page.getByTestId("mypage-member")).toContainText("パスワード 変更");
    });
  });
}
