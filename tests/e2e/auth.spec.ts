import type { Page } from "@playwright/test";
import { LOGIN_RULE } from "#server/auth/throttle";
import { DEMO, DEMO_PASSWORD, loginAs, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, type LocaleCode, test, url } from "./fixtures";
import { LOCALES, msg, waitForHydration } from "./search-helpers";

const SESSION_COOKIE = "sid_sakura";

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
}

/** Where the server's session cookie lives: the host, every path. */
const cookieScope = (page: Page) => ({ domain: new URL(page.url()).hostname, path: "/" });

async function submitLogin(page: Page, email: string, password: string) {
  const form = page.getByTestId("login-form");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await page.getByTestId("login-submit").click();
}

for (const locale of LOCALES) {
  test.describe(`login and logout (${locale})`, () => {
    test("a member logs in from the header, sees My Page, and logs out", async ({ page }) => {
      await page.goto(url(locale, "sakura", "/store"));
      await page.getByTestId("nav-login").click();
      await expect(page).toHaveURL(new RegExp(`${url(locale, "sakura", "/login")}$`));
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "login.title"));
      await expectAccessible(page);

      // A session cookie that names nothing is replaced by a new id at login.
      await page.context().addCookies([{ name: SESSION_COOKIE, value: "x".repeat(43), ...cookieScope(page) }]);
      await submitLogin(page, DEMO.sakuraHanako.email, DEMO_PASSWORD);
      await expect(page).toHaveURL(new RegExp(`${url(locale, "sakura", "/mypage")}$`));
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "login.flash.welcome"));
      await expect(page.getByTestId("mypage-member")).toContainText("山田 花子");
      await expect(page.getByTestId("nav-mypage")).toHaveCount(1);
      await expect(page.getByTestId("nav-login")).toHaveCount(0);

      const cookie = await sessionCookie(page);
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie?.value).not.toBe("x".repeat(43));
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe("Lax");
      // Plain http on loopback (the tests' server) is the one place without Secure.
      expect(cookie?.secure).toBe(false);

      // Signed in, the login page sends the member on to the search page (spec §4).
      await page.goto(url(locale, "sakura", "/login"));
      await expect(page).toHaveURL(new RegExp(`${url(locale, "sakura", "/reserve")}$`));

      await page.goto(url(locale, "sakura", "/mypage"));
      const before = cookie?.value;
      await page.getByTestId("logout").click();
      await expect(page).toHaveURL(new RegExp(`${url(locale, "sakura")}$`));
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "logout.flash"));
      expect(await sessionCookie(page)).toBeUndefined();

      // The old id is dead on the server too: sending it again opens nothing.
      await page.context().addCookies([{ name: SESSION_COOKIE, value: before ?? "", ...cookieScope(page) }]);
      await page.goto(url(locale, "sakura", "/mypage"));
      await expect(page).toHaveURL(/\/login\?redirect=/);
    });

    test("My Page sends a visitor to log in and back to the page asked for", async ({ page }) => {
      const target = url(locale, "sakura", "/mypage");
      await page.goto(target);
      await expect(page).toHaveURL(`${url(locale, "sakura", "/login")}?redirect=${encodeURIComponent(target)}`);
      await submitLogin(page, DEMO.sakuraCorp.email, DEMO_PASSWORD);
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expect(page.getByTestId("mypage-member")).toContainText("株式会社サンプル商事");
    });

    test("a wrong password is refused with the spec's message and keeps the e-mail", async ({ page }) => {
      await page.goto(url(locale, "sakura", "/login"));
      await submitLogin(page, DEMO.sakuraHanako.email, "not-the-password");
      await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.login_failed"));
      await expect(page.getByTestId("login-form").locator('input[name="email"]')).toHaveValue(DEMO.sakuraHanako.email);
      await expect(page.getByTestId("login-form").locator('input[name="password"]')).toHaveValue("");
      await expectAccessible(page);
    });

    test("an empty form shows each field's message before sending", async ({ page }) => {
      await page.goto(url(locale, "sakura", "/login"));
      const form = page.getByTestId("login-form");
      // The messages come from the page's script: a click before hydration would post the form instead.
      await waitForHydration(form);
      await page.getByTestId("login-submit").click();
      await expect(form.locator('[data-field="email"]')).toContainText(msg(locale, "reason.email_required"));
      await expect(form.locator('[data-field="password"]')).toContainText(msg(locale, "reason.password_required"));
      await form.locator('input[name="email"]').fill("not-an-address");
      await expect(form.locator('[data-field="email"]')).toContainText(msg(locale, "reason.email_invalid"));
    });
  });
}

// The throttle counts failures for an account from one address whatever the language (decision 047):
// that many once, then its answer in each. The account itself is only slowed, never refused.
test("after its failures for one account within the hour, an address is answered 429, said in every language", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("throttle");
  await page.goto(url("ja", "sakura", "/login"));
  const token = (await page.context().cookies()).find((c) => c.name === "csrf")?.value ?? "";
  // Each failure costs a password hash on the server: sent back to back, not through the form.
  for (let i = 0; i < LOGIN_RULE.pair; i++) {
    const response = await page.request.post(url("ja", "sakura", "/login"), {
      form: { _csrf: token, email, password: `wrong-${i}` },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(422);
  }
  for (const locale of LOCALES) {
    await page.goto(url(locale, "sakura", "/login"));
    await submitLogin(page, email, "wrong-again");
    await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.too_many_attempts"));
    const last = await page.request.post(url(locale, "sakura", "/login"), {
      form: { _csrf: token, email, password: "whatever" },
      maxRedirects: 0,
    });
    expect(last.status()).toBe(429);
  }
  // Another account from the same browser is not affected.
  await page.goto(url("en", "sakura", "/login"));
  await submitLogin(page, DEMO.sakuraCorp.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${url("en", "sakura", "/mypage")}$`));
});

test("a login on one site does not open another site's My Page", async ({ page }) => {
  await loginAs(page, "ja", "sakura", DEMO.sakuraHanako.email);
  await page.goto(url("ja", "kaede", "/mypage"));
  await expect(page).toHaveURL(/\/kaede\/login\?redirect=/);
  // The same address is a separate member of kaede, with its own session cookie.
  await loginAs(page, "ja", "kaede", DEMO.kaedeHanako.email);
  const names = (await page.context().cookies()).map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining(["sid_sakura", "sid_kaede"]));
});

test("a login POST without the CSRF token or from another site is refused with 403", async ({ page }) => {
  await page.goto(url("en", "sakura", "/login"));
  const token = (await page.context().cookies()).find((c) => c.name === "csrf")?.value ?? "";
  const form = { email: DEMO.sakuraHanako.email, password: DEMO_PASSWORD };
  const missing = await page.request.post(url("en", "sakura", "/login"), { form, maxRedirects: 0 });
  expect(missing.status()).toBe(403);
  const foreign = await page.request.post(url("en", "sakura", "/login"), {
    form: { ...form, _csrf: token },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
  expect(await sessionCookie(page)).toBeUndefined();
  const logout = await page.request.post(url("en", "sakura", "/logout"), { form: {}, maxRedirects: 0 });
  expect(logout.status()).toBe(403);
});

test("the login page of a members-only site offers registration", async ({ page }) => {
  const locale: LocaleCode = "en";
  await page.goto(url(locale, "kaede", "/login"));
  await expect(page.getByTestId("register-link")).toHaveAttribute("href", url(locale, "kaede", "/user/regist"));
  await expect(page.getByTestId("forgot-password")).toHaveAttribute("href", url(locale, "kaede", "/password_request"));
  await expectAccessible(page);
});
