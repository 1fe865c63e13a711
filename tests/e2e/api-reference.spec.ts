import { expect, expectAccessible, test } from "./fixtures";

/**
 * The API's reference page (issue 25, decision 033): rendered from the OpenAPI document, readable on
 * a phone, accessible, no script; the document it links to is the one the server serves.
 */
test("the API reference lists §7's groups and operations, links the document, and reads on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.goto("/api/v1/docs");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Rent-a-car booking API");
  for (const group of ["auth", "reservations", "stores", "mypage", "users", "drivers", "card-payments", "address"]) {
    await expect(page.getByRole("heading", { level: 2, name: group, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: /POST\s*\/submit-reserve/ })).toBeVisible();
  await expect(page.locator("script")).toHaveCount(0);
  // Nothing wider than the phone: long paths and tables wrap or scroll inside their box.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);

  await page.getByRole("link", { name: /openapi\.json/ }).click();
  const document = JSON.parse((await page.locator("body").textContent()) ?? "{}");
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toContain("/submit-reserve");
});
