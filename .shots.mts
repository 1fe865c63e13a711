import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/chromium";
const BASE = "http://127.0.0.1:3999";
const PREFIX: Record<string, string> = { ja: "", en: "/en", ko: "/kr", "zh-TW": "/tw" };
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 };

// A guest booking taken at the counter, to get its mail's cancellation link.
const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await admin.goto(`${BASE}/admin/sakura/login`);
await admin.fill('[data-testid="admin-login-form"] input[name="email"]', "owner@sakura.example");
await admin.fill('[data-testid="admin-login-form"] input[name="password"]', "rentacar-demo");
await admin.click('[data-testid="login-submit"]');
await admin.waitForURL(/admin\/sakura\/?$/);
await admin.goto(`${BASE}/admin/sakura/reservations/new`);
const day = new Date(Date.now() + 5 * 86400000).toISOString().slice(0, 10);
await admin.selectOption('select[name="store_id"]', { index: 0 });
await admin.selectOption('select[name="car_type_id"]', { index: 1 });
await admin.fill('input[name="start_date"]', day);
await admin.fill('input[name="start_time"]', "10:00");
await admin.fill('input[name="end_date"]', day);
await admin.fill('input[name="end_time"]', "17:00");
await admin.fill('input[name="name"]', "Kim Minjun");
await admin.fill('input[name="tel"]', "+82 10-1234-5678");
const email = `shot-${Date.now()}@example.com`;
await admin.fill('input[name="email"]', email);
await admin.selectOption('select[name="locale"]', "ko");
await admin.click('[data-testid="phone-quote-submit"]');
await admin.click('[data-testid="phone-book"]');
await admin.waitForURL(/reservations\/\d/);
const no = admin.url().split("/").pop();
await admin.screenshot({ path: "/tmp/shots/admin-detail.png", fullPage: true });
await admin.click('[data-testid="change-link"]');
await admin.fill('input[name="end_time"]', "18:00");
await admin.click('[data-testid="change-quote-submit"]');
await admin.setViewportSize({ width: 390, height: 844 });
await admin.screenshot({ path: "/tmp/shots/admin-change-phone.png", fullPage: true });
const mails = await (await fetch(`${BASE}/_dev/mail.json?site=sakura&to=${encodeURIComponent(email)}`)).json();
const text = mails.mails.find((m: { kind: string }) => m.kind === "reservation_confirmed")?.text ?? "";
console.log(text);
const link = new URL(text.match(/https?:\/\/\S+\/reserve\/cancel\?\S+/)?.[0]);
for (const [locale, prefix] of Object.entries(PREFIX)) {
  const page = await browser.newPage(phone);
  await page.goto(`${BASE}${prefix}/sakura/reserve/cancel${link.search}`);
  await page.screenshot({ path: `/tmp/shots/guest-cancel-${locale}.png`, fullPage: true });
  await page.close();
}
console.log(no);
await browser.close();
