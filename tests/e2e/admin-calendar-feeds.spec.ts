import type { Page } from "@playwright/test";
import { uniqueEmail } from "./account-helpers";
import { adminLogin, bookByPhone, field, ishigakiDay, STAFF, startIshigakiBooking } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 25's calendar feeds (decision 035), in Japanese at sakura: the owner takes a phone booking at
 * Ishigaki (its confirmation mail carries the booking's .ics), makes Ishigaki's feed and sees its URL
 * once, a calendar app's request to that URL gets the booking's departure and return in iCalendar,
 * reloading the page shows the URL no more, and once revoked the URL answers 404.
 * Only this spec touches sakura's feeds; its departure day is far from the other specs' days.
 */

/** A guest's phone booking at Ishigaki from 10:00 to 10:00 the next day; its reservation number. */
async function phoneBooking(page: Page, day: string, email: string): Promise<string> {
  await startIshigakiBooking(page, day);
  await field(page, "name").fill("暦 配信子");
  await field(page, "tel").fill("090-3333-4444");
  await field(page, "email").fill(email);
  return (await bookByPhone(page)).reserveNo;
}

const ishigaki = (page: Page) =>
  page.getByTestId("calendar-feeds-table").getByTestId("row").filter({ hasText: "石垣店" });

test("the owner makes a store's calendar feed, a calendar app reads the booking from it, and a revoked URL answers 404", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("calendar");
  await adminLogin(page, STAFF.sakuraOwner, "ja");
  const reserveNo = await phoneBooking(page, ishigakiDay(86), email);
  expect(reserveNo).toMatch(/^\d{6}-[A-Z0-9]{4}$/);

  // The customer's confirmation carries the booking as a calendar file.
  await expect
    .poll(async () => {
      const res = await page.request.get(`/_dev/mail.json?${new URLSearchParams({ site: "sakura", to: email })}`);
      const { mails } = (await res.json()) as { mails: { kind: string; attachments?: string[] }[] };
      return mails.find((m) => m.kind === "reservation_confirmed")?.attachments ?? [];
    })
    .toEqual([`reservation-${reserveNo}.ics`]);

  await page.getByTestId("nav-calendar-feeds").click();
  await expect(page.getByTestId("page-title")).toHaveText("カレンダー配信");
  await expect(page.getByTestId("calendar-feed-how")).toBeVisible();
  await expectAccessible(page);

  // A feed left by an earlier run is replaced (its URL was shown once and is gone): either way, a new URL.
  const row = ishigaki(page);
  if (await row.getByTestId("feed-create").count()) {
    await row.getByTestId("feed-create").click();
  } else {
    await row.getByTestId("feed-renew-open").click();
    await row.getByTestId("feed-renew-submit").click();
  }
  const created = page.getByTestId("calendar-feed-created");
  await expect(created).toBeVisible();
  await expect(created).toContainText("石垣店");
  const url = new URL((await page.getByTestId("calendar-feed-url").textContent())?.trim() ?? "");
  expect(url.pathname).toMatch(/^\/calendar\/sakura\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(page.getByTestId("calendar-feed-url-en")).toHaveText(`${url.href}?lang=en`);
  await expect(ishigaki(page).getByTestId("feed-active")).toBeVisible();
  await expectAccessible(page);

  // What a calendar app gets: the store's departures and returns, this booking's among them.
  const feed = await page.request.get(url.pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const ics = (await feed.text()).replace(/\r\n /g, "");
  expect(ics.startsWith("BEGIN:VCALENDAR")).toBe(true);
  expect(ics).toContain(`UID:${reserveNo}-departure.sakura@`);
  expect(ics).toContain(`UID:${reserveNo}-return.sakura@`);
  expect(ics).toContain(`SUMMARY:出発 ${reserveNo} `);
  expect(ics).toContain("DTSTART;TZID=Asia/Tokyo:");
  const english = await (await page.request.get(`${url.pathname}?lang=en`)).text();
  expect(english.replace(/\r\n /g, "")).toContain(`SUMMARY:Departure ${reserveNo} `);

  // The URL was shown once: the page loaded again no longer has it.
  await page.reload();
  await expect(page.getByTestId("calendar-feed-created")).toHaveCount(0);
  await expect(page.getByText(url.pathname)).toHaveCount(0);

  // Revoking asks first, then the URL is dead.
  await ishigaki(page).getByTestId("feed-revoke-open").click();
  await expectAccessible(page);
  await ishigaki(page).getByTestId("feed-revoke-submit").click();
  await expect(page.getByTestId("flash")).toContainText("石垣店 の配信を停止しました");
  await expect(ishigaki(page).getByTestId("feed-none")).toBeVisible();
  const gone = await page.request.get(url.pathname);
  expect(gone.status()).toBe(404);
  expect(await gone.text()).toBe("Not Found");
});
