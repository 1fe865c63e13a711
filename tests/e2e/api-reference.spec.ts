import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * The API's reference (issue 25, decision 033): rendered from the OpenAPI document, a first page with
 * every operation linked and a page per group of §7, readable on a phone, accessible, no script; the
 * document it links to is the one the server serves.
 */
async function expectPhoneReadable(page: Page) {
  await expect(page.locator("script")).toHaveCount(0);
  // Nothing wider than the phone: long paths and tables wrap or scroll inside their box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
}

test("the API reference lists §7's groups and operations, opens a group and the schemas, links the document, on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.goto("/en/api/v1/docs");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reference");
  for (const group of ["auth", "reservations", "stores", "mypage", "users", "drivers", "card-payments", "address"]) {
    await expect(page.getByRole("heading", { level: 2, name: group, exact: true })).toBeVisible();
  }
  await expectPhoneReadable(page);

  await page.getByRole("link", { name: /POST\s*\/submit-reserve/ }).click();
  await expect(page).toHaveURL(/\/en\/api\/v1\/docs\/reservations#submit-reserve$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("reservations");
  await expect(page.getByRole("heading", { level: 2, name: /POST\s*\/submit-reserve/ })).toBeVisible();
  await expect(page.getByText("Idempotency-Key").first()).toBeVisible();
  await expectPhoneReadable(page);

  await page.goto("/en/api/v1/docs/schemas");
  await expect(page.getByRole("heading", { level: 2, name: "Problem" })).toBeVisible();
  expect((await page.goto("/en/api/v1/docs/nothing"))?.status()).toBe(404);

  await page.goto("/en/api/v1/docs");
  // The document is large: read it whole through the link's address rather than from a page still loading.
  const href = await page.getByRole("link", { name: /openapi\.json/ }).getAttribute("href");
  const answer = await page.request.get(new URL(href ?? "", page.url()).toString());
  expect(answer.headers()["content-type"]).toContain("application/json");
  const document = await answer.json();
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toContain("/submit-reserve");
});
