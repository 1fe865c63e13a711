import { DEMO_PASSWORD, loginAs } from "./account-helpers";
import { adminLogin, fieldError, STAFF } from "./admin-helpers";
import { E2E_CONTENT } from "./admin-sites";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./search-helpers";

/**
 * The back office's content (issue 23) on the e2e site `e2e-content` (published, with a store, a
 * member and a manager: tests/e2e/setup-data.ts): a custom page written with its preview, where a
 * pasted script is dropped and never runs, then seen on the public site and in its footer; a news
 * item on the public top; a driver field made required and asked for by My Page's driver form;
 * refusals next to their fields with the values kept, with and without JavaScript; the payment
 * methods the owner's only.
 */
const SITE = E2E_CONTENT.siteId;
const admin = (path: string) => `/admin/${SITE}${path}`;

test.describe("back office content", () => {
  test("on a phone in Japanese: a page with its preview, a news item and a required driver field reach the public site", async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    page.on("dialog", (dialog) => {
      throw new Error(`a dialog opened: ${dialog.message()}`);
    });
    await adminLogin(page, STAFF.owner(SITE), "ja");
    await page.getByTestId("admin-menu").locator("summary").click();
    await page.getByTestId("nav-pages").click();
    await expect(page.getByTestId("page-title")).toHaveText("カスタムページ");
    await expectAccessible(page);

    await page.getByTestId("new-page").click();
    await page.locator('[name="page_title"]').fill("ご利用ガイド");
    await page.locator('[name="page_url"]').fill("guide");
    await page
      .locator('[name="page_contents"]')
      .fill(
        "## 受付時間\n\n毎日9時から18時まで。<script>window.__owned = 1</script>\n\n- 予約は[こちら](/e2e-content/reserve)\n- [電話](javascript:alert(1))",
      );
    // The preview follows the typing: the public page's rendering, with what the markup dropped.
    const preview = page.getByTestId("preview-ja");
    await expect(preview.getByRole("heading", { name: "受付時間" })).toBeVisible();
    await expect(preview.getByRole("link", { name: "こちら" })).toHaveAttribute("href", "/e2e-content/reserve");
    await expect(preview.getByTestId("preview-dropped")).toContainText("<script>…</script>");
    await expect(preview.getByTestId("preview-dropped")).toContainText("javascript:alert(1)");
    await expect(preview.getByText("電話")).toBeVisible();
    await expect(page.getByTestId("preview").locator("script")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
    await page.getByTestId("preview-button").click();
    await expect(page.locator("#preview-heading")).toBeFocused();
    await expectAccessible(page);
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toContainText("登録しました");
    await expect(page).toHaveURL(/\/pages\/\d+$/);

    await page.goto(`/${SITE}/c/guide`);
    await expect(page.getByTestId("page-title")).toHaveText("ご利用ガイド");
    await expect(page.getByTestId("rich-text").getByRole("heading", { name: "受付時間" })).toBeVisible();
    await expect(page.getByTestId("rich-text")).toContainText("毎日9時から18時まで。");
    await expect(page.locator("main script")).toHaveCount(0);
    await expect(page.getByTestId("site-footer").getByRole("link", { name: "ご利用ガイド" })).toHaveAttribute(
      "href",
      `/${SITE}/c/guide`,
    );
    expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();

    // News: added in the back office, on the public top at once.
    await page.goto(admin("/news/new"));
    await expect(page.getByTestId("page-title")).toHaveText("お知らせの追加");
    await expect(page.locator('[name="published_on"]')).not.toHaveValue("");
    await page.locator('[name="title"]').fill("夏季休業のお知らせ");
    await page.locator('[name="body"]').fill("8月13日から15日まで休業します。");
    await expectAccessible(page);
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toContainText("登録しました");
    await expect(page.getByTestId("news-table").getByTestId("row").first()).toContainText("夏季休業のお知らせ");
    await expectAccessible(page);
    await page.goto(`/${SITE}`);
    await expect(page.getByTestId("news-list")).toContainText("夏季休業のお知らせ");
    await expect(page.getByTestId("news-list")).toContainText("8月13日から15日まで休業します。");

    // The reading of a driver's name becomes required: My Page's driver form asks for it.
    await page.goto(admin("/driver-settings"));
    await expectAccessible(page);
    const kana = page.getByTestId("mode-kana");
    await expect(kana.getByRole("radio", { name: "任意" })).toBeChecked();
    await kana.getByRole("radio", { name: "必須" }).check();
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toContainText("保存しました");
    await expect(page.getByTestId("mode-kana").getByRole("radio", { name: "必須" })).toBeChecked();

    await loginAs(page, "ja", SITE, E2E_CONTENT.member, DEMO_PASSWORD);
    await page.goto(`/${SITE}/mypage/driver/new`);
    await expect(page.locator('[data-field="kana"] label')).toContainText("必須");
    await page.getByTestId("driver-form").locator('button[type="submit"]').click();
    await expect(page.getByTestId("error-kana")).toHaveCount(1);
  });

  test("in English on a desktop: a taken and a bad address are refused next to the field with the values kept, also without JavaScript; payment methods need one and are the owner's only", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await adminLogin(page, STAFF.owner(SITE), "en");
    await page.goto(admin("/pages/new"));
    await page.locator('[name="page_title"]').fill("Company");
    await page.locator('[name="page_url"]').fill("company");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toContainText("Created.");

    await page.goto(admin("/pages/new"));
    await page.locator('[name="page_title"]').fill("Company again");
    await page.locator('[name="page_title_en"]').fill("About us");
    await page.locator('[name="page_url"]').fill("company");
    await page.locator('[name="page_contents"]').fill("## Who we are");
    await page.getByTestId("save").click();
    await expect(fieldError(page, "page_url")).toHaveText("This address is already used.");
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await expect(page.locator('[name="page_title_en"]')).toHaveValue("About us");
    await expect(page.locator('[name="page_contents"]')).toHaveValue("## Who we are");
    await page.locator('[name="page_url"]').fill("Company Page!");
    await page.getByTestId("save").click();
    await expect(fieldError(page, "page_url")).toHaveText("Use lower-case letters, digits, hyphens and underscores.");
    await expect(page.locator('[name="page_url"]')).toBeFocused();
    await expect(page.locator('[name="page_title"]')).toHaveValue("Company again");
    await expectAccessible(page);

    // Without JavaScript: the Preview button posts the form, which comes back with its preview and
    // every value; the server refuses the bad address by itself.
    const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await adminLogin(noJs, STAFF.owner(SITE), "en");
    await noJs.goto(admin("/pages/new"));
    await noJs.locator('[name="page_title"]').fill("Access");
    await noJs.locator('[name="page_url"]').fill("Bad Address");
    await noJs.locator('[name="page_contents_en"]').fill('## Getting here\n\n<b onclick="x()">Ten</b> minutes');
    await noJs.getByTestId("preview-button").click();
    const previewEn = noJs.getByTestId("preview-en");
    await previewEn.locator("summary").click();
    await expect(previewEn.getByRole("heading", { name: "Getting here" })).toBeVisible();
    await expect(previewEn.getByTestId("preview-dropped")).toContainText("The HTML tag <b> is not shown");
    await expect(noJs.locator('[name="page_url"]')).toHaveValue("Bad Address");
    await expect(noJs.locator('[name="page_title"]')).toHaveValue("Access");
    await noJs.getByTestId("save").click();
    await expect(fieldError(noJs, "page_url")).toHaveText("Use lower-case letters, digits, hyphens and underscores.");
    await expect(noJs.locator('[name="page_contents_en"]')).toHaveValue(
      '## Getting here\n\n<b onclick="x()">Ten</b> minutes',
    );
    await plain.close();

    await page.goto(admin("/settlement"));
    await expect(page.getByTestId("page-title")).toHaveText("Payment methods");
    await expectAccessible(page);
    for (const m of [1, 2, 3]) await page.getByTestId(`method-${m}`).uncheck();
    await page.getByTestId("save").click();
    await expect(fieldError(page, "settlement_methods")).toHaveText("Choose at least one payment method.");
    await expect(page.getByTestId(`method-2`)).not.toBeChecked();
    await page.goto(admin("/settlement"));
    await expect(page.getByTestId("method-2")).toBeChecked();
    // What "Other" means at this company, shown at confirmation in the visitor's language (issue 40).
    await waitForHydration(page.locator('[name="pay_other_note_en"]'));
    await page.locator('[name="pay_other_note_en"]').fill("Paid through your travel agency");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toContainText("Saved.");
    await page.goto(admin("/settlement"));
    await expect(page.locator('[name="pay_other_note_en"]')).toHaveValue("Paid through your travel agency");
    await expectAccessible(page);

    // A manager edits content but not the payment methods: not in the menu, and refused by the server.
    const other = await browser.newContext({ baseURL });
    const manager = await other.newPage();
    await adminLogin(manager, { siteId: SITE, email: E2E_CONTENT.manager }, "en");
    await expect(manager.getByTestId("nav-pages")).toBeVisible();
    await expect(manager.getByTestId("nav-settlement")).toHaveCount(0);
    const response = await manager.goto(admin("/settlement"));
    expect(response?.status()).toBe(403);
    await expect(manager.getByTestId("error-message")).toHaveText("Only the site's owner can set the payment methods.");
    await expectAccessible(manager);
    const csrf = (await other.cookies()).find((c) => c.name === "csrf")?.value ?? "";
    const post = await manager.request.post(admin("/settlement"), {
      form: { _csrf: csrf, settlement_methods: "4" },
      headers: { Origin: new URL(manager.url()).origin },
    });
    expect(post.status()).toBe(403);
    await other.close();
  });
});
