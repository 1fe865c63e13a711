import type { Page } from "@playwright/test";
import { formatYen } from "#common/format";
import { DEMO, loginAs, mailsTo } from "./account-helpers";
import { choosePayMethod, complete3ds, optionsUrl, periodFrom, reserveNo, stepUrl, storeCar } from "./booking-helpers";
import { expect, expectAccessible, type LocaleCode, test, url } from "./fixtures";
import { LOCALES, msg, waitForHydration } from "./search-helpers";

/**
 * Issue 37, item 4: a demo member's saved card pays a booking on the card step. The demo seed
 * (tests/e2e/setup-data.ts) runs in another process than the server, so the server's payment
 * simulator has never seen these cards: they pay from what the seed stored, as after any restart.
 *
 * The members are the corporate ones (and kaede's Hanako): sakura's Hanako's reservation list is
 * counted by mypage.spec.ts. Each booking takes a car of its own at a store open every day (sakura's
 * airport store, its second car type; kaede's Kyoto Station store, its first), on days 40-47 ahead
 * (within the 49 days of advance card payment), when no other spec books those cars.
 */

interface Case {
  locale: LocaleCode;
  siteId: string;
  email: string;
  /** The saved card paid with, by its last four digits. */
  last4: string;
  /** Whether that card asks for 3-D Secure on every payment (kaede's seeded ••••3220). */
  threeDs: boolean;
  days: number;
}

const CASES: Case[] = [
  ...LOCALES.map((locale, i) => ({
    locale,
    siteId: "sakura",
    email: DEMO.sakuraCorp.email,
    last4: "4444",
    threeDs: false,
    days: 40 + 2 * i,
  })),
  { locale: "ja", siteId: "kaede", email: DEMO.kaedeHanako.email, last4: "4242", threeDs: false, days: 40 },
  { locale: "en", siteId: "kaede", email: DEMO.kaedeCorp.email, last4: "3220", threeDs: true, days: 42 },
];

const cardForm = (page: Page) => page.getByTestId("reserve-card-form");

for (const c of CASES) {
  test(`${c.siteId}: a member pays with the saved card ••••${c.last4}${c.threeDs ? " through 3-D Secure" : ""} (${c.locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await loginAs(page, c.locale, c.siteId, c.email);
    const car = await storeCar(request, 0, c.siteId === "sakura" ? 1 : 0, c.siteId);
    await page.goto(optionsUrl(c.locale, car, periodFrom(c.days, 1), c.siteId));
    await waitForHydration(page.getByTestId("options-form"));
    await page.getByTestId("options-next").click();
    // A member goes straight to the customer step, with the profile and driver filled in.
    await expect(page).toHaveURL(stepUrl(c.locale, "/reserve/user", c.siteId));
    await waitForHydration(page.getByTestId("customer-form"));
    await page.getByTestId("customer-submit").click();
    await expect(page).toHaveURL(stepUrl(c.locale, "/reserve/confirm", c.siteId));
    const total = Number(await page.getByTestId("confirm-total").getAttribute("data-amount"));

    await choosePayMethod(page, 1);
    await expect(page.getByTestId("confirm-submit")).toHaveText(msg(c.locale, "confirm.toCard"));
    await page.getByTestId("confirm-submit").click();
    await expect(page).toHaveURL(stepUrl(c.locale, "/reserve/credit_card", c.siteId));
    await expect(page.getByTestId("page-title")).toHaveText(msg(c.locale, "reserveCard.title"));
    await waitForHydration(cardForm(page));
    await expect(page.getByTestId("card-total")).toHaveAttribute("data-amount", String(total));

    // The saved cards are offered, the default ticked; no card fields until "a new card" is chosen.
    const choices = page.getByTestId("saved-card-choice");
    await expect(choices.first()).toBeChecked();
    const chosen = cardForm(page)
      .locator("label", { hasText: `•••• ${c.last4}` })
      .getByTestId("saved-card-choice");
    await expect(chosen).toHaveCount(1);
    await chosen.check();
    await expect(chosen).toBeChecked();
    await expect(cardForm(page).locator('[name="card_number"]')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByTestId("card-pay").click();

    if (c.threeDs) await complete3ds(page);
    const number = await reserveNo(page, c.locale, c.siteId);
    await expect(page.getByTestId("completed-total")).toHaveText(formatYen(total, c.locale));
    await expectAccessible(page);
    await expect
      .poll(async () =>
        (await mailsTo(request, c.siteId, c.email)).some(
          (m) => m.kind === "reservation_confirmed" && m.text.includes(number),
        ),
      )
      .toBe(true);

    // My Page lists it, paid by card in advance.
    await page.goto(url(c.locale, c.siteId, "/mypage/reserves"));
    const booked = page.locator(`[data-testid="reservation-card"][data-reserve-no="${number}"]`);
    await expect(booked).toContainText(msg(c.locale, "reserves.pay.1"));
  });
}
