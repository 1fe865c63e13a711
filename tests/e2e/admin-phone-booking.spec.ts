import type { Page } from "@playwright/test";
import { mailsTo } from "./account-helpers";
import { adminLogin, field, STAFF } from "./admin-helpers";
import { addDays, today } from "./dates";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 37, item 6, in Japanese: sakura's store staff take a booking on the phone with a child seat
 * and a pocket Wi-Fi. The total follows each choice (the live quote, by the public site's prices:
 * sakura lends its child seats free, the Wi-Fi costs by the day); without JavaScript "recalculate"
 * shows the same total. The booking's page and the store's mail say it was taken by phone, and by whom.
 */

const STORE_MAIL = "naha-airport@sakura-rentacar.example";
const STAFF_NAME = "デモ 店舗スタッフ";

/** A departure day no other spec books at the airport store (each test its own). */
const day = (ahead: number) => addDays(today(), ahead);

const yen = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

async function fillCarAndPeriod(page: Page, start: string) {
  await field(page, "car_type_id").selectOption({ label: "コンパクト 禁煙車（コンパクトカー）" });
  await field(page, "start_date").fill(start);
  await field(page, "start_time").fill("10:00");
  await field(page, "end_date").fill(addDays(start, 1));
  await field(page, "end_time").fill("10:00");
}

const childSeat = (page: Page) => page.getByRole("combobox", { name: /チャイルドシート/ });
const wifi = (page: Page) => page.getByRole("combobox", { name: /ポケットWi-Fi/ });

test("staff take a phone booking with a child seat: the total follows the choices, the booking and the store's mail say 電話 and who took it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await adminLogin(page, STAFF.sakuraStoreStaff, "ja");
  await page.goto("/admin/sakura/reservations/new");
  await expect(page.getByTestId("page-title")).toHaveText("電話・店頭での予約");
  await expect(page.locator('input[name="counter_contact"][value="phone"]')).toBeChecked();
  await fillCarAndPeriod(page, day(96));

  // The live total appears without pressing anything, and follows each choice.
  const total = page.getByTestId("phone-total");
  await expect(total).toBeVisible();
  const base = yen(await total.textContent());
  expect(base).toBeGreaterThan(0);

  await childSeat(page).selectOption("1");
  const seatLine = page.getByTestId("phone-option-line").filter({ hasText: "チャイルドシート" });
  await expect(seatLine).toContainText("× 1");
  // sakura lends child seats free (its fee page says 無料): the total is the same, the seat is on it.
  await expect(seatLine.locator("dd")).toHaveText("0円");
  expect(yen(await total.textContent())).toBe(base);

  await wifi(page).selectOption("1");
  const wifiLine = page.getByTestId("phone-option-line").filter({ hasText: "ポケットWi-Fi" });
  await expect(wifiLine).toBeVisible();
  const wifiFee = yen(await wifiLine.locator("dd").textContent());
  expect(wifiFee % 550).toBe(0);
  expect(wifiFee).toBeGreaterThan(0);
  await expect(total).toHaveText(`${(base + wifiFee).toLocaleString("ja-JP")}円`);

  // The waiver off: the total drops by what the waiver cost.
  const withWaiver = base + wifiFee;
  await page.locator('input[name="with_immunity"]').uncheck();
  await expect(total).not.toHaveText(`${withWaiver.toLocaleString("ja-JP")}円`);
  const bookedTotal = yen(await total.textContent());
  expect(bookedTotal).toBeLessThan(withWaiver);
  await expectAccessible(page);

  await field(page, "name").fill("電話 花子");
  await field(page, "tel").fill("090-3737-0006");
  await page.getByTestId("phone-book").click();
  await expect(page.getByTestId("flash")).toContainText("を受け付けました");
  const reserveNo = (await page.getByTestId("page-title").textContent())?.replace("予約", "").trim() ?? "";
  expect(reserveNo).not.toBe("");

  // The booking's page: taken by phone, by the staff member; the options and the total as quoted.
  await expect(page.getByTestId("booking-channel")).toHaveText(`電話（受付担当：${STAFF_NAME}）`);
  await expect(page.getByTestId("booking-facts")).toContainText("チャイルドシート（1〜4歳頃） × 1");
  expect(yen(await page.getByTestId("reservation-total").textContent())).toBe(bookedTotal);
  const notice = page.locator('[data-testid="mail-entry"][data-kind="store_notification"]');
  await expect(notice).toContainText("電話予約を受け付けました");
  await expect(notice).not.toContainText("Web予約");
  await expectAccessible(page);

  // The store's mail itself, in the outbox: by phone, and who took it.
  const mail = (await mailsTo(page.request, "sakura", STORE_MAIL)).find((m) => m.subject.includes(reserveNo));
  expect(mail?.subject).toContain("電話予約を受け付けました");
  expect(mail?.text).toContain("お電話で新しいご予約を受け付けました");
  expect(mail?.text).toContain(`受付担当：${STAFF_NAME}`);
});

test("without JavaScript, 再計算 shows the quote of the options chosen, the same as the live one", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const start = day(97);
  await adminLogin(page, STAFF.sakuraStoreStaff, "ja");
  await page.goto("/admin/sakura/reservations/new");
  await fillCarAndPeriod(page, start);
  await wifi(page).selectOption("1");
  await expect(page.getByTestId("phone-option-line").filter({ hasText: "ポケットWi-Fi" })).toBeVisible();
  const live = await page.getByTestId("phone-total").textContent();

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  await noScript.addCookies(await page.context().cookies());
  const plain = await noScript.newPage();
  await plain.goto("/admin/sakura/reservations/new");
  await expect(plain.getByTestId("phone-no-quote")).toBeVisible();
  await fillCarAndPeriod(plain, start);
  // Before a recalculation the page lists the store's options for every class.
  await wifi(plain).selectOption("1");
  await plain.getByTestId("phone-quote-submit").click();
  await expect(plain.getByTestId("phone-total")).toHaveText(live ?? "");
  await expect(plain.getByTestId("phone-option-line").filter({ hasText: "ポケットWi-Fi" })).toContainText("× 1");
  await noScript.close();
});
