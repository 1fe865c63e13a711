import { linkInLatestMail, loginAs, uniqueEmail } from "./account-helpers";
import { adminLogin, field, STAFF } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./search-helpers";

/**
 * Issue 24's members, in Japanese: store staff register a walk-in customer (no password), find them
 * by their reading typed in hiragana, open their page; the first-password mail arrives in the chosen
 * language and its link lets the customer set a password and log in to My Page. The list in English
 * on a phone, with axe.
 */

const FIRST_PASSWORD = "walk-in-2468";

test("store staff register a member at the counter; the mailed link sets their first password and they log in to My Page", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("walk-in");
  await adminLogin(page, STAFF.sakuraStoreStaff, "ja");
  await page.getByTestId("nav-members").click();
  await expect(page.getByTestId("page-title")).toHaveText("会員");
  await expect(page.getByTestId("new-member")).toHaveAttribute("href", "/admin/sakura/members/new");
  // Opened as a document, so the Nu Html Checker reads the form as the server sends it.
  await page.goto("/admin/sakura/members/new");
  await expect(page.getByTestId("page-title")).toHaveText("店頭で会員登録");

  const form = page.getByTestId("member-form");
  const input = (name: string) => form.locator(`[name="${name}"]`);
  // Typed before hydration, a field can lose its value: the page is interactive first.
  await waitForHydration(form);
  await input("name").fill("来店 和子");
  await input("kana").fill("ライテン カズコ");
  await input("birth_month").selectOption("6");
  await input("birth_day").selectOption("21");
  await input("email").fill(email);
  await input("tel").fill("080-2468-1357");
  await input("zip").fill("9070004");
  await input("pref_code").selectOption("47");
  await input("address_a").fill("石垣市登野城1-1");
  await expect(input("locale")).toHaveValue("ja");
  await expectAccessible(page);
  await page.getByTestId("member-register").click();

  await expect(page.getByTestId("flash")).toContainText(`${email} に初回パスワード設定のメールを送りました`);
  await expect(page.getByTestId("page-title")).toHaveText("会員 来店 和子");
  await expect(page.getByTestId("member-status")).toHaveAttribute("data-status", "awaiting_password");
  await expect(page.getByTestId("member-address")).toHaveText("〒907-0004 沖縄県石垣市登野城1-1");
  await expect(page.getByTestId("member-bookings-table-empty")).toBeVisible();

  // Found again by the reading typed in hiragana, with the phone as dialled.
  await page.getByTestId("back-link").click();
  await field(page, "q").fill("らいてん かずこ");
  await page.getByTestId("member-search").click();
  await expect(page.getByTestId("member-count")).toHaveText("1件");
  const row = page.getByTestId("row");
  await expect(row).toContainText(email);
  await expect(row).toContainText("080-2468-1357");
  await row.getByTestId("member-link").click();
  await expect(page.getByTestId("page-title")).toHaveText("会員 来店 和子");

  // The customer's mail, in Japanese: its link sets the first password, then My Page opens.
  const customer = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const customerPage = await customer.newPage();
  const link = await linkInLatestMail(customerPage.request, "sakura", email, "password_reset");
  expect(link.pathname).toBe("/sakura/password_reset");
  await customerPage.goto(`${link.pathname}${link.search}`);
  const reset = customerPage.getByTestId("password-reset-form");
  await waitForHydration(reset);
  await reset.locator('input[name="password"]').fill(FIRST_PASSWORD);
  await reset.locator('input[name="password_confirm"]').fill(FIRST_PASSWORD);
  await customerPage.getByTestId("password-reset-submit").click();
  await expect(customerPage).toHaveURL(/\/sakura\/login$/);
  await loginAs(customerPage, "ja", "sakura", email, FIRST_PASSWORD);
  await customer.close();

  await page.reload();
  await expect(page.getByTestId("member-status")).toHaveAttribute("data-status", "active");
});

test("the members in English on a phone: the list as cards, a member and the form fit the screen; the list is accessible", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await adminLogin(page, STAFF.sakuraOwner, "en");
  await page.goto("/admin/sakura/members?q=example.com");
  await expect(page.getByTestId("page-title")).toHaveText("Members");
  await expect(page.getByTestId("row").first()).toBeVisible();
  const fits = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await fits();
  await expectAccessible(page);
  await page.getByTestId("member-link").first().click();
  await expect(page.getByTestId("member-profile")).toBeVisible();
  await fits();
  await page.goto("/admin/sakura/members/new");
  await fits();
  await page.goto("/admin/sakura/members?q=nobody-by-this-name");
  await expect(page.getByTestId("members-no-match")).toContainText("No member matches “nobody-by-this-name”");
});
