import type { Page } from "@playwright/test";
import { formatYen } from "#common/format";
import { mailsTo, registerMember, uniqueEmail } from "./account-helpers";
import {
  choosePayMethod,
  complete3ds,
  fillCard,
  guestToConfirm,
  optionsUrl,
  reserveNo,
  SITE,
  stepUrl,
  storeCar,
  weekend,
} from "./booking-helpers";
import { expect, expectAccessible, type LocaleCode, test, url } from "./fixtures";
import { LOCALES, msg, waitForHydration } from "./search-helpers";

/**
 * Paying a booking in advance by card (issue 9, spec §5, §8, §9): a member with a saved driver
 * pays with a saved card through 3-D Secure and finds the booking on My Page; a guest's declined
 * card is refused with what was typed kept, then another card goes through; JCB is refused.
 *
 * Every booking here takes a car of its own: Naha Airport's car types 4 and up (the guest cash
 * spec uses 0–3), each on a weekend no other test of this file uses, all within 49 days so that
 * advance card payment is offered.
 */

const YEAR = String(new Date().getFullYear() + 3);
/** The demo seed's test cards (server/payments/simulator.ts, after Stripe's). */
const CARD = {
  ok: "4242424242424242",
  threeDs: "4000000000003220",
  declined: "4000000000000002",
  jcb: "3530111333300000",
};

const cardForm = (page: Page) => page.getByTestId("reserve-card-form");
const cardField = (page: Page, name: string) => cardForm(page).locator(`[name="${name}"]`);

/** A driver saved on My Page (the demo driver settings ask no licence image on sakura). */
async function addSavedDriver(page: Page, locale: LocaleCode, name: string) {
  await page.goto(url(locale, SITE, "/mypage/driver/new"));
  const form = page.getByTestId("driver-form");
  await waitForHydration(form);
  const values: Record<string, string> = {
    name,
    kana: "ウンテン タロウ",
    birthdate: "1985-06-01",
    tel: "090-2222-3333",
    license_number: "112233445566",
    license_acquisition_date: "2012-04-01",
    license_expiration_date: `${Number(YEAR) + 1}-06-01`,
  };
  for (const [field, value] of Object.entries(values)) await form.locator(`[name="${field}"]`).fill(value);
  await form.locator('[name="license_type_ordinary"]').check();
  await page.getByTestId("driver-submit").click();
  await expect(page.getByTestId("flash")).toContainText(msg(locale, "driver.flash.registered"));
}

/** A card that asks 3-D Secure on every payment, saved on My Page through its own challenge. */
async function addThreeDsCard(page: Page, locale: LocaleCode) {
  await page.goto(url(locale, SITE, "/mypage/user/credit_card"));
  const form = page.getByTestId("card-form");
  await waitForHydration(form);
  await form.locator('input[name="card_number"]').fill(CARD.threeDs);
  await form.locator('input[name="holder"]').fill("MEMBER THREEDS");
  await form.locator('select[name="exp_month"]').selectOption("12");
  await form.locator('select[name="exp_year"]').selectOption(YEAR);
  await form.locator('input[name="cvc"]').fill("123");
  await page.getByTestId("card-submit").click();
  await complete3ds(page);
  await expect(page.getByTestId("flash")).toContainText(msg(locale, "creditCard.flash.added"));
  await expect(page.locator('[data-testid="saved-card"][data-last4="3220"]')).toBeVisible();
}

/** From the confirmation with "card in advance" chosen to the card step. */
async function toCardStep(page: Page, locale: LocaleCode) {
  await choosePayMethod(page, 1);
  await expect(page.getByTestId("confirm-submit")).toHaveText(msg(locale, "confirm.toCard"));
  await page.getByTestId("confirm-submit").click();
  await expect(page).toHaveURL(stepUrl(locale, "/reserve/credit_card"));
  await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "reserveCard.title"));
  await waitForHydration(cardForm(page));
}

const confirmedMails = async (request: Parameters<typeof mailsTo>[0], email: string) =>
  (await mailsTo(request, SITE, email)).filter((m) => m.kind === "reservation_confirmed");

test.describe("a member pays in advance with a saved card and 3-D Secure", () => {
  (["ja", "en"] as const).forEach((locale, i) => {
    test(`saved driver, saved card, challenge passed, the booking on My Page (${locale})`, async ({
      page,
      request,
    }) => {
      // Registration, a driver and a card on My Page, the booking, the challenge: a long path.
      test.setTimeout(120_000);
      // A member of their own: the demo member's reservation list is counted by mypage.spec.ts.
      const email = await registerMember(page, locale, SITE, { email: uniqueEmail(`member-3ds-${locale}`) });
      const driverName = `運転 太郎${i}`;
      await addSavedDriver(page, locale, driverName);
      await addThreeDsCard(page, locale);

      const c = await storeCar(request, 0, 4 + i);
      await page.goto(optionsUrl(locale, c, weekend(1)));
      await page.getByTestId("options-next").click();
      // A member goes straight to the customer step, with the profile filled in.
      await expect(page).toHaveURL(stepUrl(locale, "/reserve/user"));
      const form = page.getByTestId("customer-form");
      await waitForHydration(form);
      await expect(form.locator('[name="email"]')).toHaveValue(email);
      await form.locator('input[name="driver_mode"][value="saved"]').check();
      const driverId = await page
        .getByTestId("saved-driver")
        .locator("option", { hasText: driverName })
        .getAttribute("value");
      await form.locator('select[name="driver_id"]').selectOption(driverId as string);
      await page.getByTestId("customer-submit").click();
      await expect(page).toHaveURL(stepUrl(locale, "/reserve/confirm"));
      await expect(page.getByTestId("confirm-driver")).toHaveText(driverName);
      const total = Number(await page.getByTestId("confirm-total").getAttribute("data-amount"));

      await toCardStep(page, locale);
      await expect(page.getByTestId("card-total")).toHaveAttribute("data-amount", String(total));
      // The saved card is offered, and chosen: no card fields to fill.
      const threeDs = page.getByTestId("saved-card-choice").and(page.locator('[value^="saved:"]'));
      await expect(threeDs).toHaveCount(1);
      await expectAccessible(page);
      await threeDs.check();
      await expect(cardField(page, "card_number")).toHaveCount(0);
      await page.getByTestId("card-pay").click();

      await complete3ds(page);
      const number = await reserveNo(page, locale);
      await expect(page.getByTestId("completed-email")).toContainText(email);
      await expect(page.getByTestId("completed-total")).toHaveText(formatYen(total, locale));
      await expectAccessible(page);
      await expect.poll(async () => (await confirmedMails(request, email)).length).toBe(1);
      expect((await confirmedMails(request, email))[0]?.text).toContain(number);

      // My Page lists it, paid by card in advance.
      await page.getByTestId("completed-mypage").click();
      await expect(page).toHaveURL(new RegExp(`${url(locale, SITE, "/mypage/reserves")}$`));
      const booked = page.locator(`[data-testid="reservation-card"][data-reserve-no="${number}"]`);
      await expect(booked.getByTestId("reserve-no")).toHaveText(number);
      await expect(booked).toContainText(msg(locale, "reserves.pay.1"));
      await expect(booked.getByTestId("reservation-total")).toHaveText(formatYen(total, locale));
      await expect(page.getByTestId("reservation-card")).toHaveCount(1);
    });
  });
});

test.describe("a guest's declined card, then another card", () => {
  LOCALES.forEach((locale, i) => {
    test(`the failure keeps holder and expiry; 4242 then books (${locale})`, async ({ page, request }) => {
      test.setTimeout(60_000);
      const email = uniqueEmail(`declined-${locale}`);
      const c = await storeCar(request, 0, 7 + i);
      await guestToConfirm(page, locale, optionsUrl(locale, c, weekend(2)), email);
      await toCardStep(page, locale);
      await expect(page.getByTestId("jcb-note")).toHaveText(msg(locale, "creditCard.jcbNote"));
      await expectAccessible(page);

      await fillCard(page, CARD.declined, "DECLINED HANAKO");
      await page.getByTestId("card-pay").click();
      await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.card_failed"));
      await expect(page.getByTestId("card-failed-help")).toHaveText(msg(locale, "reserveCard.failedHelp"));
      await expect(page).toHaveURL(stepUrl(locale, "/reserve/credit_card"));
      // What was typed is kept, except the number and the code, which are asked again.
      await expect(cardField(page, "holder")).toHaveValue("DECLINED HANAKO");
      await expect(cardField(page, "exp_month")).toHaveValue("12");
      await expect(cardField(page, "exp_year")).toHaveValue(YEAR);
      await expect(cardField(page, "card_number")).toHaveValue("");
      await expect(cardField(page, "cvc")).toHaveValue("");
      expect(await confirmedMails(request, email)).toEqual([]);
      await expectAccessible(page);

      await cardField(page, "card_number").fill(CARD.ok);
      await cardField(page, "cvc").fill("123");
      await page.getByTestId("card-pay").click();
      const number = await reserveNo(page, locale);
      await expect(page.getByTestId("completed-email")).toContainText(email);
      await expect.poll(async () => (await confirmedMails(request, email)).length).toBe(1);
      const [mail] = await confirmedMails(request, email);
      expect(mail?.text).toContain(number);
      expect(mail?.locale).toBe(locale);
    });
  });
});

test.describe("JCB is refused", () => {
  (["ja", "en"] as const).forEach((locale, i) => {
    test(`with the JCB message, nothing booked (${locale})`, async ({ page, request }) => {
      const email = uniqueEmail(`jcb-${locale}`);
      const c = await storeCar(request, 0, 4 + i);
      await guestToConfirm(page, locale, optionsUrl(locale, c, weekend(3)), email);
      await toCardStep(page, locale);
      await fillCard(page, CARD.jcb, "JCB HANAKO");
      await page.getByTestId("card-pay").click();
      await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.jcb_not_accepted"));
      await expect(page).toHaveURL(stepUrl(locale, "/reserve/credit_card"));
      await expect(cardField(page, "card_number")).toHaveValue("");
      await expect(cardField(page, "holder")).toHaveValue("JCB HANAKO");
      await expectAccessible(page);
      // No booking: no confirmation mail, and the completion page has nothing to show.
      expect(await confirmedMails(request, email)).toEqual([]);
      await page.goto(url(locale, SITE, "/reserve/completed"));
      await expect(page).toHaveURL(stepUrl(locale, "/reserve"));
    });
  });
});

test("the card step reached from the confirmation runs no analytics or tag manager (spec §9, en)", async ({
  page,
  request,
}) => {
  const c = await storeCar(request, 0, 4);
  await guestToConfirm(page, "en", optionsUrl("en", c, weekend(4)), uniqueEmail("no-gtm"));
  await toCardStep(page, "en");
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  expect(await page.evaluate(() => "dataLayer" in window || "gtag" in window)).toBe(false);
});
