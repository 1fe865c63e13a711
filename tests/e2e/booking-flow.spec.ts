import { mailsTo, uniqueEmail } from "./account-helpers";
import { car, choosePayMethod, guestToConfirm, optionsUrl, reserveNo, SITE, stepUrl, weekend } from "./booking-helpers";
import { expect, expectAccessible, test, url } from "./fixtures";
import { LOCALES, msg } from "./search-helpers";

/**
 * The whole booking (issue 9): a guest on sakura pays at the store, from the options page to the
 * completion page, in every language; the confirmation mail goes out in that language and the
 * store is told. Each language books its own weekend so the runs never compete for a car.
 */
test.describe("a guest booking paid at the store", () => {
  LOCALES.forEach((locale, i) => {
    test(`from the options page to the reservation number (${locale})`, async ({ page, request }) => {
      const email = uniqueEmail(`guest-${locale}`);
      const c = await car(request, i);
      await guestToConfirm(page, locale, optionsUrl(locale, c, weekend(i)), email);

      // The confirmation shows the car, the period with its time zone, every fee and the total.
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "confirm.title"));
      await expect(page.getByTestId("confirm-period")).toContainText(msg(locale, "zone.tokyo"));
      const total = Number(await page.getByTestId("fee-total").getAttribute("data-amount"));
      expect(total).toBeGreaterThan(0);
      await expect(page.getByTestId("confirm-total")).toHaveAttribute("data-amount", String(total));
      await expectAccessible(page);

      // No settlement method chosen: refused next to the field, nothing booked.
      await page.getByTestId("confirm-submit").click();
      await expect(page.getByTestId("error-pay_method")).toBeAttached();
      await expect(page).toHaveURL(stepUrl(locale, "/reserve/confirm"));
      await expectAccessible(page);

      await choosePayMethod(page, 2);
      await page.getByTestId("confirm-submit").click();
      const number = await reserveNo(page, locale);
      await expect(page.getByTestId("completed-email")).toContainText(email);
      await expect(page.getByTestId("completed-tel")).toHaveAttribute("href", /^tel:\+81\d{9,10}$/);
      await expectAccessible(page);

      // The confirmation mail, in the booking's language, with the number and the total.
      const [mail] = (await mailsTo(request, SITE, email)).filter((m) => m.kind === "reservation_confirmed");
      expect(mail?.locale).toBe(locale);
      expect(mail?.text).toContain(number);
      expect(mail?.text).toContain(total.toLocaleString("en-US"));

      // Reloading the completion page shows the same booking; the confirmation no longer applies.
      await page.reload();
      await expect(page.getByTestId("reserve-no")).toHaveText(number);
      await page.goto(url(locale, SITE, "/reserve/confirm"));
      await expect(page).toHaveURL(stepUrl(locale, "/reserve"));
    });
  });
});
