import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { formatYen } from "#common/format";
import { mailsTo, uniqueEmail } from "./account-helpers";
import { adminLogin, bookByPhone, field, ishigakiDay, STAFF, startIshigakiBooking } from "./admin-helpers";
import { choosePayMethod, complete3ds, fillCard, guestToConfirm, optionsUrl, reserveNo, SITE } from "./booking-helpers";
import { expect, expectAccessible, test } from "./fixtures";
import { msg, storeIds, typeIds } from "./search-helpers";

/**
 * Issue 37's proof of the counter's money, in Japanese: staff cancel a phone booking paid through
 * the mailed card link, and change another to a longer rental; a 3-D Secure card cannot be charged
 * the difference without its holder, and staff see the failure and may try again. A Korean guest
 * cancels a 3-D Secure booking from the mail. Each time the booking's payments panel, the customer's
 * mail and the payment simulator's own log agree to the yen.
 */

const CARD = { ok: "4242424242424242", threeDs: "4000000000003220" };
const yen = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

interface SimulatorEntry {
  op: string;
  id: string;
  status: string;
  amount?: number;
  idempotencyKey?: string;
  reason?: string;
}

/** What the payment simulator itself did (loopback only, the offline gateway only). */
async function simulatorLog(request: APIRequestContext): Promise<SimulatorEntry[]> {
  const res = await request.get("/_dev/payments.json");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { log: SimulatorEntry[] }).log;
}

/** The booking's payments panel: each ledger line with its kind, outcome, key and yen. */
async function ledgerLines(page: Page) {
  const lines = page.getByTestId("payments").getByTestId("payment-entry");
  const all = [];
  for (const line of await lines.all()) {
    all.push({
      kind: await line.getAttribute("data-kind"),
      status: await line.getAttribute("data-status"),
      key: (await line.getAttribute("data-key")) ?? "",
      amount: Math.abs(yen(await line.locator("span.tabular-nums").last().textContent())),
    });
  }
  return all;
}

/** The simulator's record of a ledger line: the same key and yen, and in the end succeeded (after 3-D Secure too). */
async function expectOnGateway(request: APIRequestContext, line: { kind: string | null; key: string; amount: number }) {
  const log = await simulatorLog(request);
  const op = line.kind === "refund" ? "refund" : "authorization";
  const entry = log.find((e) => e.op === op && e.idempotencyKey === line.key);
  expect(entry, `the gateway's ${op} under ${line.key}`).toMatchObject({ amount: line.amount });
  const last = log.filter((e) => e.id === entry?.id).at(-1);
  expect(last?.status, `the gateway's last word on ${line.key}`).toBe("succeeded");
}

/** A phone booking at Ishigaki (10:00 to 10:00 the next day) paid by the customer through the mailed card link. */
async function cardPaidPhoneBooking(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  day: string,
  customer: { name: string; email: string; card: string },
) {
  await startIshigakiBooking(page, day);
  await field(page, "name").fill(customer.name);
  await field(page, "tel").fill("090-5555-6666");
  await field(page, "email").fill(customer.email);
  await page.locator('input[name="pay_method"][value="1"]').check();
  const { reserveNo: number, total } = await bookByPhone(page);

  let link = "";
  await expect
    .poll(async () => {
      const mail = (await mailsTo(request, SITE, customer.email)).find((m) => m.kind === "reservation_confirmed");
      link = mail?.text.match(/https?:\/\/\S+\/reserve\/pay\?\S+/)?.[0] ?? "";
      return link;
    })
    .toContain("/sakura/reserve/pay?");
  const context = await browser.newContext();
  const pay = await context.newPage();
  const target = new URL(link);
  await pay.goto(`${target.pathname}${target.search}`);
  await fillCard(pay, customer.card, "TARO KADO");
  await pay.getByTestId("card-pay").click();
  if (customer.card === CARD.threeDs) await complete3ds(pay);
  await expect(pay.getByTestId("pay-done")).toBeVisible();
  await context.close();
  await page.reload();
  await expect(page.getByTestId("booking-fees")).toContainText("決済済み");
  return { reserveNo: number, total };
}

/** Staff change the booking to return two hours later; the difference as the change page states it. */
async function twoHoursLonger(page: Page) {
  await page.getByTestId("change-link").click();
  await field(page, "end_time").fill("12:00");
  await page.getByTestId("change-quote-submit").click();
  await expect(page.getByTestId("change-difference")).toContainText("の追加");
  const difference = yen(await page.getByTestId("change-difference").textContent());
  await page.getByTestId("change-submit").click();
  await expect(page.getByTestId("flash")).toContainText("予約を変更しました");
  return difference;
}

const mailOf = async (request: APIRequestContext, email: string, kind: string) => {
  let text = "";
  await expect
    .poll(async () => {
      text = (await mailsTo(request, SITE, email)).find((m) => m.kind === kind)?.text ?? "";
      return text;
    })
    .not.toBe("");
  return text;
};

test("staff cancel a phone booking paid by the mailed card link: the refund on the page, in the mail and on the gateway agree", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("card-cancel");
  await adminLogin(page, STAFF.sakuraOwner, "ja");
  const { total } = await cardPaidPhoneBooking(page, browser, request, ishigakiDay(31), {
    name: "返金 太郎",
    email,
    card: CARD.ok,
  });
  // More than three days ahead: sakura keeps no fee, so the whole payment goes back.
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-confirm").getByTestId("confirm-refund")).toHaveText(formatYen(total, "ja"));
  await page.getByTestId("cancel-form-submit").click();
  await expect(page.getByTestId("flash")).toContainText("予約をキャンセルしました。");

  const lines = await ledgerLines(page);
  const charge = lines.find((l) => l.kind === "charge");
  const refund = lines.find((l) => l.kind === "refund");
  expect(charge).toMatchObject({ status: "succeeded", amount: total });
  expect(refund).toMatchObject({ status: "succeeded", amount: total });
  await expect(page.getByTestId("card-balance")).toHaveText(formatYen(0, "ja"));
  await expectOnGateway(request, charge as (typeof lines)[number]);
  await expectOnGateway(request, refund as (typeof lines)[number]);
  const mail = await mailOf(request, email, "reservation_cancelled");
  expect(mail).toContain(`カードへのご返金：${formatYen(total, "ja")}`);
  expect(mail).not.toContain("返金手続き中");
  await expectAccessible(page);
});

test("staff change a card-paid phone booking to a longer rental: the difference is charged once, and page, mail and gateway agree", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("card-change");
  await adminLogin(page, STAFF.sakuraOwner, "ja");
  const { total } = await cardPaidPhoneBooking(page, browser, request, ishigakiDay(34), {
    name: "変更 花子",
    email,
    card: CARD.ok,
  });
  const difference = await twoHoursLonger(page);
  expect(difference).toBeGreaterThan(0);
  await expect(page.getByTestId("reservation-total")).toContainText(formatYen(total + difference, "ja"));

  const lines = await ledgerLines(page);
  const charges = lines.filter((l) => l.kind === "charge");
  expect(charges.map((c) => [c.status, c.amount])).toEqual([
    ["succeeded", total],
    ["succeeded", difference],
  ]);
  await expect(page.getByTestId("card-balance")).toHaveText(formatYen(total + difference, "ja"));
  for (const charge of charges) await expectOnGateway(request, charge);
  const mail = await mailOf(request, email, "reservation_changed");
  expect(mail).toContain(`差額 ${formatYen(difference, "ja")} をお支払いに使われたカードに請求しました。`);
  await expectAccessible(page);
});

test("a 3-D Secure card cannot be charged a change's difference without its holder: staff see it failed, the mail says so, and a retry is refused again", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("card-3ds-change");
  await adminLogin(page, STAFF.sakuraOwner, "ja");
  await cardPaidPhoneBooking(page, browser, request, ishigakiDay(37), { name: "認証 次郎", email, card: CARD.threeDs });
  const difference = await twoHoursLonger(page);

  const failed = (await ledgerLines(page)).filter((l) => l.kind === "charge" && l.status === "failed");
  expect(failed.map((l) => l.amount)).toEqual([difference]);
  const onGateway = (await simulatorLog(request)).find((e) => e.idempotencyKey === failed[0]?.key);
  expect(onGateway).toMatchObject({ op: "authorization", status: "failed", reason: "authentication_failed" });
  const mail = await mailOf(request, email, "reservation_changed");
  expect(mail).toContain(`差額 ${formatYen(difference, "ja")} をカードに請求できませんでした。`);

  const retry = page.getByTestId("payment-retry");
  await expect(retry).toHaveCount(1);
  await expectAccessible(page);
  // For a look at the panel as staff see it, on a desktop and on a phone.
  await page.getByTestId("payments").screenshot({ path: test.info().outputPath("payments-desktop.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("payments").screenshot({ path: test.info().outputPath("payments-phone.png") });
  await retry.getByTestId("payment-retry-submit").click();
  await expect(page.getByTestId("flash")).toContainText(
    "カードでは今回もできませんでした（本人認証が必要なカードです）",
  );
  const after = await ledgerLines(page);
  expect(after.filter((l) => l.kind === "charge" && l.status === "failed")).toHaveLength(2);
  expect(after.filter((l) => l.kind === "charge" && l.status === "succeeded")).toHaveLength(1);
  const attempts = (await simulatorLog(request)).filter((e) => e.idempotencyKey?.startsWith(failed[0]?.key ?? "-"));
  expect(attempts.map((e) => e.status)).toEqual(["failed", "failed"]);
});

test("a Korean guest cancels a 3-D Secure card booking from the mail: the refund on the page, in the mail and on the gateway agree", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const locale = "ko";
  const [, , ishigaki] = await storeIds(request, SITE);
  const [wagon] = await typeIds(request, SITE, ishigaki as number, { capacity: "8" });
  const sd = ishigakiDay(40);
  const email = uniqueEmail("cancel-3ds-ko");
  const period = { sd, st: "10:00", ed: sd, et: "17:00" };
  await guestToConfirm(
    page,
    locale,
    optionsUrl(locale, { storeId: ishigaki as number, typeId: wagon as number }, period),
    email,
  );
  await choosePayMethod(page, 1);
  await page.getByTestId("confirm-submit").click();
  await fillCard(page, CARD.threeDs, "MINJUN KIM");
  await page.getByTestId("card-pay").click();
  await complete3ds(page);
  const number = await reserveNo(page, locale);
  const total = yen(await page.getByTestId("completed-total").textContent());

  const confirmation = await mailOf(request, email, "reservation_confirmed");
  const link = new URL(confirmation.match(/https?:\/\/\S+\/reserve\/cancel\?\S+/)?.[0] ?? "http://x/");
  expect(link.pathname).toBe("/kr/sakura/reserve/cancel");
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId("reserve-no")).toHaveText(number);
  await page.getByTestId("cancel-open").click();
  const confirm = page.getByTestId("cancel-confirm");
  // Forty days ahead: no fee, the whole payment goes back to the card.
  await expect(confirm.getByTestId("cancel-refund")).toHaveText(formatYen(total, locale));
  await expectAccessible(page);
  await page.getByTestId("cancel-confirm-submit").click();
  await expect(page.getByTestId("flash")).toContainText(msg(locale, "reserves.cancel.done"));

  const mail = await mailOf(request, email, "reservation_cancelled");
  expect(mail).toContain(`카드 환불 금액: ${formatYen(total, locale)}`);
  // The booking's page in the back office lists the refund under the key the gateway holds it by.
  const staff = await browser.newContext();
  const desk = await staff.newPage();
  await adminLogin(desk, STAFF.sakuraOwner, "ja");
  await desk.goto(`/admin/sakura/reservations/${encodeURIComponent(number)}`);
  const lines = await ledgerLines(desk);
  expect(lines.map((l) => [l.kind, l.status, l.amount])).toEqual([
    ["charge", "succeeded", total],
    ["refund", "succeeded", total],
  ]);
  for (const line of lines) await expectOnGateway(request, line);
  await staff.close();
});
