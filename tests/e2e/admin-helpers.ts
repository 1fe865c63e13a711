import type { Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./account-helpers";
import { e2eOwner } from "./admin-sites";
import { addDays, today } from "./dates";
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
export async function setAdminLanguage(page: Page, lang: AdminLang) {
  await page.context().addCookies([{ name: "admin_lang", value: lang, domain: "127.0.0.1", path: "/admin" }]);
}

/** Signs in to a site's back office in `lang` and waits for its home. */
export async function adminLogin(page: Page, who: { siteId: string; email: string }, lang: AdminLang = "ja") {
  await setAdminLanguage(page, lang);
  await page.goto(`/admin/${who.siteId}/login`);
  const form = page.getByTestId("admin-login-form");
  await form.locator('input[name="email"]').fill(who.email);
  await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(new RegExp(`/admin/${who.siteId}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}

/** The field of a back-office form by its name (the wrapper carries `data-field`). */
// The header's search box is also named q: a page's own fields are the others.
export const field = (page: Page, name: string) =>
  page.locator(`[name="${name}"]:not([data-testid="admin-search-input"])`).first();

/** The message shown under a field after a refused save. */
export const fieldError = (page: Page, name: string) =>
  page.locator(`[data-field="${name}"] [data-testid="field-error"]`);

/** The first day at least `from` days ahead that Ishigaki opens on, with the next (it closes on the 15th). */
export function ishigakiDay(from: number): string {
  for (let days = from; ; days += 1) {
    const day = addDays(today(), days);
    if (!day.endsWith("-14") && !day.endsWith("-15")) return day;
  }
}

/** sakura's phone booking form at Ishigaki's compact hybrid, from 10:00 on `day` to `endTime` the next day, no waiver. */
export async function startIshigakiBooking(page: Page, day: string, endTime = "10:00") {
  await page.goto("/admin/sakura/reservations/new");
  await field(page, "store_id").selectOption({ label: "石垣店" });
  await field(page, "car_type_id").selectOption({ label: "コンパクト ハイブリッド（コンパクトカー）" });
  await field(page, "start_date").fill(day);
  await field(page, "start_time").fill("10:00");
  await field(page, "end_date").fill(addDays(day, 1));
  await field(page, "end_time").fill(endTime);
  await page.locator('input[name="with_immunity"]').uncheck();
}

/** Quotes the phone booking as filled and books it: its reservation number and the total it was booked at. */
export async function bookByPhone(page: Page): Promise<{ reserveNo: string; total: number }> {
  await page.getByTestId("phone-quote-submit").click();
  await expect(page.getByTestId("phone-total")).toBeVisible();
  await page.getByTestId("phone-book").click();
  await expect(page.getByTestId("flash")).toContainText("受け付けました");
  const reserveNo = (await page.getByTestId("page-title").textContent())?.replace("予約", "").trim() ?? "";
  // The booking's own total: a live quote may still be catching up with the last field typed.
  const total = Number(((await page.getByTestId("reservation-total").textContent()) ?? "").replace(/[^\d]/g, ""));
  return { reserveNo, total };
}

/** Signs out from the header, or on a phone from the menu's drawer, which holds the account's links there. */
export async function adminLogout(page: Page) {
  const logout = page.getByTestId("logout");
  if (!(await logout.isVisible())) await page.getByTestId("admin-menu-button").click();
  await logout.click();
}
