import type { Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./account-helpers";
import { e2eOwner } from "./admin-sites";
import { expect } from "./fixtures";

export type AdminLang = "ja" | "en";

/** The demo sites' back-office accounts (server/db/seed/demo-staff.ts) and the e2e sites' owners. */
export const STAFF = {
  sakuraOwner: { siteId: "sakura", email: "owner@sakura.example" },
  sakuraStoreStaff: { siteId: "sakura", email: "staff@sakura.example" },
  kaedeOwner: { siteId: "kaede", email: "owner@kaede.example" },
  owner: (siteId: string) => ({ siteId, email: e2eOwner(siteId) }),
} as const;

/** This browser's back-office language (the `admin_lang` cookie), before any page opens. */
export async function useAdminLanguage(page: Page, lang: AdminLang) {
  await page.context().addCookies([{ name: "admin_lang", value: lang, domain: "127.0.0.1", path: "/admin" }]);
}

/** Signs in to a site's back office in `lang` and waits for its home. */
export async function adminLogin(page: Page, who: { siteId: string; email: string }, lang: AdminLang = "ja") {
  // biome-ignore lint/correctness/useHookAtTopLevel: a Playwright helper named like a hook, not a React hook
  await useAdminLanguage(page, lang);
  await page.goto(`/admin/${who.siteId}/login`);
  const form = page.getByTestId("admin-login-form");
  await form.locator('input[name="email"]').fill(who.email);
  await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(new RegExp(`/admin/${who.siteId}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}

/** The field of a back-office form by its name (the wrapper carries `data-field`). */
export const field = (page: Page, name: string) => page.locator(`[name="${name}"]`).first();

/** The message shown under a field after a refused save. */
export const fieldError = (page: Page, name: string) =>
  page.locator(`[data-field="${name}"] [data-testid="field-error"]`);
