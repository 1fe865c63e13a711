import type { APIRequestContext, Page } from "@playwright/test";
import { expect, type LocaleCode, url } from "./fixtures";
import { waitForHydration } from "./search-helpers";

/** The demo members (server/db/seed/demo-members.ts); every one has the same password. */
export const DEMO_PASSWORD = "rentacar-demo";
export const DEMO = {
  sakuraHanako: { siteId: "sakura", email: "hanako@example.com" },
  sakuraCorp: { siteId: "sakura", email: "corp@example.com" },
  sakuraStoreMember: { siteId: "sakura", email: "store-member@example.com" },
  kaedeHanako: { siteId: "kaede", email: "hanako@example.com" },
  kaedeCorp: { siteId: "kaede", email: "kyoto-corp@example.com" },
} as const;

/** Logs in through the login page and waits for My Page. */
export async function loginAs(page: Page, locale: LocaleCode, siteId: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(url(locale, siteId, "/login"));
  await page.getByTestId("login-form").locator('input[name="email"]').fill(email);
  await page.getByTestId("login-form").locator('input[name="password"]').fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(new RegExp(`/${siteId}/mypage`));
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  kind: string;
  locale: string;
}

/** The mails of a site's outbox to one address, newest first (`/_dev/mail.json`, loopback only). */
export async function mailsTo(request: APIRequestContext, siteId: string, to: string): Promise<OutboxMail[]> {
  const res = await request.get(`/_dev/mail.json?${new URLSearchParams({ site: siteId, to })}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { mails: OutboxMail[] }).mails;
}

/** The first link to this host in the newest mail to `to` (waits for the mail to arrive). */
export async function linkInLatestMail(request: APIRequestContext, siteId: string, to: string, kind: string) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await mailsTo(request, siteId, to)).find((m) => m.kind === kind);
      link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return new URL(link as string);
}

/** An e-mail address no other test uses. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * Registers a new individual member through the registration pages (input, confirm, register)
 * and leaves them signed in on the completion page. Returns the e-mail.
 */
export async function registerMember(
  page: Page,
  locale: LocaleCode,
  siteId: string,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<string> {
  const email = options.email ?? uniqueEmail("member");
  const password = options.password ?? DEMO_PASSWORD;
  await page.goto(url(locale, siteId, "/user/regist"));
  const form = page.getByTestId("regist-form");
  // The zip lookup and the client checks run once the page is interactive.
  await waitForHydration(form);
  await form.locator('input[name="name"]').fill(options.name ?? "試験 花子");
  await form.locator('input[name="kana"]').fill("シケン ハナコ");
  await form.locator('select[name="birth_month"]').selectOption("4");
  await form.locator('select[name="birth_day"]').selectOption("15");
  await form.locator('input[name="tel"]').fill("090-1234-5678");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('input[name="password_confirm"]').fill(password);
  await form.locator('select[name="country"]').selectOption("JP");
  await form.locator('input[name="zip"]').fill("1000001");
  await form.locator('select[name="pref_code"]').selectOption("13");
  await form.locator('input[name="address_a"]').fill("千代田区千代田1-1");
  await page.getByTestId("regist-submit").click();
  await expect(page).toHaveURL(new RegExp(`/${siteId}/user/confirm$`));
  await page.getByTestId("register-submit").click();
  await expect(page).toHaveURL(new RegExp(`/${siteId}/user/completed$`));
  return email;
}
