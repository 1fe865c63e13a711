import type { Page } from "@playwright/test";
import { adminLogin, field, fieldError, STAFF } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Prices in the back office (issue 23), on the e2e-prices site (two stores and a car class, seeded by
 * setup-data.ts): a fee plan typed on a phone with its price preview following the tiers; tiers that
 * make no plan and a duplicate date refused beside their fields; the preview without JavaScript; an
 * option offered at one store.
 */
const SITE = "e2e-prices";
const owner = STAFF.owner(SITE);

const previewFee = (page: Page, period: string) =>
  page.locator(`[data-testid=preview-row][data-period="${period}"] [data-testid=preview-fee]`);

test.describe("back office prices", () => {
  test("in Japanese on a phone, an hours plan is typed with its preview following each tier, then saved", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await adminLogin(page, owner, "ja");
    await page.getByTestId("admin-menu").locator("summary").click();
    await page.getByTestId("nav-fee-plans").click();
    await expect(page.getByTestId("page-title")).toHaveText("料金プラン");
    await expectAccessible(page);
    await page.getByTestId("new-fee-plan").click();
    await expect(page.getByTestId("page-title")).toHaveText("料金プランの追加");
    await field(page, "store_id").selectOption({ label: "本店" });
    await field(page, "class_id").selectOption({ label: "コンパクト" });
    await expect(page.getByTestId("fee-tiers")).toHaveAttribute("data-mode", "1");
    await expect(page.getByTestId("preview-empty")).toBeVisible();

    // Full-width digits and commas, as a Japanese keyboard types them.
    for (const [name, value] of [
      ["up_to_3h", "３，０００"],
      ["up_to_6h", "4000"],
      ["up_to_12h", "5500"],
      ["up_to_24h", "7,000"],
      ["extra_hour", "1000"],
      ["extra_day", "6000"],
    ]) {
      await field(page, name as string).fill(value as string);
    }
    await expect(previewFee(page, "hours3")).toHaveText("3,000円");
    await expect(previewFee(page, "nights1")).toHaveText("7,000円");
    await expect(previewFee(page, "nights3")).toHaveText("19,000円");
    await field(page, "up_to_3h").fill("3500");
    await expect(previewFee(page, "hours3")).toHaveText("3,500円");
    // A 6-hour price below the 3-hour one: no figures, the message beside the 6-hour field.
    await field(page, "up_to_6h").fill("3000");
    await expect(fieldError(page, "up_to_6h")).toHaveText("短い期間の料金（3,500円）以上にしてください。");
    await expect(page.getByTestId("fee-preview")).toHaveAttribute("data-state", "invalid");
    await field(page, "up_to_6h").fill("4000");
    await expect(previewFee(page, "hours6")).toHaveText("4,000円");
    await expect(fieldError(page, "up_to_6h")).toHaveCount(0);
    await expectAccessible(page);

    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toHaveText(/登録しました/);
    await expect(page).toHaveURL(/\/admin\/e2e-prices\/fee-plans\/\d+$/);
    await expect(field(page, "up_to_3h")).toHaveValue("3500");
    await expect(previewFee(page, "hours3")).toHaveText("3,500円");
    await expectAccessible(page);

    await page.getByTestId("back-link").click();
    await page.locator("[name=store]").selectOption({ label: "本店" });
    await page.getByTestId("fee-plan-filter").getByRole("button").click();
    const rows = page.getByTestId("fee-plans-table").getByTestId("row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("時間制料金");
    await expect(rows.first().locator("[data-status]")).toHaveText("適用中");
    await expectAccessible(page);
  });

  test("in English, a decreasing tier, a gap and a duplicate date are refused beside their fields with the values kept", async ({
    page,
  }) => {
    await adminLogin(page, owner, "en");
    await page.goto(`/admin/${SITE}/fee-plans/new`);
    await field(page, "store_id").selectOption({ label: "Airport store" });
    await field(page, "class_id").selectOption({ label: "Compact" });
    await field(page, "effective_from").fill("2030-04-01");
    await page.getByLabel("Nightly rates").check();
    await expect(page.getByTestId("fee-tiers")).toHaveAttribute("data-mode", "2");
    await expect(field(page, "up_to_3h")).toBeHidden();
    const nights = {
      same_day: "6000",
      nights_1: "10000",
      nights_2: "15000",
      nights_3: "12000", // below 2 nights
      nights_4: "25000",
      nights_5: "", // a gap
      nights_6: "33000",
      nights_7: "36000",
      nights_14: "60000",
      month: "100000",
      extra_day: "4500",
    };
    for (const [name, value] of Object.entries(nights)) await field(page, name).fill(value);
    await page.getByTestId("save").click();
    await expect(fieldError(page, "nights_3")).toHaveText("Must be at least the shorter rental's price (¥15,000).");
    await expect(fieldError(page, "nights_5")).toHaveText(
      "The prices before and after it are filled in: fill in this one too.",
    );
    await expect(page.getByTestId("error-summary")).toBeVisible();
    await expect(field(page, "nights_3")).toHaveValue("12000");
    await expect(field(page, "month")).toHaveValue("100000");
    await expect(field(page, "effective_from")).toHaveValue("2030-04-01");
    await expectAccessible(page);

    await field(page, "nights_3").fill("20000");
    await field(page, "nights_5").fill("29000");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toHaveText(/Created/);

    // A price change from a date: the plan copied, first onto the date it already has.
    await page.getByTestId("copy-fee-plan").click();
    await expect(page.getByTestId("page-title")).toHaveText("Copy a fee plan to a new date");
    await expect(field(page, "nights_3")).toHaveValue("20000");
    await field(page, "effective_from").fill("2030-04-01");
    await field(page, "nights_1").fill("11000");
    await page.getByTestId("save").click();
    await expect(fieldError(page, "effective_from")).toHaveText(
      "This store and car class already have a plan from this date (for the same season). Choose another date or edit that plan.",
    );
    await expect(field(page, "nights_1")).toHaveValue("11000");
    await expectAccessible(page);
    await field(page, "effective_from").fill("2030-10-01");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toHaveText(/Created/);
  });

  test("without JavaScript, Preview shows the form again with the figures and every value kept; an option is made for one store", async ({
    page,
    browser,
  }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await adminLogin(plain, owner, "en");
    await plain.goto(`/admin/${SITE}/fee-plans/new`);
    await field(plain, "store_id").selectOption({ label: "Airport store" });
    await field(plain, "class_id").selectOption({ label: "Compact" });
    for (const [name, value] of Object.entries({ up_to_3h: "3000", up_to_6h: "2000", up_to_12h: "5000" })) {
      await field(plain, name).fill(value);
    }
    await plain.getByTestId("preview").click();
    await expect(fieldError(plain, "up_to_6h")).toHaveText("Must be at least the shorter rental's price (¥3,000).");
    await expect(fieldError(plain, "up_to_24h")).toHaveText("This is required.");
    await expect(field(plain, "up_to_12h")).toHaveValue("5000");
    for (const [name, value] of Object.entries({
      up_to_6h: "4000",
      up_to_24h: "7000",
      extra_hour: "1000",
      extra_day: "6000",
    })) {
      await field(plain, name).fill(value);
    }
    await plain.getByTestId("preview").click();
    await expect(previewFee(plain, "hours6")).toHaveText("¥4,000");
    await expect(previewFee(plain, "nights3")).toHaveText("¥19,000");
    await expect(field(plain, "up_to_6h")).toHaveValue("4000");
    await expect(field(plain, "class_id")).toHaveValue(/\d+/);
    await noScript.close();

    await adminLogin(page, owner, "en");
    await page.goto(`/admin/${SITE}/options`);
    await page.getByTestId("new-option").click();
    await page.locator("[name=option_name]").fill("チャイルドシート");
    await page.locator("[name=option_name_en]").fill("Child seat");
    await field(page, "price").fill("550");
    await field(page, "price_unit").selectOption("2");
    await field(page, "max_quantity").fill("2");
    await page.getByLabel("Airport store").check();
    await page.getByLabel("May be unavailable").check();
    await expectAccessible(page);
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toHaveText(/Created/);
    await page.getByTestId("back-link").click();
    // The English back office names it in English (issue 41: staff-entered names in the staff's language).
    const option = page.getByTestId("options-table").getByTestId("row").filter({ hasText: "Child seat" });
    await expect(option).toContainText("¥550 per day");
    await expect(option).toContainText("Airport store");
    await expect(option).not.toContainText("Main store");
    await expectAccessible(page);
  });
});
