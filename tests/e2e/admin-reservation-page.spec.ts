import type { Page } from "@playwright/test";
import { type AdminLang, adminLogin, fieldError, STAFF } from "./admin-helpers";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 41: a booking's page by task (a summary, section links, only the actions its state allows),
 * the back office's phone frame (a short header, a menu that opens over the page, no sideways
 * scroll), the header's search box, and an empty required form that says what is missing.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/** The first bookings of sakura's list, as links to their pages. */
async function bookingLinks(page: Page, count: number): Promise<string[]> {
  await page.goto("/admin/sakura/reservations");
  const hrefs = await page
    .locator("main a[href*='/reservations/']")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  return [...new Set(hrefs.filter((h) => /\/reservations\/[^/?]+$/.test(h) && !/\/(new|export)$/.test(h)))].slice(
    0,
    count,
  );
}

for (const [lang, viewport] of [
  ["ja", DESKTOP],
  ["en", PHONE],
] as [AdminLang, typeof PHONE][]) {
  test(`a booking's page in ${lang} at ${viewport.width}px: the summary, its sections and only the actions its state allows`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await adminLogin(page, STAFF.sakuraOwner, lang);
    const links = await bookingLinks(page, 6);
    expect(links.length).toBeGreaterThan(2);
    const seen = new Set<string>();
    for (const href of links) {
      await page.goto(href);
      const summary = page.getByTestId("reservation-summary");
      await expect(summary).toBeVisible();
      for (const fact of ["summary-status", "summary-customer", "summary-car", "summary-period", "summary-total"])
        await expect(summary.getByTestId(fact)).not.toBeEmpty();
      await expect(summary.getByTestId("summary-due").locator("[data-due]")).toHaveCount(1);
      const stage = (await page.getByTestId("stage").getAttribute("data-stage")) ?? "";
      seen.add(stage);
      const actions = page.getByTestId("summary-actions");
      // Only the actions the state allows, on the summary and as sections.
      await expect(actions.getByTestId("action-departure")).toHaveCount(stage === "booked" ? 1 : 0);
      await expect(page.getByTestId("departure")).toHaveCount(stage === "booked" ? 1 : 0);
      await expect(page.getByTestId("cancel-open")).toHaveCount(stage === "booked" ? 1 : 0);
      await expect(actions.getByTestId("action-return")).toHaveCount(stage === "in_use" ? 1 : 0);
      await expect(page.getByTestId("return")).toHaveCount(stage === "in_use" || stage === "returned" ? 1 : 0);
      if (stage === "cancelled") await expect(actions.getByRole("link")).toHaveCount(0);
      // Each section link leads to a section on the page.
      const nav = page.getByTestId("section-nav");
      const targets = await nav.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
      expect(targets).toEqual(expect.arrayContaining(["#details", "#payments", "#mails", "#history"]));
      for (const target of targets) await expect(page.locator(target)).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
    expect(seen.size).toBeGreaterThan(0);
    await expectAccessible(page);
    if (viewport === DESKTOP) {
      // Two columns on a desktop when there is work to do: the tasks beside the booking's facts.
      await page.goto(links[0] as string);
      const facts = await page.getByTestId("booking-facts").boundingBox();
      const summary = await page.getByTestId("reservation-summary").boundingBox();
      expect(facts && summary && facts.width < summary.width * 0.75).toBe(true);
    }
  });
}

test("on a phone the header takes at most a fifth of the screen, the menu opens over the page, and no admin page scrolls sideways", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await adminLogin(page, STAFF.sakuraOwner, "ja");
  const header = await page.locator("header").first().boundingBox();
  expect(header?.height ?? 999).toBeLessThanOrEqual(PHONE.height / 5);
  const button = page.getByTestId("admin-menu-button");
  await expect(button).toHaveAccessibleName(/メニュー/);
  await button.click();
  const panel = page.getByTestId("admin-menu-panel");
  await expect(panel).toBeVisible();
  // Over the page, not pushing it down: the panel is fixed at the top left and the page stays where it was.
  expect(await panel.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
  expect((await panel.boundingBox())?.y).toBe(0);
  await expect(page.getByTestId("logout")).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  for (const path of [
    "",
    "/today",
    "/takings",
    "/reservations",
    "/reservations/new",
    "/dispatch",
    "/members",
    "/members/new",
    "/settings",
    "/stores",
    "/classes",
    "/car-types",
    "/vehicles",
    "/import",
    "/fee-plans",
    "/options",
    "/immunity",
    "/pages",
    "/news",
    "/staff",
    "/audit",
    "/api-keys",
    "/webhooks",
  ]) {
    await page.goto(`/admin/sakura${path}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(`${path}: ${width}`).toBe(`${path}: ${PHONE.width}`);
  }
});

for (const lang of ["ja", "en"] as const) {
  test(`the header's search box sends q to the search page (${lang})`, async ({ page }) => {
    await page.setViewportSize(lang === "ja" ? PHONE : DESKTOP);
    await adminLogin(page, STAFF.sakuraOwner, lang);
    const search = page.getByRole("search");
    const box = search.getByRole("searchbox", {
      name: lang === "ja" ? "予約・会員を検索" : "Search bookings and members",
    });
    await box.fill("やまだ");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/admin\/sakura\/search\?q=%E3%82%84%E3%81%BE%E3%81%A0$/);
  });

  test(`an empty member form shows what is missing next to each field (${lang})`, async ({ page }) => {
    await adminLogin(page, STAFF.owner("e2e-content"), lang);
    await page.goto("/admin/e2e-content/members/new");
    await page.getByTestId("member-register").click();
    await expect(fieldError(page, "name")).toHaveText(lang === "ja" ? /お名前/ : /name/i);
    await expect(fieldError(page, "email")).not.toBeEmpty();
    await expect(fieldError(page, "tel")).not.toBeEmpty();
    await expect(page).toHaveURL(/\/members\/new$/);
    await expectAccessible(page);
  });
}
