import type { Page } from "@playwright/test";
import { DEMO, loginAs, registerMember } from "./account-helpers";
import { expect, expectAccessible, test, url } from "./fixtures";
import { LOCALES, msg } from "./search-helpers";

/** The ids of the reservations on the member's list, from their detail links. */
async function reservationIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByTestId("reservation-detail-link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((h) => h.split("/").pop() ?? "");
}

for (const locale of LOCALES) {
  test.describe(`My Page (${locale})`, () => {
    test("the home shows the next reservation and every section", async ({ page }) => {
      await loginAs(page, locale, "sakura", DEMO.sakuraHanako.email);
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "mypage.title"));
      await expect(page.getByTestId("mypage-greeting")).toHaveText(msg(locale, "home.greeting", { name: "山田 花子" }));
      // Her rental in progress comes first.
      await expect(page.getByTestId("reservation-status").first()).toHaveAttribute("data-status", "in_progress");
      for (const section of ["reserves", "drivers", "card", "profile", "password", "withdrawal"]) {
        await expect(page.getByTestId(`home-mypage-nav-${section}`)).toBeVisible();
      }
      await expectAccessible(page);
    });

    test("the reservation list shows each reservation with its status, fees and payment, and the detail shows everything", async ({
      page,
    }) => {
      await loginAs(page, locale, "sakura", DEMO.sakuraHanako.email);
      await expect(page.getByTestId("flash")).toHaveText(new RegExp(msg(locale, "login.flash.welcome")));
      await page.getByTestId("mypage-nav-reserves").click();
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "reserves.title"));
      // The login's message belonged to the page it led to.
      await expect(page.getByTestId("flash")).toHaveCount(0);
      const statuses = page.getByTestId("reservation-status");
      await expect(statuses).toHaveCount(4);
      expect(await statuses.evaluateAll((els) => els.map((e) => e.getAttribute("data-status")))).toEqual([
        "in_progress",
        "upcoming",
        "cancelled",
        "returned",
      ]);
      await expect(page.getByTestId("reservations-past").getByTestId("reservation-status").first()).toHaveText(
        msg(locale, "reserves.status.cancelled"),
      );
      const first = page.getByTestId("reservation-card").first();
      await expect(first).toContainText(msg(locale, "reserves.total"));
      await expect(first.getByTestId("reservation-total")).toHaveText(
        msg(locale, "price.amount", { amount: "29,150" }),
      );
      await expect(first).toContainText(msg(locale, "reserves.pay.2"));
      await expectAccessible(page);

      await first.getByTestId("reservation-detail-link").click();
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "reserves.detailTitle"));
      await expect(page.getByTestId("reservation-renter")).toContainText("山田 花子");
      await expect(page.getByTestId("reservation-renter")).toContainText("hanako@example.com");
      await expect(page.getByTestId("reservation-driver")).toContainText("山田 花子");
      await expect(page.getByTestId("reservation-detail")).toContainText(msg(locale, "reserves.destination"));
      await expect(page.getByTestId("call-store")).toHaveAttribute("href", /^tel:/);
      await expectAccessible(page);
    });

    test("another member's or another site's reservation is not found and leads back to the list", async ({ page }) => {
      await loginAs(page, locale, "sakura", DEMO.sakuraCorp.email);
      await page.goto(url(locale, "sakura", "/mypage/reserves"));
      const [corpId] = await reservationIds(page);
      expect(corpId).toMatch(/^\d+$/);
      await page.getByTestId("logout").click();

      await loginAs(page, locale, "sakura", DEMO.sakuraHanako.email);
      for (const id of [corpId, "999999", "abc"]) {
        const response = await page.request.get(url(locale, "sakura", `/mypage/reserves/${id}`), { maxRedirects: 0 });
        expect(response.status()).toBe(302);
        expect(await response.text()).not.toContain("株式会社サンプル商事");
        await page.goto(url(locale, "sakura", `/mypage/reserves/${id}`));
        await expect(page).toHaveURL(new RegExp(`${url(locale, "sakura", "/mypage/reserves")}$`));
        await expect(page.getByTestId("flash")).toHaveText(new RegExp(msg(locale, "reserves.notFound")));
      }
    });

    test("withdrawal is refused while renting and while a reservation is coming", async ({ page }) => {
      await loginAs(page, locale, "sakura", DEMO.sakuraHanako.email);
      await page.goto(url(locale, "sakura", "/mypage/user/withdrawal"));
      await expect(page.getByTestId("withdrawal-refused")).toContainText(msg(locale, "reason.withdrawal_renting"));
      await expect(page.getByTestId("withdrawal-submit")).toHaveCount(0);
      await expectAccessible(page);
      await page.getByTestId("logout").click();

      await loginAs(page, locale, "sakura", DEMO.sakuraCorp.email);
      await page.goto(url(locale, "sakura", "/mypage/user/withdrawal"));
      await expect(page.getByTestId("withdrawal-refused")).toContainText(msg(locale, "reason.withdrawal_reserved"));
    });

    test("a member without reservations withdraws, is logged out, and cannot log in again", async ({ page }) => {
      const email = await registerMember(page, locale, "sakura");
      await page.goto(url(locale, "sakura", "/mypage/reserves"));
      await expect(page.getByTestId("reservations-empty")).toContainText(msg(locale, "reserves.empty"));
      await page.goto(url(locale, "sakura", "/mypage/user/withdrawal"));
      await expectAccessible(page);
      await page.getByTestId("withdrawal-form").locator('input[name="confirm"]').check();
      await page.getByTestId("withdrawal-submit").click();
      await expect(page).toHaveURL(new RegExp(`${url(locale, "sakura", "/mypage/user/withdrawal_end")}$`));
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "withdrawal.endTitle"));
      await expect(page.getByTestId("nav-login")).toHaveCount(1);
      await expectAccessible(page);

      await page.goto(url(locale, "sakura", "/login"));
      const form = page.getByTestId("login-form");
      await form.locator('input[name="email"]').fill(email);
      await form.locator('input[name="password"]').fill("rentacar-demo");
      await page.getByTestId("login-submit").click();
      await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.login_failed"));
    });
  });
}

test("a kaede reservation id is not found on sakura", async ({ page }) => {
  await loginAs(page, "ja", "kaede", DEMO.kaedeHanako.email);
  await page.goto(url("ja", "kaede", "/mypage/reserves"));
  const [kaedeId] = await reservationIds(page);
  await loginAs(page, "ja", "sakura", DEMO.sakuraHanako.email);
  await page.goto(url("ja", "sakura", `/mypage/reserves/${kaedeId}`));
  await expect(page).toHaveURL(/\/sakura\/mypage\/reserves$/);
  await expect(page.getByTestId("flash")).toHaveText(new RegExp(msg("ja", "reserves.notFound")));
});

test("a visitor asking for the reservation list logs in and comes back to it", async ({ page }) => {
  await page.goto(url("en", "sakura", "/mypage/reserves"));
  await expect(page).toHaveURL(/\/en\/sakura\/login\?redirect=%2Fen%2Fsakura%2Fmypage%2Freserves$/);
  const form = page.getByTestId("login-form");
  await form.locator('input[name="email"]').fill(DEMO.sakuraHanako.email);
  await form.locator('input[name="password"]').fill("rentacar-demo");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/en\/sakura\/mypage\/reserves$/);
  await expect(page.getByTestId("reservation-card")).toHaveCount(4);
});
