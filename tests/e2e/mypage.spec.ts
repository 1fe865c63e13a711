import type { Page } from "@playwright/test";
import { formatYen } from "#common/format";
import { DEMO, DEMO_PASSWORD, loginAs } from "./account-helpers";
import { expect, expectAccessible, type LocaleCode, test, url } from "./fixtures";
import { LOCALES, msg } from "./search-helpers";

/** The demo reservations' option, as booked, in each language. */
const CHILD_SEAT: Record<LocaleCode, string> = {
  ja: "チャイルドシート",
  en: "Child seat",
  ko: "카시트",
  "zh-TW": "兒童安全座椅",
};

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
      test.slow(true, "a login, then the page audited by axe");
      await loginAs(page, locale, "sakura", DEMO.sakuraHanako.email);
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "mypage.title"));
      await expect(page.getByTestId("mypage-greeting")).toHaveText(msg(locale, "home.greeting", { name: "山田 花子" }));
      // Her rental in progress comes first.
      await expect(page.getByTestId("reservation-status").first()).toHaveAttribute("data-status", "in_progress");
      for (const section of ["reserves", "drivers", "card", "profile", "password", "withdrawal"]) {
        await expect(page.getByTestId(`home-mypage-nav-${section}`)).toBeVisible();
      }
      await expect(page.getByTestId("mypage-book")).toHaveAttribute("href", url(locale, "sakura", "/reserve"));
      await expectAccessible(page);
    });

    test("the reservation list shows each reservation with its status, fees and payment, and the detail shows everything", async ({
      page,
    }) => {
      test.slow(true, "two pages, each audited by axe");
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
      await expect(first.getByTestId("reservation-total")).toHaveText(formatYen(29150, locale));
      await expect(first).toContainText(msg(locale, "reserves.pay.2"));
      await expectAccessible(page);

      await first.getByTestId("reservation-detail-link").click();
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "reserves.detailTitle"));
      await expect(page.getByTestId("reservation-renter")).toContainText("山田 花子");
      await expect(page.getByTestId("reservation-renter")).toContainText("hanako@example.com");
      await expect(page.getByTestId("reservation-driver")).toContainText("山田 花子");
      await expect(page.getByTestId("reservation-detail")).toContainText(msg(locale, "reserves.destination"));
      await expect(page.getByTestId("reservation-options")).toContainText(CHILD_SEAT[locale]);
      await expect(page.getByTestId("reservation-detail")).toContainText(msg(locale, "reserves.timeNote"));
      await expect(page.getByTestId("call-store")).toHaveAttribute("href", /^tel:/);
      await expectAccessible(page);
    });

    test("a visitor asking for the reservation list logs in and comes back to it", async ({ page }) => {
      const list = url(locale, "sakura", "/mypage/reserves");
      await page.goto(list);
      await expect(page).toHaveURL(`${url(locale, "sakura", "/login")}?redirect=${encodeURIComponent(list)}`);
      const form = page.getByTestId("login-form");
      await form.locator('input[name="email"]').fill(DEMO.sakuraHanako.email);
      await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await page.getByTestId("login-submit").click();
      await expect(page).toHaveURL(new RegExp(`${list}$`));
      await expect(page.getByTestId("reservation-card")).toHaveCount(4);
    });
  });
}

// Tenancy is the server's, the same in every language: checked in Japanese, then each language's message.
test("another member's or another site's reservation is not found and leads back to the list", async ({ page }) => {
  const locale: LocaleCode = "ja";
  test.slow(true, "three members log in, one after the other");
  await loginAs(page, locale, "sakura", DEMO.sakuraCorp.email);
  await page.goto(url(locale, "sakura", "/mypage/reserves"));
  const [corpId] = await reservationIds(page);
  expect(corpId).toMatch(/^\d+$/);
  const corpReserveNo = (await page.getByTestId("reserve-no").first().textContent()) ?? "";
  expect(corpReserveNo).not.toBe("");
  await page.getByTestId("logout").click();
  // Logged out once the header offers the login link again (the next goto must not cut the logout short).
  await expect(page.getByTestId("nav-login")).toBeVisible();

  // kaede speaks Japanese and English only; its ids are the same kind of number.
  await loginAs(page, "ja", "kaede", DEMO.kaedeHanako.email);
  await page.goto(url("ja", "kaede", "/mypage/reserves"));
  const [kaedeId] = await reservationIds(page);
  expect(kaedeId).toMatch(/^\d+$/);

  await loginAs(page, locale, "sakura", DEMO.sakuraHanako.email);
  const list = url(locale, "sakura", "/mypage/reserves");
  for (const id of [corpId, kaedeId, "999999", "abc"]) {
    const response = await page.request.get(`${list}/${id}`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(list);
    // Neither the page nor its data request answers anything of the reservation.
    const data = await page.request.get(`${list}/${id}.data`, { maxRedirects: 0 });
    expect(data.status()).not.toBe(200);
    for (const body of [await response.text(), await data.text()]) {
      expect(body).not.toContain("株式会社サンプル商事");
      expect(body).not.toContain(corpReserveNo);
    }
    await page.goto(`${list}/${id}`);
    await expect(page).toHaveURL(new RegExp(`${list}$`));
    await expect(page.getByTestId("flash")).toHaveText(new RegExp(msg(locale, "reserves.notFound")));
  }
  await expectAccessible(page);
  for (const other of LOCALES.filter((l) => l !== locale)) {
    await page.goto(`${url(other, "sakura", "/mypage/reserves")}/${corpId}`);
    await expect(page.getByTestId("flash")).toHaveText(new RegExp(msg(other, "reserves.notFound")));
  }
});
