import { adminLogin, adminLogout, fieldError, STAFF, setAdminLanguage } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * The back office's frame and its first screens (issue 23): signing in and out in Japanese and
 * English, the menu on a phone, stores (list, a refused save that keeps what was typed, a change
 * recorded in the audit log), and what store staff may not do, checked on the server.
 */
test.describe("back office frame", () => {
  test("an owner signs in on a phone in Japanese, finds the stores through the menu, and signs out", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await setAdminLanguage(page, "ja");
    await page.goto("/admin/sakura");
    await expect(page).toHaveURL(/\/admin\/sakura\/login\?redirect=%2Fadmin%2Fsakura$/);
    await expect(page.getByTestId("page-title")).toHaveText("管理画面ログイン");
    // Each tab names the page, the site and the back office, and is never indexed.
    await expect(page).toHaveTitle("管理画面ログイン | さくらレンタカー沖縄 予約管理");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expectAccessible(page);
    await adminLogin(page, STAFF.sakuraOwner, "ja");
    await expect(page).toHaveTitle("ホーム | さくらレンタカー沖縄 予約管理");
    await expect(page.getByTestId("flash")).toHaveText(/ログインしました/);
    await expect(page.getByTestId("two-factor-reminder")).toBeVisible();
    await expect(page.getByTestId("count-stores")).toHaveText("3");
    await expectAccessible(page);

    await page.getByTestId("admin-menu").locator("summary").click();
    await page.getByTestId("nav-stores").click();
    await expect(page.getByTestId("page-title")).toHaveText("店舗");
    await expect(page).toHaveTitle("店舗 | さくらレンタカー沖縄 予約管理");
    await expect(page.getByTestId("admin-menu")).not.toHaveAttribute("open", "");
    const rows = page.getByTestId("stores-table").getByTestId("row");
    await expect(rows).toHaveCount(3);
    await expectAccessible(page);
    await rows.first().getByRole("link").click();
    await expect(page.getByTestId("page-title")).toContainText("那覇空港店");
    await expect(page).toHaveTitle("店舗の編集: 那覇空港店 | さくらレンタカー沖縄 予約管理");
    await expect(page.locator('[name="store_name_en"]')).toHaveValue("Naha Airport Store");
    await expectAccessible(page);
    // A page that does not exist says so in its tab too, inside the frame.
    await page.goto("/admin/sakura/no-such-page");
    await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404");
    await expect(page).toHaveTitle("ページが見つかりません");
    await page.goBack();

    await adminLogout(page);
    await expect(page).toHaveURL(/\/admin\/sakura\/login$/);
    await expect(page.getByTestId("flash")).toHaveText(/ログアウトしました/);
    await page.goto("/admin/sakura/stores");
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test("in English, a store with mistakes is refused field by field and keeps what was typed; the saved store and a change to it are in the audit log", async ({
    page,
  }) => {
    await adminLogin(page, STAFF.owner("e2e-shell"), "en");
    await expect(page.getByTestId("page-title")).toHaveText("Home");
    await expect(page).toHaveTitle(/^Home \| .+ Back office$/);
    await expect(page.getByTestId("step-stores")).toHaveAttribute("data-done", "false");
    await page.goto("/admin/e2e-shell/stores/new");
    await page.locator('[name="store_name_en"]').fill("Harbour Store");
    await page.locator('[name="zip"]').fill("12-34");
    await page.locator('[name="holiday_dates"]').fill("2020-01-01");
    await page.locator('[name="business_start_time"]').fill("19:00");
    await page.getByTestId("save").click();
    // Checked in the browser first: the first field to fix takes the focus.
    await expect(page.locator('[name="store_name"]')).toBeFocused();
    await expect(page.getByTestId("error-summary")).toContainText("Please check your entries (3)");
    await expect(fieldError(page, "store_name")).toHaveText("This is required.");
    await expect(fieldError(page, "zip")).toBeVisible();
    await expect(fieldError(page, "business_end_time")).toHaveText("The closing time must be after the opening time.");
    await expect(page.locator('[name="store_name_en"]')).toHaveValue("Harbour Store");

    await page.locator('[name="store_name"]').fill("港店");
    await page.locator('[name="zip"]').fill("900-0001");
    await page.locator('[name="business_start_time"]').fill("09:00");
    // Sent without the browser's checks, the server refuses the holiday in the past by itself.
    await page.locator("[data-testid=store-form]").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByTestId("save").click();
    await expect(fieldError(page, "holiday_dates")).toHaveText("A date in the past cannot be chosen.");
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await expect(page.locator('[name="store_name"]')).toHaveValue("港店");
    await page.locator('[name="holiday_dates"]').fill("");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toContainText("Created.");
    await expect(page).toHaveURL(/\/admin\/e2e-shell\/stores\/\d+$/);
    await page.locator('[name="tel"]').fill("098-000-1111");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toContainText("Saved.");
    await expectAccessible(page);

    await page.goto("/admin/e2e-shell/audit");
    const update = page.locator('[data-testid=audit-entry][data-action="store.update"]').first();
    await update.locator("summary").click();
    await expect(update.locator('tr[data-field="tel"] [data-testid=audit-before]')).toHaveText("—");
    await expect(update.locator('tr[data-field="tel"] [data-testid=audit-after]')).toHaveText("098-000-1111");
    await expect(page.locator('[data-testid=audit-entry][data-action="store.create"]')).toHaveCount(1);
    await expect(page.locator('[data-testid=audit-entry][data-action="site.create"]')).toContainText("site:create");
    await expectAccessible(page);
  });

  test("store staff see only their store; staff, the audit log and another store are refused by the server", async ({
    page,
  }) => {
    await adminLogin(page, STAFF.sakuraStoreStaff, "ja");
    await expect(page.getByTestId("nav-staff")).toHaveCount(0);
    await page.goto("/admin/sakura/stores");
    await expect(page.getByTestId("stores-table").getByTestId("row")).toHaveCount(1);
    await expect(page.getByTestId("new-store")).toHaveCount(0);
    for (const path of ["/staff", "/audit", "/staff/new"]) {
      const response = await page.goto(`/admin/sakura${path}`);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "403");
    }
    await expectAccessible(page);
    // Another store of the same site: not shown, and a save sent to it anyway is refused.
    const other = await page.goto("/admin/sakura/stores/2");
    expect(other?.status()).toBe(404);
    const csrf = (await page.context().cookies()).find((c) => c.name === "csrf")?.value ?? "";
    const post = await page.request.post("/admin/sakura/stores/2", {
      form: {
        _csrf: csrf,
        store_name: "乗っ取り",
        pref_code: "0",
        business_hours_type: "2",
        business_start_time: "09:00",
        business_end_time: "18:00",
        display_order: "1",
        management_status: "1",
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(post.status()).toBe(403);
  });

  test("before any script, the desktop menu stands beside the page, scrolls by keyboard and passes axe", async ({
    page,
    browser,
  }) => {
    await adminLogin(page, STAFF.sakuraOwner, "ja");
    const context = await browser.newContext({
      storageState: await page.context().storageState(),
      viewport: { width: 1366, height: 600 },
      baseURL: new URL(page.url()).origin,
    });
    // The page as the server sent it: its scripts never arrive (axe still runs in the page).
    await context.route(/\.m?js(\?|$)/, (route) => route.abort());
    const bare = await context.newPage();
    await bare.goto("/admin/sakura/settings");
    const menu = bare.getByRole("navigation", { name: "管理メニュー" });
    await expect(menu.getByRole("link").first()).toBeVisible();
    await expect(bare.getByTestId("admin-menu")).not.toHaveAttribute("open");
    // Taller than the window, so it scrolls in itself and takes focus for the keyboard.
    expect(await menu.evaluate((nav) => nav.scrollHeight > nav.clientHeight)).toBe(true);
    await expect(menu).toHaveAttribute("tabindex", "0");
    await expectAccessible(bare);
    await context.close();
  });

  test("a sign-in on one site's back office opens no other site's", async ({ page }) => {
    await adminLogin(page, STAFF.sakuraOwner, "en");
    await page.goto("/admin/kaede");
    await expect(page).toHaveURL(/\/admin\/kaede\/login\?redirect=/);
    await page.goto("/admin/no-such-site/login");
    await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404");
  });
});

test.describe("back office staff", () => {
  test("an owner invites store staff, who accept from the mail and see only their store; the owner changes their role; the language switch is remembered", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await adminLogin(page, STAFF.owner("e2e-shell"), "ja");
    // A store for the new colleague.
    await page.goto("/admin/e2e-shell/stores/new");
    await page.locator('[name="store_name"]').fill("駅前店");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toContainText("登録しました");

    // On a desktop the menu stands open beside the page.
    await page.getByTestId("nav-staff").click();
    await expect(page.getByTestId("page-title")).toHaveText("スタッフ");
    await expectAccessible(page);
    await page.getByTestId("invite-staff").click();
    const email = `clerk-${Date.now()}@example.com`;
    await page.locator('[name="email"]').fill(email);
    await page.locator('[name="name"]').fill("店舗 花子");
    await page.locator('[name="role"][value="store_staff"]').check();
    await page.getByTestId("invite-submit").click();
    // Store staff need a store: refused beside the stores, with what was typed kept.
    await expect(fieldError(page, "store_ids")).toHaveText("担当する店舗を1つ以上選んでください。");
    await expect(page.locator('[name="email"]')).toHaveValue(email);
    await page.getByLabel("駅前店").check();
    await page.getByTestId("invite-form").locator('[name="locale"]').selectOption("en");
    await expectAccessible(page);
    await page.getByTestId("invite-submit").click();
    await expect(page.getByTestId("flash")).toContainText(email);
    const row = page.getByTestId("staff-table").getByTestId("row").filter({ hasText: email });
    await expect(row).toContainText("招待中");

    // The invitee, in another browser, from the mail in English.
    const other = await browser.newContext();
    const invitee = await other.newPage();
    const mails = await (
      await invitee.request.get(`/_dev/mail.json?site=e2e-shell&to=${encodeURIComponent(email)}`)
    ).json();
    const mail = (mails.mails as { kind: string; text: string; subject: string }[]).find(
      (m) => m.kind === "staff_invitation",
    );
    expect(mail?.subject).toBe("[e2e-shell] Invitation to the back office");
    const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
    await invitee.goto(`${link.pathname}${link.search}`);
    await invitee.locator('[name="password"]').fill("clerk-pass-1");
    await invitee.locator('[name="password_confirm"]').fill("clerk-pass-1");
    await invitee.getByTestId("password-submit").click();
    await invitee.locator('[name="email"]').fill(email);
    await invitee.locator('[name="password"]').fill("clerk-pass-1");
    await invitee.getByTestId("login-submit").click();
    await expect(invitee).toHaveURL(/\/admin\/e2e-shell$/);
    await invitee.getByTestId("nav-stores").click();
    await expect(invitee.getByTestId("stores-table").getByTestId("row")).toHaveCount(1);
    // English chosen on the switch stays with this browser on the next pages.
    await invitee.getByTestId("language-switch").getByRole("button", { name: "English" }).click();
    await expect(invitee.getByTestId("page-title")).toHaveText("Stores");
    await invitee.getByTestId("nav-account").click();
    await expect(invitee.locator("html")).toHaveAttribute("lang", "en");
    await expect(invitee.getByTestId("two-factor-section")).toContainText(
      "Two-factor sign-in is for owners and managers.",
    );
    await expectAccessible(invitee);
    await other.close();

    await page.reload();
    await expect(row).toContainText("有効");
    await row.getByRole("link").click();
    await expect(page.getByTestId("page-title")).toContainText(email);
    await page.locator('[name="role"][value="read_only"]').check();
    await expectAccessible(page);
    await page.getByTestId("save").click();
    await expect(page.getByTestId("flash")).toContainText("保存しました");
    await expect(row).toContainText("閲覧のみ");
    await page.goto("/admin/e2e-shell/audit");
    const change = page.locator('[data-testid=audit-entry][data-action="staff.update"]').first();
    await change.locator("summary").click();
    await expect(change.locator('tr[data-field="role"] [data-testid=audit-before]')).toHaveText("store_staff");
    await expect(change.locator('tr[data-field="role"] [data-testid=audit-after]')).toHaveText("read_only");
  });
});
