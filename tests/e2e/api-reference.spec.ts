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
  // The reservations group is a long page now (every operation's fields and examples).
  test.setTimeout(240_000);
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
  await expect(page).toHaveURL(/\/en\/api\/v1\/docs\/reservations\?lang=en#submit-reserve$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("reservations");
  await expect(page.getByRole("heading", { level: 3, name: /POST\s*\/submit-reserve/ })).toBeVisible();
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

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`the reference shows an operation's parameters, fields, examples and errors, and the webhook guide, in English and Japanese (${viewport.width}px)`, async ({
    page,
  }) => {
    // The reservations group is a long page (every field of every operation): axe needs time on a busy machine.
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    // English: an operation with its parameters, its body's fields as a table, an example and its errors.
    await page.goto("/en/api/v1/docs/reservations");
    const submit = page.locator("section", { has: page.locator("#submit-reserve") });
    await expect(submit.getByRole("heading", { level: 4, name: "Parameters" })).toBeVisible();
    await expect(submit.getByRole("rowheader", { name: /Idempotency-Key/ })).toBeVisible();
    await expect(submit.getByRole("heading", { level: 4, name: /Request body/ })).toBeVisible();
    await expect(submit.getByRole("rowheader", { name: /pay_method/ }).first()).toBeVisible();
    await expect(submit.getByText("Example (made from the schema)").first()).toBeVisible();
    await expect(submit.getByRole("heading", { level: 4, name: "Errors" })).toBeVisible();
    await expect(submit.getByRole("rowheader", { name: /^409/ })).toBeVisible();
    await expectPhoneReadable(page);

    // The language switch keeps the page and speaks Japanese.
    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "日本語" }).click();
    await expect(page).toHaveURL(/\/en\/api\/v1\/docs\/reservations\?lang=ja$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(
      page.locator("section", { has: page.locator("#submit-reserve") }).getByRole("heading", { name: "パラメーター" }),
    ).toBeVisible();
    await expectPhoneReadable(page);

    // The webhook guide: each event's payload in the API's names, the signature and how to check it, retries.
    await page.goto("/api/v1/docs/webhooks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhook ガイド");
    const cancelled = page.locator("section", { has: page.locator("#event-reservation-cancelled") });
    await expect(cancelled.getByRole("rowheader", { name: /webhook-signature/ })).toBeVisible();
    await expect(cancelled.getByRole("rowheader", { name: /reserve_no/ })).toBeVisible();
    await expect(cancelled.getByText('"channel": "api"')).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "署名" })).toBeVisible();
    await expect(page.getByText("timingSafeEqual(given, expected)")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "再送と ID" })).toBeVisible();
    await expectPhoneReadable(page);
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhook guide");
    await expect(page.getByRole("heading", { level: 2, name: "Retries and ids" })).toBeVisible();
    await expectPhoneReadable(page);
  });
}
