import type { Page } from "@playwright/test";
import { type AdminLang, adminLogin } from "./admin-helpers";
import { E2E_DISPATCH, e2eOwner } from "./admin-sites";
import { day, today } from "./dates";
import { expect, expectAccessible, test } from "./fixtures";
import { waitForHydration } from "./search-helpers";

/**
 * Issue 41's dispatch board, on its own site (tests/e2e/setup-data.ts): cars by plate and type, a
 * 7, 14 or 30 day window, a booking dragged onto another car with the mouse and moved from the
 * keyboard, a move onto a car taken then refused once, and on a phone a list of the days.
 */

const { siteId, plates } = E2E_DISPATCH;
const owner = { siteId, email: e2eOwner(siteId) };
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const lane = (page: Page, plate: string) => page.getByTestId("dispatch-lane").filter({ hasText: plate });
const bar = (page: Page, reserveNo: string) =>
  page.getByTestId("dispatch-bar").and(page.locator(`[data-reserve-no="${reserveNo}"]`));

async function dragTo(page: Page, reserveNo: string, plate: string) {
  // Before hydration a press on a bar is a click on its link, which opens the move form.
  await waitForHydration(bar(page, reserveNo));
  const from = await bar(page, reserveNo).boundingBox();
  const to = await lane(page, plate).boundingBox();
  if (!from || !to) throw new Error("bar or lane not on the page");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

const TEXT = {
  ja: { assigned: "車両を割り当てました", taken: "割り当て済みです", picked: "持ち上げました", type: "アクア" },
  en: { assigned: "The car is given", taken: "is given to reservation", picked: "Picked up", type: "Aqua" },
} as const;

for (const lang of ["ja", "en"] as AdminLang[]) {
  test(`the desktop board names cars by plate and type, refuses a car taken then once, and shows 7, 14 or 30 days (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await adminLogin(page, owner, lang);
    await page.goto(`/admin/${siteId}/dispatch?date=${day(1)}`);
    await expect(page.getByTestId("dispatch-board")).toBeVisible();
    await expect(page.getByTestId("dispatch-day-list")).toBeHidden();
    for (const plate of plates) await expect(lane(page, plate)).toContainText(TEXT[lang].type);
    await expect(page.getByTestId("dispatch-day")).toHaveCount(7);
    await expectAccessible(page);

    // The booking on car A dragged onto car B, which another booking has then: refused once, unchanged.
    await dragTo(page, E2E_DISPATCH.blocked, plates[1]);
    const summary = page.getByTestId("error-summary");
    await expect(summary).toContainText(TEXT[lang].taken);
    await expect(summary).toContainText(E2E_DISPATCH.conflict);
    await expect(summary.locator("li")).toHaveCount(1);
    await expect(lane(page, plates[0]).locator(`[data-reserve-no="${E2E_DISPATCH.blocked}"]`)).toBeVisible();
    await expectAccessible(page);

    // The window: the start day and the store stay; the days across follow.
    await page.getByTestId("dispatch-days-14").click();
    await expect(page.getByTestId("dispatch-day")).toHaveCount(14);
    expect(new URL(page.url()).searchParams.get("date")).toBe(day(1));
    await expect(page.getByTestId("dispatch-days-14")).toHaveAttribute("aria-current", "page");
    await page.getByTestId("dispatch-days-30").click();
    await expect(page.getByTestId("dispatch-day")).toHaveCount(30);
    expect(new URL(page.url()).searchParams.get("date")).toBe(day(1));
    await expectAccessible(page);
  });

  test(`on a phone the board is a list of days with their departures and returns (${lang})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await adminLogin(page, owner, lang);
    await page.goto(`/admin/${siteId}/dispatch?date=${today()}`);
    await expect(page.getByTestId("dispatch-board")).toBeHidden();
    const list = page.getByTestId("dispatch-day-list");
    await expect(list.getByTestId("dispatch-day-item")).toHaveCount(7);
    const tomorrow = list.locator(`[data-day="${day(1)}"]`);
    await expect(tomorrow.locator(`[data-reserve-no="${E2E_DISPATCH.conflict}"][data-kind="departs"]`)).toContainText(
      plates[1],
    );
    // Nothing runs off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    // A booking opens the move form, as a bar does.
    await tomorrow.locator(`[data-reserve-no="${E2E_DISPATCH.conflict}"]`).first().click();
    await expect(page.getByTestId("move-panel")).toBeVisible();
    await expect(page.getByTestId("move-panel")).toContainText(E2E_DISPATCH.conflict);
  });
}

test("a booking is dragged onto a free car with the mouse and moved to a car from the keyboard, announced", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await adminLogin(page, owner, "ja");
  await page.goto(`/admin/${siteId}/dispatch?date=${today()}`);

  await dragTo(page, E2E_DISPATCH.pointer, plates[2]);
  await expect(page.getByTestId("flash")).toContainText(TEXT.ja.assigned);
  await expect(lane(page, plates[2]).locator(`[data-reserve-no="${E2E_DISPATCH.pointer}"]`)).toBeVisible();

  // From the keyboard: Space picks the bar up, down moves it to the first car, Space drops it.
  const held = bar(page, E2E_DISPATCH.keyboard);
  await expect(
    page.getByTestId("dispatch-unassigned").locator(`[data-reserve-no="${E2E_DISPATCH.keyboard}"]`),
  ).toBeVisible();
  await held.focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("status").filter({ hasText: TEXT.ja.picked })).toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("status").filter({ hasText: plates[0] })).toHaveCount(1);
  await page.keyboard.press("Space");
  await expect(page.getByTestId("flash")).toContainText(TEXT.ja.assigned);
  await expect(lane(page, plates[0]).locator(`[data-reserve-no="${E2E_DISPATCH.keyboard}"]`)).toBeVisible();
  await expectAccessible(page);
});
