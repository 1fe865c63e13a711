import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { type BuiltServer, freePort, startBuiltServer } from "../../scripts/lib/built-server";
import type { AdminLang } from "./admin-helpers";
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

async function signIn(page: Page, company: Company, secret: string | null, stepsAhead = 1) {
  await page.goto(`/admin/${company.siteId}/login`);
  await page.locator('[name="email"]').fill(company.owner);
  await page.locator('[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  if (secret) {
    await expect(page).toHaveURL(/\/login\/two-factor/);
    await expect(page.getByTestId("page-title")).toHaveText(T[company.lang].twoFactor);
    await page.locator('[name="code"]').fill(totp(secret, stepsAhead));
    await page.getByTestId("two-factor-submit").click();
  }
  await expect(page).toHaveURL(new RegExp(`/admin/${company.siteId}$`));
}

for (const company of COMPANIES) {
  test.describe(`a new rental company set up in the back office (${company.lang})`, () => {
    test.describe.configure({ mode: "serial" });
    let server: BuiltServer;
    let cli = "";

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
      await expectAccessible(page);
      await page.getByTestId("codes-kept").click();
      await expect(page.getByTestId("two-factor-status")).toHaveAttribute("data-on", "true");
      await expect(page.getByTestId("two-factor-reminder")).toHaveCount(0);

      await page.getByTestId("logout").click();
      await signIn(page, company, secret);
      await expect(page.getByTestId("page-title")).toHaveText(T[company.lang].home);
      await context.close();
    });
  });
}
