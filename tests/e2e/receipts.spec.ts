import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "@playwright/test";
import { loginAs } from "./account-helpers";
import { adminLogin, field, fieldError, STAFF, setAdminLanguage } from "./admin-helpers";
import { RECEIPTS_BOOKING, RECEIPTS_MEMBER } from "./admin-sites";
import { expect, test } from "./fixtures";

/**
 * Issue 37 item 10 in the browser: a booking paid in cash at the counter (tests/e2e/setup-data.ts)
 * has a receipt; staff download it from the booking's page in the Japanese back office, and the
 * member from the booking in My Page. Each download is a PDF.
 */

async function downloadPdf(page: Page, link: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^receipt-${RECEIPTS_BOOKING}-R-\\d{8}\\.pdf$`));
  const bytes = await readFile((await download.path()) as string);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.byteLength).toBeGreaterThan(10_000);
  return download;
}

test("staff download a booking's receipt from its page (ja)", async ({ page }) => {
  await adminLogin(page, STAFF.sakuraOwner, "ja");
  await page.goto(`/admin/sakura/reservations/${RECEIPTS_BOOKING}`);
  const section = page.getByTestId("receipts");
  await expect(section.getByRole("heading")).toHaveText("領収書");
  const receipt = section.getByTestId("receipt");
  await expect(receipt).toHaveCount(1);
  await expect(receipt).toContainText("11,550円");
  // The link says which receipt it downloads, for a screen reader too.
  const link = receipt.getByTestId("receipt-pdf");
  await expect(link).toHaveAccessibleName(/^R-\d{8} のPDFをダウンロード$/);
  await downloadPdf(page, link);
  // The same file fetched directly: private and never cached.
  const response = await page.request.get((await link.getAttribute("href")) as string);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
});

test("a member downloads the receipt of their booking from My Page", async ({ page }) => {
  await loginAs(page, "ja", "sakura", RECEIPTS_MEMBER);
  await page.goto("/sakura/mypage/reserves");
  await page
    .locator(`[data-testid="reservation-card"][data-reserve-no="${RECEIPTS_BOOKING}"]`)
    .getByTestId("reservation-detail-link")
    .click();
  await expect(page.getByTestId("reserve-no")).toHaveText(RECEIPTS_BOOKING);
  const section = page.getByTestId("receipts");
  await expect(section.getByRole("heading")).toHaveText("領収書");
  const link = section.getByTestId("receipt-pdf");
  await expect(link).toHaveCount(1);
  await expect(link).toContainText("11,550円");
  await downloadPdf(page, link);
});

test("the settings page refuses a registration number whose check digit does not match, in Japanese and English", async ({
  page,
}) => {
  // Nothing is saved: sakura's settings stay as seeded for the other specs.
  await adminLogin(page, STAFF.sakuraOwner, "ja");
  await page.goto("/admin/sakura/settings");
  await field(page, "invoice_registration_number").fill("T6000012050002");
  await page.getByTestId("save").click();
  await expect(fieldError(page, "invoice_registration_number")).toHaveText(
    "登録番号の検査用数字（T の次の1桁）が合いません。番号をもう一度お確かめください。",
  );
  // The same staff member switches the back office to English.
  await setAdminLanguage(page, "en");
  await page.goto("/admin/sakura/settings");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await field(page, "invoice_registration_number").fill("1234");
  await page.getByTestId("save").click();
  await expect(fieldError(page, "invoice_registration_number")).toHaveText(
    "Enter the registration number as T followed by 13 digits (for example T1234567890123).",
  );
});
