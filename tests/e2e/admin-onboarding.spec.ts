import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import sharp from "sharp";
import { type BuiltServer, freePort, startBuiltServer } from "../../scripts/lib/built-server";
import { type AdminLang, adminLogout } from "./admin-helpers";
import { choosePayMethod, guestToConfirm, reserveNo } from "./booking-helpers";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 23's proof: a rental company created by the provider's command (`npm run site:create`, on
 * a data dir of its own) is set up entirely in the browser by its owner: the invitation, two-factor
 * sign-in, and then the site itself, in Japanese and in English.
 */
const run = promisify(execFile);
const PASSWORD = "ume-owner-pass1";

interface Company {
  lang: AdminLang;
  siteId: string;
  clientId: number;
  owner: string;
  port: number;
}
const COMPANIES: Company[] = [
  { lang: "ja", siteId: "ume", clientId: 90, owner: "owner@ume.example", port: 4620 },
  { lang: "en", siteId: "momo", clientId: 91, owner: "owner@momo.example", port: 4640 },
];

const T = {
  ja: {
    invite: "スタッフ登録",
    inviteDone: "パスワードを設定しました",
    setup: "2段階認証の設定",
    home: "ホーム",
    twoFactor: "2段階認証",
  },
  en: {
    invite: "Join the back office",
    inviteDone: "Your password is set",
    setup: "Set up two-factor sign-in",
    home: "Home",
    twoFactor: "Two-factor sign-in",
  },
} as const;

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
const totp = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function companyContext(browser: Browser, server: BuiltServer, lang: AdminLang): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.base, locale: lang === "ja" ? "ja-JP" : "en-US" });
  await context.route(/googletagmanager\.com/, (route) => route.abort());
  return context;
}

/** Signs the owner in; `code` is the second factor's (an app's code or a recovery code), once it is on. */
async function signIn(page: Page, company: Company, code: string | null) {
  await page.goto(`/admin/${company.siteId}/login`);
  await page.locator('[name="email"]').fill(company.owner);
  await page.locator('[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  if (code) {
    await expect(page).toHaveURL(/\/login\/two-factor/);
    await expect(page.getByTestId("page-title")).toHaveText(T[company.lang].twoFactor);
    await page.locator('[name="code"]').fill(code);
    await page.getByTestId("two-factor-submit").click();
  }
  await expect(page).toHaveURL(new RegExp(`/admin/${company.siteId}$`));
}

for (const company of COMPANIES) {
  test.describe(`a new rental company set up in the back office (${company.lang})`, () => {
    test.describe.configure({ mode: "serial" });
    let server: BuiltServer;
    let cli = "";
    /** A recovery code kept when two-factor sign-in was turned on: the next sign-in uses it. */
    let recovery = "";

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      server = await startBuiltServer({
        // Each company's own range: two workers probing the same free port at once would share a server.
        port: await freePort(company.port),
        readyPath: "/readyz",
        prepare: async (dataDir, port) => {
          const { stdout } = await run(
            path.resolve("node_modules/.bin/tsx"),
            [
              "scripts/site-create.ts",
              "--client-id",
              String(company.clientId),
              "--site-id",
              company.siteId,
              "--plan",
              "premium",
              "--owner",
              company.owner,
              "--owner-lang",
              company.lang,
            ],
            { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn" } },
          );
          cli = stdout;
        },
      });
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test("the owner accepts the invitation, turns on two-factor sign-in, and signs in with a code", async ({
      browser,
    }) => {
      // A whole company's set-up, page after page.
      test.setTimeout(180_000);
      expect(cli).toContain(`created site ${company.siteId} (client ${company.clientId}, plan 4), unpublished`);
      const context = await companyContext(browser, server, company.lang);
      const page = await context.newPage();
      if (company.lang === "ja") await page.setViewportSize({ width: 390, height: 844 });

      const mails = await (
        await page.request.get(`/_dev/mail.json?${new URLSearchParams({ site: company.siteId, to: company.owner })}`)
      ).json();
      const invitation = (mails.mails as { kind: string; text: string; locale: string }[]).find(
        (m) => m.kind === "staff_invitation",
      );
      expect(invitation?.locale).toBe(company.lang);
      const link = new URL(invitation?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByTestId("page-title")).toHaveText(T[company.lang].invite);
      await expect(page.getByTestId("admin-site-title")).toHaveText(company.siteId);
      await expectAccessible(page);
      await page.locator('[name="password"]').fill(PASSWORD);
      await page.locator('[name="password_confirm"]').fill(PASSWORD);
      await page.getByTestId("password-submit").click();
      await expect(page.getByTestId("flash")).toContainText(T[company.lang].inviteDone);
      // The link is used up.
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByTestId("link-invalid")).toBeVisible();

      await signIn(page, company, null);
      await expect(page.getByTestId("page-title")).toHaveText(T[company.lang].home);
      await expect(page.getByTestId("unpublished-notice")).toBeVisible();
      await expect(page.getByTestId("step-stores")).toHaveAttribute("data-done", "false");
      await expectAccessible(page);

      await page.getByTestId("two-factor-reminder").getByRole("link").click();
      await expect(page.getByTestId("page-title")).toHaveText(T[company.lang].setup);
      await expect(page.getByTestId("totp-qr")).toBeVisible();
      await expectAccessible(page);
      const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
      await page.locator('[name="code"]').fill("000000");
      await page.getByTestId("two-factor-enable").click();
      await expect(page.locator('[data-field="code"] [data-testid="field-error"]')).toBeVisible();
      await page.locator('[name="code"]').fill(totp(secret));
      await page.getByTestId("two-factor-enable").click();
      await expect(page.getByTestId("recovery-code")).toHaveCount(10);
      recovery = (await page.getByTestId("recovery-code").first().textContent())?.trim() ?? "";
      await expectAccessible(page);
      await page.getByTestId("codes-kept").click();
      await expect(page.getByTestId("two-factor-status")).toHaveAttribute("data-on", "true");
      await expect(page.getByTestId("two-factor-reminder")).toHaveCount(0);

      await adminLogout(page);
      // Signed out before the next sign-in: going to the login page at once could cut the logout short.
      await expect(page).toHaveURL(new RegExp(`/admin/${company.siteId}/login$`));
      // The next step's code: the one that turned it on was taken, and a code is accepted once.
      await signIn(page, company, totp(secret, 1));
      await expect(page.getByTestId("page-title")).toHaveText(T[company.lang].home);
      await context.close();
    });

    test("the owner sets up a store, a car type with a photo, two cars, a fee plan, an option and a page, publishes, and a guest books at the previewed price", async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const context = await companyContext(browser, server, company.lang);
      const page = await context.newPage();
      if (company.lang === "ja") await page.setViewportSize({ width: 390, height: 844 });
      const admin = (path: string) => `/admin/${company.siteId}${path}`;
      const saved = async () => {
        await page.getByTestId("save").click();
        await expect(page.getByTestId("flash")).toHaveAttribute("data-kind", "success");
      };
      await signIn(page, company, recovery);
      // A recovery code is used up: the owner is told how many are left.
      await expect(page.getByTestId("flash")).toContainText("9");

      await page.goto(admin("/stores/new"));
      await page.locator('[name="store_name"]').fill("梅ヶ丘店");
      await page.locator('[name="store_name_en"]').fill("Umegaoka Store");
      await page.locator('[name="tel"]').fill("098-000-0090");
      await saved();
      const storeId = /\/stores\/(\d+)$/.exec(page.url())?.[1] as string;

      await page.goto(admin("/classes/new"));
      await page.locator('[name="class_name"]').fill("コンパクト");
      await page.locator('[name="class_name_en"]').fill("Compact");
      await saved();

      await page.goto(admin("/car-types/new"));
      // The English back office names the class in English.
      const compact = company.lang === "ja" ? "コンパクト" : "Compact";
      await page.locator('[name="class_id"]').selectOption({ label: compact });
      await page.locator('[name="type_name"]').fill("ヤリス");
      await page.locator('[name="type_name_en"]').fill("Yaris");
      const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#c0392b" } })
        .jpeg()
        .toBuffer();
      await page.getByTestId("photo-input").setInputFiles({ name: "yaris.jpg", mimeType: "image/jpeg", buffer: photo });
      await saved();
      const carTypeId = /\/car-types\/(\d+)$/.exec(page.url())?.[1] as string;
      await expect(page.getByTestId("photo").locator("img")).toHaveAttribute("src", /^\/media\/[a-f0-9]{32}\.webp$/);

      for (const plate of ["沖縄 500 わ 90-01", "沖縄 500 わ 90-02"]) {
        await page.goto(admin("/vehicles/new"));
        await page.locator('[name="car_type_id"]').selectOption(carTypeId);
        await page.locator('[name="registration_number"]').fill(plate);
        await saved();
      }

      await page.goto(admin("/fee-plans/new"));
      await page.locator('[name="store_id"]').selectOption(storeId);
      await page.locator('[name="class_id"]').selectOption({ label: compact });
      await page.locator('[name="mode"][value="2"]').check();
      const tiers: [string, string][] = [
        ["same_day", "5000"],
        ["nights_1", "8000"],
        ["nights_2", "12000"],
        ["nights_3", "15500"],
        ["nights_4", "19000"],
        ["nights_5", "22000"],
        ["nights_6", "25000"],
        ["nights_7", "28000"],
        ["nights_14", "50000"],
        ["month", "90000"],
        ["extra_day", "3500"],
      ];
      for (const [name, value] of tiers) await page.locator(`[name="${name}"]`).fill(value);
      const previewed = page.locator('[data-testid=preview-row][data-period="nights3"]');
      await expect(previewed.getByTestId("preview-fee")).toHaveText(company.lang === "ja" ? "15,500円" : "¥15,500");
      const departure = (await previewed.getAttribute("data-departure")) as string;
      const back = (await previewed.getAttribute("data-return")) as string;
      await expectAccessible(page);
      await saved();

      await page.goto(admin("/options/new"));
      await page.locator('[name="option_name"]').fill("チャイルドシート");
      await page.locator('[name="option_name_en"]').fill("Child seat");
      await page.locator('[name="price"]').fill("550");
      await saved();

      await page.goto(admin("/pages/new"));
      await page.locator('[name="page_url"]').fill("company");
      await page.locator('[name="page_title"]').fill("会社案内");
      await page.locator('[name="page_title_en"]').fill("About us");
      await page.locator('[name="page_contents"]').fill("梅レンタカーは那覇の小さなレンタカー会社です。");
      await saved();

      await page.goto(admin("/settings"));
      await page.locator('[name="site_title"]').fill(company.lang === "ja" ? "梅レンタカー" : "Momo Rent-a-Car");
      await page.locator('[name="public_status"][value="1"]').check();
      await saved();
      await page.goto(admin(""));
      await expect(page.getByTestId("unpublished-notice")).toHaveCount(0);
      await expect(page.getByTestId("setup-steps")).toHaveCount(0);

      // The public site, as a guest on a phone: the car at the store, booked for the previewed period.
      const guest = await companyContext(browser, server, "ja");
      const visitor = await guest.newPage();
      await visitor.setViewportSize({ width: 390, height: 844 });
      const [sd, st] = departure.split("T") as [string, string];
      const [ed, et] = back.split("T") as [string, string];
      const period = { sd, st, ed, et };
      await visitor.goto(`/${company.siteId}/c/company`);
      await expect(visitor.locator("main")).toContainText("梅レンタカーは那覇の小さなレンタカー会社です。");
      await visitor.goto(`/${company.siteId}/reserve?${new URLSearchParams({ si: storeId, ...period })}`);
      const card = visitor.locator(`[data-testid=car-card][data-car-type-id="${carTypeId}"]`);
      await expect(card.getByTestId("car-name")).toHaveText("ヤリス");
      await expect(card.locator("img")).toHaveAttribute("src", /^\/media\/[a-f0-9]{32}\.webp$/);
      await expect(card.getByTestId("price-total")).toHaveText("15,500円");
      const options = `/${company.siteId}/reserve/stores/${storeId}/cars/${carTypeId}/options?${new URLSearchParams({ si: storeId, ...period })}`;
      await guestToConfirm(visitor, "ja", options, `guest-${company.siteId}@example.com`, company.siteId);
      await expect(visitor.getByTestId("confirm-total")).toHaveAttribute("data-amount", "15500");
      await choosePayMethod(visitor, 2);
      await visitor.getByTestId("confirm-submit").click();
      await reserveNo(visitor, "ja", company.siteId);
      await guest.close();

      // Every change of the set-up is in the audit log, with what it became.
      await page.goto(admin("/audit"));
      const actions = await page
        .getByTestId("audit-entry")
        .evaluateAll((entries) => entries.map((e) => e.getAttribute("data-action")));
      expect(actions).toEqual(
        expect.arrayContaining([
          "site.create",
          "staff.invite",
          "staff.accept_invitation",
          "staff.two_factor_on",
          "store.create",
          "car_class.create",
          "car_type.create",
          "vehicle.create",
          "fee_plan.create",
          "option.create",
          "custom_page.create",
          "site.settings.update",
        ]),
      );
      expect(actions.filter((a) => a === "vehicle.create")).toHaveLength(2);
      const publish = page.locator('[data-testid=audit-entry][data-action="site.settings.update"]').first();
      await publish.locator("summary").click();
      await expect(publish.locator('tr[data-field="publicStatus"] [data-testid=audit-before]')).toHaveText("2");
      await expect(publish.locator('tr[data-field="publicStatus"] [data-testid=audit-after]')).toHaveText("1");
      const plan = page.locator('[data-testid=audit-entry][data-action="fee_plan.create"]').first();
      await plan.locator("summary").click();
      await expect(plan.locator("[data-testid=audit-after]").first()).toBeVisible();
      await expect(plan).toContainText("15500");
      await expectAccessible(page);
      await context.close();
    });
  });
}
