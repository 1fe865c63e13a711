import type { Page } from "@playwright/test";
import { type AdminLang, adminLogin, field, fieldError, STAFF } from "./admin-helpers";
import { E2E_CONTENT } from "./admin-sites";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 25's API keys in the back office, on the e2e site `e2e-content` (it has an owner and a
 * manager: tests/e2e/setup-data.ts; nothing else there reads its keys): the owner makes a key in
 * Japanese (with JavaScript) and in English (without), sees its secret once with the warning, finds
 * it gone after loading the page again, and revokes it after a second step; refusals show next to
 * their fields with the values kept. A manager has no menu entry, and the page and its form answer 403.
 */
const SITE = E2E_CONTENT.siteId;
const admin = (path: string) => `/admin/${SITE}${path}`;
const SECRET = /^rcb_[A-Za-z0-9_-]{43}$/;

const TEXT = {
  ja: {
    title: "API キー",
    required: "入力してください。",
    scopesRequired: "できることを1つ以上選んでください。",
    created: (name: string) => `API キー「${name}」を作成しました`,
    warning: "このキーが表示されるのは今だけです。",
    scopes: "車種・空車の参照、予約",
    rate: "60回/分",
    never: "未使用",
    copied: "コピーしました",
    revoked: (name: string) => `API キー「${name}」を無効にしました。`,
    revokedAt: /に無効化$/,
    docs: "API リファレンス",
  },
  en: {
    title: "API keys",
    required: "This is required.",
    scopesRequired: "Choose at least one thing the key may do.",
    created: (name: string) => `API key “${name}” created`,
    warning: "This is the only time the key is shown.",
    scopes: "Catalogue, Bookings",
    rate: "60/min",
    never: "Never",
    copied: "Copied",
    revoked: (name: string) => `The API key “${name}” was revoked.`,
    revokedAt: /^Revoked /,
    docs: "API reference",
  },
} as const;

/** A name no other run or test has used: the two tests share the site and run in parallel. */
const uniqueName = (lang: AdminLang) => `連携 ${lang} ${Date.now().toString(36)}`;

const keyRow = (page: Page, name: string) =>
  page.getByTestId("api-keys-table").getByTestId("row").filter({ hasText: name });

/** A refused form: no name, no scope, a rate limit out of range; the typed value is kept. */
async function submitRefused(page: Page, lang: AdminLang) {
  await field(page, "name").fill("");
  await page.locator('input[name="scopes"][value="catalog:read"]').uncheck();
  await page.locator('input[name="scopes"][value="bookings"]').uncheck();
  await field(page, "rate_limit").fill("0");
  await page.getByTestId("api-key-submit").click();
  await expect(fieldError(page, "name")).toHaveText(TEXT[lang].required);
  await expect(fieldError(page, "scopes")).toHaveText(TEXT[lang].scopesRequired);
  await expect(fieldError(page, "rate_limit")).toBeVisible();
  await expect(field(page, "rate_limit")).toHaveValue("0");
  await expect(page.getByTestId("api-key-created")).toHaveCount(0);
}

/** Fills the form for a key that may read the catalogue and book, 60 requests a minute, and makes it. */
async function createKey(page: Page, name: string): Promise<string> {
  await field(page, "name").fill(name);
  await page.locator('input[name="scopes"][value="catalog:read"]').check();
  await page.locator('input[name="scopes"][value="bookings"]').check();
  await field(page, "rate_limit").fill("60");
  await page.getByTestId("api-key-submit").click();
  const secret = (await page.getByTestId("api-key-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(SECRET);
  return secret;
}

/** The list's row of the key: name, the secret's first 12 characters, scopes, limit, never used. */
async function expectListed(page: Page, lang: AdminLang, name: string, secret: string) {
  const row = keyRow(page, name);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("api-key-prefix")).toHaveText(`${secret.slice(0, 12)}…`);
  await expect(row).toContainText(TEXT[lang].scopes);
  await expect(row).toContainText(TEXT[lang].rate);
  await expect(row).toContainText(TEXT[lang].never);
  await expect(row.getByTestId("revoke-open")).toBeVisible();
}

/** Revokes the key after the second step, and sees it so in the list. */
async function revoke(page: Page, lang: AdminLang, name: string) {
  const row = keyRow(page, name);
  // The first click only opens the confirmation: nothing is posted yet.
  await row.getByTestId("revoke-open").click();
  await expect(row.getByTestId("revoke-submit")).toBeVisible();
  await expect(row.getByTestId("api-key-revoked")).toHaveCount(0);
  await row.getByTestId("revoke-submit").click();
  await expect(page.getByTestId("flash")).toContainText(TEXT[lang].revoked(name));
  await expect(keyRow(page, name).getByTestId("api-key-revoked")).toHaveText(TEXT[lang].revokedAt);
  await expect(keyRow(page, name).getByTestId("revoke-open")).toHaveCount(0);
}

test.describe("API keys in the back office", () => {
  test("in Japanese with JavaScript: the owner makes a key, copies its secret once, it is gone after a reload, and revokes it", async ({
    page,
    context,
    baseURL,
  }) => {
    const lang = "ja";
    await adminLogin(page, STAFF.owner(SITE), lang);
    await page.getByTestId("nav-api-keys").click();
    await expect(page.getByTestId("page-title")).toHaveText(TEXT[lang].title);
    await expect(page.getByTestId("api-key-headers")).toContainText("Authorization: Bearer");
    await expect(page.getByTestId("api-key-headers")).toContainText(`X-Site-Id: ${SITE}`);
    await expect(page.getByTestId("api-docs-link")).toHaveAttribute("href", "/api/v1/docs");
    await expect(page.getByTestId("api-docs-link")).toHaveText(TEXT[lang].docs);
    await expectAccessible(page);

    await submitRefused(page, lang);
    await expectAccessible(page);

    const name = uniqueName(lang);
    const secret = await createKey(page, name);
    const created = page.getByTestId("api-key-created");
    await expect(created.getByRole("heading")).toHaveText(TEXT[lang].created(name));
    await expect(page.getByTestId("api-key-warning")).toContainText(TEXT[lang].warning);
    await expectListed(page, lang, name, secret);
    // The form starts empty again for the next key.
    await expect(field(page, "name")).toHaveValue("");
    await expectAccessible(page);

    // The copy button puts the secret on the clipboard.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.getByTestId("copy-secret").click();
    await expect(page.getByTestId("copy-status")).toHaveText(TEXT[lang].copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // Loading the page again shows the key in the list, never its secret.
    await page.reload();
    await expect(page.getByTestId("page-title")).toHaveText(TEXT[lang].title);
    await expect(page.getByTestId("api-key-created")).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(secret);
    await expectListed(page, lang, name, secret);

    await revoke(page, lang, name);
    await expectAccessible(page);
  });

  test("in English without JavaScript: the owner makes a key, reads its secret once, and revokes it; a manager is refused", async ({
    browser,
    baseURL,
  }) => {
    const lang = "en";
    const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await plain.newPage();
    await adminLogin(page, STAFF.owner(SITE), lang);
    await page.getByTestId("nav-api-keys").click();
    await expect(page.getByTestId("page-title")).toHaveText(TEXT[lang].title);

    // Only the server checks: the same messages, the typed values kept, a 422.
    const refused = page.waitForResponse((r) => r.request().method() === "POST");
    await submitRefused(page, lang);
    expect((await refused).status()).toBe(422);
    await expect(page.getByTestId("error-summary")).toBeVisible();

    const name = uniqueName(lang);
    const secret = await createKey(page, name);
    await expect(page.getByTestId("api-key-created").getByRole("heading")).toHaveText(TEXT[lang].created(name));
    await expect(page.getByTestId("api-key-warning")).toContainText(TEXT[lang].warning);
    // No copy button without JavaScript; the key is one selectable block of text.
    await expect(page.getByTestId("copy-secret")).toHaveCount(0);
    expect(await page.getByTestId("api-key-secret").evaluate((el) => getComputedStyle(el).userSelect)).toBe("all");
    // (axe needs JavaScript: the Japanese test checks these pages with it.)
    await expectListed(page, lang, name, secret);

    // Opening the page again (a new GET; reloading a POST's answer would post again) shows no secret.
    await page.goto(admin("/api-keys"));
    await expect(page.getByTestId("api-key-created")).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(secret);
    await expectListed(page, lang, name, secret);

    // The confirmation is a <details>: it opens without JavaScript.
    await revoke(page, lang, name);
    await plain.close();

    // A manager: no menu entry, the page and its form refused by the server.
    const other = await browser.newContext({ baseURL });
    const manager = await other.newPage();
    await adminLogin(manager, { siteId: SITE, email: E2E_CONTENT.manager }, lang);
    await expect(manager.getByTestId("nav-pages")).toBeVisible();
    await expect(manager.getByTestId("nav-api-keys")).toHaveCount(0);
    const response = await manager.goto(admin("/api-keys"));
    expect(response?.status()).toBe(403);
    await expect(manager.getByTestId("error-page")).toHaveAttribute("data-status", "403");
    await expect(manager.getByTestId("error-message")).toHaveText("You do not have permission to do this.");
    await expectAccessible(manager);
    const csrf = (await other.cookies()).find((c) => c.name === "csrf")?.value ?? "";
    const post = await manager.request.post(admin("/api-keys"), {
      form: { _csrf: csrf, name: "manager's key", scopes: "catalog:read", rate_limit: "120" },
      headers: { Origin: new URL(manager.url()).origin },
    });
    expect(post.status()).toBe(403);
    await other.close();
  });
});
