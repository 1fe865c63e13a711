import { adminLogin, field, fieldError, STAFF } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * The cancellation settings (issue 24) on e2e-settings, in Japanese: an owner lets customers cancel
 * online and writes the fee schedule, which is saved nearest first; a repeated day is refused at its
 * field as it is typed. Without JavaScript the page's empty rows add a step, and the server refuses
 * a percent over 100 at its field. Only the cancellation columns change, which the settings spec
 * on the same site never reads.
 */
const SITE = "e2e-settings";

test("in Japanese: the fee schedule is saved nearest first, a repeated day and a percent over 100 are refused at their fields", async ({
  page,
  browser,
}) => {
  await adminLogin(page, STAFF.owner(SITE), "ja");
  await page.getByTestId("nav-cancellation").click();
  await expect(page.getByTestId("page-title")).toHaveText("キャンセルの設定");
  await expect(page.getByTestId("fee-example")).toContainText("出発当日は100%、1〜3日前は50%");
  await page.locator('input[type="checkbox"][name="customer_cancel"]').check();
  await field(page, "customer_cancel_deadline_hours").fill("48");
  await field(page, "fee_days_0").fill("3");
  await field(page, "fee_percent_0").fill("50");
  await field(page, "fee_days_1").fill("0");
  await field(page, "fee_percent_1").fill("100");
  await expect(page.getByTestId("fee-summary-row")).toHaveText([
    "出発当日合計金額の100%",
    "1〜3日前合計金額の50%",
    "4日以上前無料",
  ]);
  await page.getByTestId("save").click();
  await expect(page.getByTestId("flash")).toHaveText(/保存しました/);
  await expect(field(page, "fee_days_0")).toHaveValue("0");
  await expect(field(page, "fee_percent_1")).toHaveValue("50");
  await expect(field(page, "customer_cancel_deadline_hours")).toHaveValue("48");

  // A step added with the button, for a day the schedule has already: refused before it is sent.
  await page.getByTestId("add-step").click();
  await expect(field(page, "fee_days_3")).toBeFocused();
  await field(page, "fee_days_3").fill("3");
  await field(page, "fee_percent_3").fill("30");
  await page.getByTestId("save").click();
  await expect(fieldError(page, "fee_days_3")).toHaveText(
    "3日前の段階が重複しています。日数は段階ごとに変えてください。",
  );
  await expect(page.getByTestId("error-summary")).toBeVisible();
  await expectAccessible(page);

  // Without JavaScript: the empty row adds a step; the server refuses a percent over 100 at its field.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await adminLogin(plain, STAFF.owner(SITE), "ja");
  await plain.goto(`/admin/${SITE}/cancellation`);
  await expect(plain.getByTestId("add-step")).toHaveCount(0);
  await field(plain, "fee_days_2").fill("7");
  await field(plain, "fee_percent_2").fill("101");
  await plain.getByTestId("save").click();
  await expect(fieldError(plain, "fee_percent_2")).toHaveText("0〜100の範囲で入力してください。");
  await expect(field(plain, "fee_days_2")).toHaveValue("7");
  await field(plain, "fee_percent_2").fill("20");
  await plain.getByTestId("save").click();
  await expect(plain.getByTestId("flash")).toHaveText(/保存しました/);
  await expect(field(plain, "fee_days_2")).toHaveValue("7");
  await expect(plain.getByTestId("fee-summary-row")).toHaveText([
    "出発当日合計金額の100%",
    "1〜3日前合計金額の50%",
    "4〜7日前合計金額の20%",
    "8日以上前無料",
  ]);
  await context.close();
});
