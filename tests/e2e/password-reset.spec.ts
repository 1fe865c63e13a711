import { DEMO, linkInLatestMail, loginAs, registerMember, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, test, url } from "./fixtures";
import { expectFieldError, LOCALES, msg, waitForHydration } from "./search-helpers";

const SITE = "sakura";
const NEW_PASSWORD = "reset-pass-2468";

for (const locale of LOCALES) {
  test.describe(`password reset (${locale})`, () => {
    test("a member resets the password from the mailed link, once; the old one no longer works", async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const email = await registerMember(page, locale, SITE, { email: uniqueEmail(`reset-${locale}`) });
      // A second browser is logged in: the reset ends that session too.
      const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const otherPage = await other.newPage();
      await loginAs(otherPage, locale, SITE, email);
      await page.context().clearCookies();

      await page.goto(url(locale, SITE, "/login"));
      await page.getByTestId("forgot-password").click();
      await expect(page).toHaveURL(new RegExp(`/${SITE}/password_request$`));
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "pwreset.request.title"));
      await expect(page.getByTestId("store-note")).toHaveText(msg(locale, "pwreset.request.storeNote"));
      await expectAccessible(page);
      const form = page.getByTestId("password-request-form");
      await waitForHydration(form);
      await page.getByTestId("password-request-submit").click();
      await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.invalid_input"));
      await form.locator('input[name="email"]').fill(email);
      await page.getByTestId("password-request-submit").click();
      await expect(page).toHaveURL(new RegExp(`/${SITE}/password_reset_mail_send$`));
      await expect(page.getByTestId("sent-lead")).toHaveText(msg(locale, "pwreset.sent.lead"));
      await expectAccessible(page);

      const link = await linkInLatestMail(page.request, SITE, email, "password_reset");
      const path = `${link.pathname}${link.search}`;
      await page.goto(path);
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "pwreset.reset.title"));
      await expectAccessible(page);
      const reset = page.getByTestId("password-reset-form");
      await waitForHydration(reset);
      await reset.locator('input[name="password"]').fill(NEW_PASSWORD);
      await reset.locator('input[name="password_confirm"]').fill("something-else-1");
      await page.getByTestId("password-reset-submit").click();
      await expectFieldError(reset, "password_confirm", msg(locale, "reason.password_mismatch"));
      await page.getByTestId("show-password").check();
      await expect(reset.locator('input[name="password"]')).toHaveAttribute("type", "text");
      await reset.locator('input[name="password"]').fill(NEW_PASSWORD);
      await reset.locator('input[name="password_confirm"]').fill(NEW_PASSWORD);
      await page.getByTestId("password-reset-submit").click();
      await expect(page).toHaveURL(new RegExp(`/${SITE}/login$`));
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "pwreset.flash.done"));

      // The link is used up.
      await page.goto(path);
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "pwreset.invalid.title"));
      await expect(page.getByTestId("reset-invalid")).toHaveText(msg(locale, "reason.reset_link_invalid"));
      await expectAccessible(page);
      await page.getByTestId("request-again").click();
      await expect(page).toHaveURL(new RegExp(`/${SITE}/password_request$`));

      // The other browser's session has ended.
      await otherPage.goto(url(locale, SITE, "/mypage"));
      await expect(otherPage).toHaveURL(new RegExp(`/${SITE}/login`));
      await other.close();

      await loginAs(page, locale, SITE, email, NEW_PASSWORD);
    });

    test("an unknown address gets the same answer and no mail", async ({ page }) => {
      await page.goto(url(locale, SITE, "/password_request"));
      const form = page.getByTestId("password-request-form");
      await waitForHydration(form);
      await form.locator('input[name="email"]').fill(uniqueEmail(`nobody-${locale}`));
      await page.getByTestId("password-request-submit").click();
      await expect(page).toHaveURL(new RegExp(`/${SITE}/password_reset_mail_send$`));
      await expect(page.getByTestId("sent-lead")).toHaveText(msg(locale, "pwreset.sent.lead"));
    });
  });
}

test("a made-up token shows the invalid-link message", async ({ page }) => {
  await page.goto(url("ja", SITE, `/password_reset?token=${"a".repeat(43)}`));
  await expect(page.getByTestId("reset-invalid")).toHaveText(msg("ja", "reason.reset_link_invalid"));
});

test("the store-registered member sets a first password through the mailed link, then logs in", async ({ page }) => {
  test.setTimeout(60_000);
  const { email } = DEMO.sakuraStoreMember;
  await page.goto(url("ja", SITE, "/login"));
  await page.getByTestId("set-first-password").click();
  const form = page.getByTestId("password-request-form");
  await waitForHydration(form);
  await form.locator('input[name="email"]').fill(email);
  await page.getByTestId("password-request-submit").click();
  await expect(page).toHaveURL(new RegExp(`/${SITE}/password_reset_mail_send$`));
  const link = await linkInLatestMail(page.request, SITE, email, "password_reset");
  await page.goto(`${link.pathname}${link.search}`);
  const reset = page.getByTestId("password-reset-form");
  await waitForHydration(reset);
  await reset.locator('input[name="password"]').fill(NEW_PASSWORD);
  await reset.locator('input[name="password_confirm"]').fill(NEW_PASSWORD);
  await page.getByTestId("password-reset-submit").click();
  await expect(page.getByTestId("flash")).toContainText(msg("ja", "pwreset.flash.done"));
  await loginAs(page, "ja", SITE, email, NEW_PASSWORD);
});
