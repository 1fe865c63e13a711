import type { Browser, Page } from "@playwright/test";
import { formatYen } from "#common/format";
import { mailsTo, uniqueEmail } from "./account-helpers";
import { guestCashBooking, optionsUrl, SITE } from "./booking-helpers";
import { day } from "./dates";
import { expect, expectAccessible, test, url } from "./fixtures";
import { msg, storeIds, typeIds } from "./search-helpers";

/**
 * Issue 24's proof of cancelling online, in Korean: a guest books the 8-seat wagon at Ishigaki
 * (two cars) two or three days ahead, opens the signed link of the confirmation mail, sees the
 * schedule's fee (half of the total 1-3 days before, sakura's demo schedule) before confirming,
 * cancels, and the car is free again in the search. A tampered link is not found. Issue 37: the
 * completion page offers the mail's very link with its deadline, and the cancellation takes one
 * confirmation step (fee, refund, the site's rule), done here without JavaScript.
 */

const yen = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

/** Two or three days ahead, on a day Ishigaki opens (it closes on the 15th). */
function departure(): string {
  return day(2).endsWith("-15") ? day(3) : day(2);
}

/** A browser that runs none of the site's scripts: the server-rendered forms alone. */
async function withoutScripts(browser: Browser, baseURL: string | undefined) {
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  const context = await browser.newContext({ baseURL });
  await context.route(
    (u) => u.origin !== origin || u.pathname.endsWith(".js"),
    (route) => route.abort(),
  );
  return context;
}

async function remaining(page: Page, carPage: string): Promise<string> {
  await page.goto(carPage);
  return (await page.getByTestId("remaining").locator("span:not([aria-hidden])").first().textContent()) ?? "";
}

test("a guest cancels from the mail's link in Korean, sees the fee first, and the car is free again", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const locale = "ko";
  const [, , ishigaki] = await storeIds(request, SITE);
  const [wagon] = await typeIds(request, SITE, ishigaki as number, { capacity: "8" });
  const sd = departure();
  const period = { sd, st: "10:00", ed: sd, et: "17:00" };
  const query = new URLSearchParams({ si: String(ishigaki), ...period });
  const carPage = `${url(locale, SITE, `/reserve/stores/${ishigaki}/cars/${wagon}`)}?${query}`;
  const before = await remaining(page, carPage);

  const email = uniqueEmail("cancel-ko");
  const reserveNo = await guestCashBooking(
    page,
    locale,
    optionsUrl(locale, { storeId: ishigaki as number, typeId: wagon as number }, period),
    email,
  );
  const total = yen(await page.getByTestId("completed-total").textContent());
  // The completion page offers the way to cancel the mail does (read here, compared with the mail below).
  const offered = await page.getByTestId("completed-cancel-link").getAttribute("href");
  const deadline = (await page.getByTestId("completed-cancel-deadline").textContent())?.match(
    /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/,
  )?.[0];
  expect(deadline).toBeTruthy();
  await expectAccessible(page);
  expect(await remaining(page, carPage)).not.toBe(before);

  let link = "";
  let mailText = "";
  await expect
    .poll(async () => {
      const mail = (await mailsTo(request, SITE, email)).find((m) => m.kind === "reservation_confirmed");
      mailText = mail?.text ?? "";
      link = mail?.text.match(/https?:\/\/\S+\/reserve\/cancel\?\S+/)?.[0] ?? "";
      return link;
    })
    .toContain("/kr/sakura/reserve/cancel?");
  const cancelUrl = new URL(link);
  // The completion page offered the same link, with the deadline the mail states.
  expect(offered).toBe(`${cancelUrl.pathname}${cancelUrl.search}`);
  expect(mailText).toContain(`${deadline}`);

  // A link whose signature was altered shows nothing of the booking.
  const forged = new URL(cancelUrl);
  const sig = forged.searchParams.get("sig") ?? "";
  forged.searchParams.set("sig", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`);
  const refused = await request.get(`${forged.pathname}${forged.search}`);
  expect(refused.status()).toBe(404);

  // Without JavaScript: the confirmation step is a page of the server's, and its button a plain form.
  const plain = await withoutScripts(browser, baseURL);
  const guest = await plain.newPage();
  await guest.goto(`${cancelUrl.pathname}${cancelUrl.search}`);
  await expect(guest.getByTestId("page-title")).toHaveText(msg(locale, "reserves.cancel.guestTitle"));
  await expect(guest.getByTestId("reserve-no")).toHaveText(reserveNo);
  const fee = formatYen(Math.floor(total / 2), locale);
  await expect(guest.getByTestId("cancel-fee")).toHaveText(fee);
  await expectAccessible(guest);
  await guest.getByTestId("cancel-open").click();
  const confirm = guest.getByTestId("cancel-confirm");
  await expect(confirm.getByRole("heading", { level: 2 })).toHaveText(msg(locale, "cancelConfirm.title"));
  await expect(confirm.getByTestId("cancel-fee")).toHaveText(fee);
  await expect(confirm.getByTestId("cancel-refund")).toHaveText(formatYen(0, locale));
  await expect(confirm.getByTestId("cancel-rule")).toContainText(msg(locale, "cancelConfirm.ruleToday"));
  await expect(confirm.getByTestId("cancel-rule")).toContainText(
    msg(locale, "cancelConfirm.rulePercent", { percent: 100 }),
  );
  await expect(confirm.getByTestId("cancel-rule")).toContainText(
    msg(locale, "cancelConfirm.ruleRange", { from: 1, to: 3 }),
  );
  await expect(confirm.getByTestId("cancel-rule")).toContainText(msg(locale, "cancelConfirm.ruleFree"));
  await expect(confirm.getByTestId("cancel-deadline")).toBeVisible();
  await expectAccessible(guest);
  // Back keeps the booking.
  await guest.getByTestId("cancel-back").click();
  await expect(guest.getByTestId("cancel-confirm")).toHaveCount(0);
  await expect(guest.getByTestId("cancel-panel")).toBeVisible();
  await guest.getByTestId("cancel-open").click();
  await guest.getByTestId("cancel-confirm-submit").click();
  await expect(guest.getByTestId("flash")).toContainText(msg(locale, "reserves.cancel.done"));
  await expect(guest.getByTestId("cancelled-note")).toHaveText(msg(locale, "reserves.cancel.cancelled"));
  await expect(guest.getByTestId("cancel-open")).toHaveCount(0);
  await expect(guest.getByTestId("cancel-confirm-submit")).toHaveCount(0);
  await plain.close();

  await expect
    .poll(async () => (await mailsTo(request, SITE, email)).map((m) => m.kind))
    .toContain("reservation_cancelled");
  expect(await remaining(page, carPage)).toBe(before);
});
