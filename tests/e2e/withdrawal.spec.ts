import { DEMO, DEMO_PASSWORD, loginAs, registerMember } from "./account-helpers";
import { expect, expectAccessible, test, url } from "./fixtures";
import { LOCALES, msg } from "./search-helpers";

// Demo members are only ever refused here: a withdrawal would close an account other tests use.
for (const locale of LOCALES) {
  test.describe(`Withdrawal (${locale})`, () => {
    test("is refused while renting and while a reservation is coming, without offering the button", async ({
      page,
    }) => {
      test.slow(true, "two members log in, one after the other");
      await loginAs(page, locale, "sakura", DEMO.sakuraHanako.email);
      await page.getByTestId("mypage-nav-withdrawal").click();
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "withdrawal.title"));
      await expect(page.getByTestId("withdrawal-refused")).toContainText(msg(locale, "reason.withdrawal_renting"));
      await expect(page.getByTestId("withdrawal-form")).toHaveCount(0);
      await expect(page.getByTestId("withdrawal-submit")).toHaveCount(0);
      await expectAccessible(page);
      await page.getByTestId("logout").click();
      // Logged out before the next login: a login page opened while still signed in goes to /reserve.
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "logout.flash"));

      await loginAs(page, locale, "sakura", DEMO.sakuraCorp.email);
      await page.goto(url(locale, "sakura", "/mypage/user/withdrawal"));
      await expect(page.getByTestId("withdrawal-refused")).toContainText(msg(locale, "reason.withdrawal_reserved"));
      await expect(page.getByTestId("withdrawal-submit")).toHaveCount(0);
      await page.getByTestId("withdrawal-refused").getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`${url(locale, "sakura", "/mypage/reserves")}$`));
    });

    test("a member without reservations withdraws, is logged out, and cannot log in again", async ({ page }) => {
      test.slow(true, "registration, withdrawal and a refused login each hash or check a password");
      const email = await registerMember(page, locale, "sakura");
      await page.goto(url(locale, "sakura", "/mypage/reserves"));
      await expect(page.getByTestId("reservations-empty")).toContainText(msg(locale, "reserves.empty"));
      await expectAccessible(page);

      await page.goto(url(locale, "sakura", "/mypage/user/withdrawal"));
      await expect(page.getByTestId("withdrawal-refused")).toHaveCount(0);
      await expectAccessible(page);
      // Without the CSRF token the request is refused and the account stays open.
      const forged = await page.request.post(url(locale, "sakura", "/mypage/user/withdrawal"), {
        form: { confirm: "1" },
        maxRedirects: 0,
      });
      expect(forged.status()).toBe(403);
      await page.reload();
      await expect(page.getByTestId("withdrawal-form")).toBeVisible();

      await page.getByTestId("withdrawal-form").locator('input[name="confirm"]').check();
      await page.getByTestId("withdrawal-submit").click();
      await expect(page).toHaveURL(new RegExp(`${url(locale, "sakura", "/mypage/user/withdrawal_end")}$`));
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "withdrawal.endTitle"));
      await expect(page.getByTestId("nav-login")).toHaveCount(1);
      await expectAccessible(page);

      // Logged out: My Page asks for a login again, and the old address and password no longer open it.
      await page.goto(url(locale, "sakura", "/mypage"));
      await expect(page).toHaveURL(new RegExp(`${url(locale, "sakura", "/login")}\\?redirect=`));
      const form = page.getByTestId("login-form");
      await form.locator('input[name="email"]').fill(email);
      await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await page.getByTestId("login-submit").click();
      await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.login_failed"));
    });
  });
}

test("the address of a closed account can register again on the same site", async ({ page }) => {
  test.slow(true, "two registrations and a withdrawal");
  const email = await registerMember(page, "ja", "sakura");
  await page.goto(url("ja", "sakura", "/mypage/user/withdrawal"));
  await page.getByTestId("withdrawal-form").locator('input[name="confirm"]').check();
  await page.getByTestId("withdrawal-submit").click();
  await expect(page).toHaveURL(/\/sakura\/mypage\/user\/withdrawal_end$/);

  await registerMember(page, "ja", "sakura", { email, name: "再登録 花子" });
  await page.goto(url("ja", "sakura", "/mypage"));
  await expect(page.getByTestId("mypage-greeting")).toHaveText(msg("ja", "home.greeting", { name: "再登録 花子" }));
});
