import type { Page } from "@playwright/test";
import { registerMember, uniqueEmail } from "./account-helpers";
import { expect, expectAccessible, type LocaleCode, test, url } from "./fixtures";
import { expectFieldError, LOCALES, msg, waitForHydration } from "./search-helpers";

const SITE = "sakura";
const YEAR = String(new Date().getFullYear() + 3);

async function openCards(page: Page, locale: LocaleCode) {
  await page.goto(url(locale, SITE, "/mypage/user/credit_card"));
  const form = page.getByTestId("card-form");
  await waitForHydration(form);
  return form;
}

async function fillCard(page: Page, number: string, cvc = "123") {
  const form = page.getByTestId("card-form");
  await form.locator('input[name="card_number"]').fill(number);
  await form.locator('input[name="holder"]').fill("HANAKO SHIKEN");
  await form.locator('select[name="exp_month"]').selectOption("12");
  await form.locator('select[name="exp_year"]').selectOption(YEAR);
  await form.locator('input[name="cvc"]').fill(cvc);
  await page.getByTestId("card-submit").click();
}

for (const locale of LOCALES) {
  test.describe(`saved cards (${locale})`, () => {
    test("adds two cards, changes the default and deletes one; no analytics on the page", async ({ page }) => {
      test.setTimeout(90_000);
      await registerMember(page, locale, SITE, { email: uniqueEmail(`cards-${locale}`) });
      await openCards(page, locale);
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "creditCard.title"));
      await expect(page.getByTestId("no-cards")).toHaveText(msg(locale, "creditCard.empty"));
      await expect(page.getByTestId("jcb-note")).toHaveText(msg(locale, "creditCard.jcbNote"));
      await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
      await expectAccessible(page);

      await page.getByTestId("card-submit").click();
      await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.invalid_input"));
      await expectFieldError(page.getByTestId("card-form"), "card_number", msg(locale, "reason.card_number_required"));

      await fillCard(page, "4242 4242 4242 4242");
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "creditCard.flash.added"));
      await fillCard(page, "5555 5555 5555 4444");
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "creditCard.flash.added"));
      const cards = page.getByTestId("saved-card");
      await expect(cards).toHaveCount(2);
      const visa = page.locator('[data-testid="saved-card"][data-last4="4242"]');
      const master = page.locator('[data-testid="saved-card"][data-last4="4444"]');
      await expect(visa.getByTestId("default-badge")).toHaveText(msg(locale, "creditCard.default"));
      await expect(master).toContainText(`12/${YEAR.slice(2)}`);
      await expectAccessible(page);

      await master.getByTestId("make-default").click();
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "creditCard.flash.default"));
      await expect(master.getByTestId("default-badge")).toBeVisible();
      await expect(visa.getByTestId("default-badge")).toHaveCount(0);

      await visa.getByTestId("delete-card").click();
      await expect(visa).toContainText(msg(locale, "creditCard.deleteConfirm", { brand: "Visa", last4: "4242" }));
      await visa.getByTestId("delete-confirm").click();
      await expect(page.getByTestId("flash")).toContainText(msg(locale, "creditCard.flash.deleted"));
      await expect(cards).toHaveCount(1);
      await expect(master.getByTestId("default-badge")).toBeVisible();
    });
  });
}

for (const locale of ["ja", "en"] as const) {
  test(`a 3-D Secure card is saved once the challenge passes (${locale})`, async ({ page }) => {
    test.setTimeout(60_000);
    await registerMember(page, locale, SITE, { email: uniqueEmail(`3ds-${locale}`) });
    await openCards(page, locale);
    await fillCard(page, "4000 0000 0000 3220");
    await expect(page).toHaveURL(/\/_simulator\/3ds\/sim_seti_/);
    await expectAccessible(page);
    await page.getByTestId("3ds-complete").click();
    await expect(page.getByTestId("flash")).toContainText(msg(locale, "creditCard.flash.added"));
    await expect(page.locator('[data-testid="saved-card"][data-last4="3220"]')).toBeVisible();
  });
}

test("a failed 3-D Secure challenge saves nothing; JCB, declined and wrong CVC are refused", async ({ page }) => {
  test.setTimeout(90_000);
  const locale = "ko";
  await registerMember(page, locale, SITE, { email: uniqueEmail("3ds-fail") });
  await openCards(page, locale);
  await fillCard(page, "4000 0000 0000 3220");
  await page.getByTestId("3ds-fail").click();
  await expect(page.getByTestId("flash")).toContainText(msg(locale, "reason.authentication_failed"));
  await expect(page.getByTestId("no-cards")).toBeVisible();

  await openCards(page, locale);
  await fillCard(page, "3566 0020 2036 0505");
  await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.jcb_not_accepted"));
  await expect(page.getByTestId("card-form").locator('input[name="card_number"]')).toHaveValue("");
  await fillCard(page, "4000 0000 0000 0002");
  await expect(page.getByTestId("form-notice")).toHaveText(msg(locale, "reason.card_declined"));
  await fillCard(page, "4242 4242 4242 4242", "000");
  await expectFieldError(page.getByTestId("card-form"), "cvc", msg(locale, "reason.incorrect_cvc"));
  await expect(page.getByTestId("no-cards")).toBeVisible();
});

test("a return from the challenge page for another setup is ignored", async ({ page }) => {
  await registerMember(page, "en", SITE, { email: uniqueEmail("3ds-other") });
  await page.goto(url("en", SITE, "/mypage/user/credit_card?setup=sim_seti_00000000-0000-0000-0000-000000000000"));
  await expect(page).toHaveURL(/\/mypage\/user\/credit_card$/);
  await expect(page.getByTestId("no-cards")).toBeVisible();
});
