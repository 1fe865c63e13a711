import { E2E_SUSPENDED } from "./admin-sites";
import { guestCashBooking, guestToConfirm, optionsUrl, stepUrl, storeCar } from "./booking-helpers";
import { addDays, day, nextWeekday, today } from "./dates";
import { expect, expectAccessible, type LocaleCode, test, url } from "./fixtures";
import { LOCALES, msg, waitForHydration } from "./search-helpers";

/**
 * Issue 40, items 4, 5, 6 and 9: a suspended site says so on its top page with the phone to call;
 * the price list shows the fees as the booking prices them, and a wide table says it scrolls on a
 * phone; Back from the completion page keeps the booking's dates; the search refuses past days.
 */

const PHONE = { width: 390, height: 844 };
const { siteId: SUSPENDED, tel } = E2E_SUSPENDED;
const E164 = `tel:+81${tel.replaceAll("-", "").slice(1)}`;

test.describe("a suspended site's top page", () => {
  for (const locale of LOCALES) {
    test(`says bookings are paused, with the store's phone, and offers no search (${locale})`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(url(locale, SUSPENDED));
      const notice = page.getByTestId("suspended-notice");
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(msg(locale, "reason.web_reserve_suspended"));
      await expect(notice.getByRole("heading", { name: msg(locale, "suspended.heading") })).toBeVisible();
      const phone = notice.getByRole("link", { name: locale === "ja" ? tel : `+81 ${tel.slice(1)}` });
      await expect(phone).toHaveAttribute("href", E164);
      await expect(page.getByTestId("search-form")).toHaveCount(0);
      // Said before the news that still claims online booking is open.
      const news = page.getByTestId("news-list");
      const [noticeBox, newsBox] = [await notice.boundingBox(), await news.boundingBox()];
      expect(noticeBox && newsBox && noticeBox.y < newsBox.y).toBe(true);
      await expectAccessible(page);
    });
  }

  test("hana, the demo site with bookings paused, says so too (ja)", async ({ page }) => {
    await page.goto(url("ja", "hana"));
    await expect(page.getByTestId("suspended-notice")).toContainText(msg("ja", "reason.web_reserve_suspended"));
    await expect(page.getByTestId("suspended-notice").getByRole("link")).toHaveAttribute("href", "tel:+81138003101");
    await expect(page.getByTestId("search-form")).toHaveCount(0);
  });
});

test.describe("the price list", () => {
  for (const locale of LOCALES) {
    test(`shows the fees the booking uses, by each plan's mode (${locale})`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(url(locale, "sakura", "/c/pricelist"));
      const schedule = page.getByTestId("fee-schedule");
      await expect(schedule).toContainText(msg(locale, "fee.sameAsQuote"));
      // No hand-written 24-hour figure that the quote does not use.
      await expect(page.getByTestId("rich-text")).not.toContainText("7,700");
      const tables = schedule.getByTestId("fee-table");
      expect(await tables.count()).toBeGreaterThan(0);
      // Each table fits the phone: nothing off to the right.
      const overflow = await tables.evaluateAll((all) =>
        all.filter((t) => t.getBoundingClientRect().right > window.innerWidth).map((t) => t.textContent),
      );
      expect(overflow).toEqual([]);
      await expectAccessible(page);
    });
  }

  test("a client's wide table says it scrolls on a phone, in a focusable named region", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(url("en", SUSPENDED, "/c/guide"));
    await expect(page.getByTestId("table-scroll-hint")).toBeVisible();
    await expect(page.getByTestId("table-scroll-hint")).toHaveText(msg("en", "table.scrollHint"));
    const region = page.getByRole("region", { name: msg("en", "table.region", { name: "Sample rates" }) });
    await expect(region).toHaveAttribute("tabindex", "0");
    const scrolls = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls).toBe(true);
    await region.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expectAccessible(page);
  });
});

test("Back from the completion page shows the booking's dates, not today's defaults (ja)", async ({
  page,
  request,
}) => {
  const c = await storeCar(request, 0, 5);
  const sd = nextWeekday(day(90), 1);
  const period = { sd, st: "10:00", ed: addDays(sd, 2), et: "17:00" };
  await guestCashBooking(page, "ja", optionsUrl("ja", c, period), `back-${Date.now()}@example.com`);
  const reserveNo = (await page.getByTestId("reserve-no").textContent()) ?? "";
  expect(reserveNo).not.toBe("");
  await page.goBack();
  await expect(page).toHaveURL(/\/sakura\/reserve\?/);
  const query = new URL(page.url()).searchParams;
  expect([query.get("sd"), query.get("st"), query.get("ed"), query.get("et")]).toEqual([
    period.sd,
    period.st,
    period.ed,
    period.et,
  ]);
  await expect(page.getByTestId("summary-period")).toContainText(period.sd.replaceAll("-", "/"));
  await expect(page.getByTestId("summary-period")).toContainText(period.ed.replaceAll("-", "/"));
  // Forward again: the completion page, with its booking, not an error or an empty form.
  await page.goForward();
  await expect(page).toHaveURL(/\/sakura\/reserve\/completed/);
  await expect(page.getByTestId("reserve-no")).toHaveText(reserveNo);
});

test.describe("the search form's dates", () => {
  for (const locale of LOCALES) {
    test(`start at today in Japan and refuse a past day before searching (${locale})`, async ({ page }) => {
      await page.goto(url(locale as LocaleCode, "sakura"));
      const form = page.getByTestId("search-form");
      await waitForHydration(form);
      const sd = form.locator('input[name="sd"]');
      await expect(sd).toHaveAttribute("min", today());
      await expect(form.locator('input[name="ed"]')).toHaveAttribute("min", today());
      await form.locator('select[name="si"]').selectOption({ index: 1 });
      await sd.fill(addDays(today(), -1));
      await form.locator('input[name="ed"]').fill(addDays(today(), 1));
      const before = page.url();
      await form.getByRole("button", { name: msg(locale, "search.submit") }).click();
      await expect(form).toContainText(msg(locale, "reason.departure_in_past"));
      expect(page.url()).toBe(before);
      await expectAccessible(page);
    });
  }

  test("the server refuses a past departure too, without the browser's help (en)", async ({ page, request }) => {
    const { storeId } = await storeCar(request, 0, 0);
    const query = { si: String(storeId), sd: addDays(today(), -1), st: "11:00", ed: today(), et: "18:00" };
    await page.goto(`${url("en", "sakura", "/reserve")}?${new URLSearchParams(query)}`);
    await expect(page.locator("main")).toContainText(msg("en", "reason.departure_in_past"));
  });
});

test("English says available cars, not free cars", async ({ page }) => {
  await page.goto(url("en", "sakura"));
  await expect(page.locator("main")).toContainText(msg("en", "top.searchLead"));
  await expect(page.locator("main")).not.toContainText(/free cars/i);
});

test("a rental over 30 days asks to call the store or confirm; Next is refused until confirmed (en)", async ({
  page,
  request,
}) => {
  const c = await storeCar(request, 0, 6);
  const sd = nextWeekday(day(120), 1);
  await page.goto(optionsUrl("en", c, { sd, st: "10:00", ed: addDays(sd, 40), et: "17:00" }));
  const check = page.getByTestId("long-rental");
  await expect(check).toContainText(msg("en", "longRental.title", { days: 30 }));
  await expect(check.getByTestId("long-rental-tel")).toHaveAttribute("href", /^tel:\+81/);
  await waitForHydration(page.getByTestId("options-form"));
  await page.getByTestId("options-next").click();
  await expect(check).toContainText(msg("en", "reason.long_rental_unconfirmed", { days: 30 }));
  await expect(page).toHaveURL(/\/options\?/);
  await expectAccessible(page);
  await page.getByTestId("long-rental-confirm").check();
  await page.getByTestId("options-next").click();
  await expect(page).toHaveURL(stepUrl("en", "/reserve/login"));
});

test("the confirmation explains 'Other' payment beside the choice (ja)", async ({ page, request }) => {
  const c = await storeCar(request, 0, 7);
  const sd = nextWeekday(day(130), 1);
  await guestToConfirm(
    page,
    "ja",
    optionsUrl("ja", c, { sd, st: "10:00", ed: addDays(sd, 2), et: "17:00" }),
    `other-${Date.now()}@example.com`,
  );
  await expect(page.getByTestId("pay-other-note")).toContainText(msg("ja", "payOther.default"));
});
