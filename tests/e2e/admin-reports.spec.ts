import { readFile } from "node:fs/promises";
import { type AdminLang, adminLogin, STAFF } from "./admin-helpers";
import { E2E_REPORTS } from "./admin-sites";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 41's reports and staff texts on e2e-reports (tests/e2e/setup-data.ts): four bookings made in
 * October 2026 — 24 h and 6 h rentals at Naha (2 cars), one cancelled with a 3,000 yen fee, one at
 * Ishigaki (1 car) departing in November. The tables must show those numbers, the CSV the same, and
 * the English back office Naha's English name and Ishigaki's Japanese one, marked untranslated.
 */

const { siteId, from, to } = E2E_REPORTS;
const reportsUrl = `/admin/${siteId}/reports?from=${from}&to=${to}&step=month`;
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 768 },
] as const;
const cells = async (row: import("@playwright/test").Locator) =>
  (await row.locator("th, td").allInnerTexts()).map((c) => c.replace(/\s+/g, " ").trim());

for (const lang of ["ja", "en"] as const satisfies readonly AdminLang[]) {
  for (const vp of VIEWPORTS) {
    test(`reports: the tables hold the bookings' numbers (${lang}, ${vp.name})`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await adminLogin(page, STAFF.owner(siteId), lang);
      await page.goto(reportsUrl);
      await expect(page.getByTestId("kpi-bookings")).toHaveText("4");
      await expect(page.getByTestId("kpi-cancellation-rate")).toHaveText("25.0%");

      // Occupancy: Naha rented 30 of 2 × 744 hours, Ishigaki none of 744.
      const occupancy = page.getByTestId("table-occupancy").getByTestId("row");
      await expect(occupancy).toHaveCount(2);
      const naha = await cells(occupancy.nth(0));
      expect(naha.slice(2)).toEqual(["2", "1,488", "30", "2.0%"]);
      expect(naha[0]).toBe(lang === "en" ? "Naha Airport" : "那覇空港店");
      const ishigaki = occupancy.nth(1);
      expect((await cells(ishigaki)).slice(2)).toEqual(["1", "744", "0", "0.0%"]);
      // English staff see Ishigaki in Japanese, marked as having no English name.
      await expect(ishigaki.getByTestId("untranslated")).toHaveCount(lang === "en" ? 1 : 0);

      // October, by month: 4 bookings; sales 10,000 + 7,500 + 3,000 (fee) + 10,000.
      const sales = await cells(page.getByTestId("table-sales").getByTestId("row").first());
      expect(sales.slice(1)).toEqual(["4", lang === "en" ? "¥30,500" : "30,500円"]);
      const cancellations = await cells(page.getByTestId("table-cancellations").getByTestId("row").first());
      expect(cancellations.slice(1)).toEqual(["4", "1", "25.0%"]);
      // Lead times 9, 0, 12 and 40 days.
      const lead = page.getByTestId("table-lead-time");
      expect((await cells(lead.locator('[data-key="0"]'))).slice(1)).toEqual(["1", "25.0%"]);
      expect((await cells(lead.locator('[data-key="8-14"]'))).slice(1)).toEqual(["2", "50.0%"]);
      expect((await cells(lead.locator('[data-key="31-60"]'))).slice(1)).toEqual(["1", "25.0%"]);
      const channels = page.getByTestId("table-channels");
      // The website took two (the first and the cancelled one), the phone and the API one each.
      expect((await cells(channels.locator('[data-key="web"]'))).slice(1, 3)).toEqual(["2", "50.0%"]);
      expect((await cells(channels.locator('[data-key="counter_phone"]'))).slice(1, 3)).toEqual(["1", "25.0%"]);
      await expect(page.getByTestId("table-languages").getByTestId("row")).toHaveCount(4);

      // The charts are drawn after hydration, and the page does not scroll sideways on a phone.
      await expect(page.getByTestId("chart-sales").locator("canvas")).toHaveCount(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    });
  }

  test(`reports: each table downloads as CSV with the same numbers (${lang})`, async ({ page }) => {
    await adminLogin(page, STAFF.owner(siteId), lang);
    await page.goto(reportsUrl);
    const download = page.waitForEvent("download");
    await page.getByTestId("csv-occupancy").click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`occupancy-${from}-${to}.csv`);
    const csv = (await readFile((await file.path()) as string, "utf8")).replace(/^\uFEFF/, "");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(lang === "en" ? "Naha Airport" : "那覇空港店");
    expect(lines[1]).toMatch(/,2,1488,30,2$/);
    expect(lines[2]).toMatch(/石垣店.*,1,744,0,0$/);
  });

  test(`staff texts: lists show the staff member's language and the translations page lists what is left (${lang})`, async ({
    page,
  }) => {
    await adminLogin(page, STAFF.owner(siteId), lang);
    await page.goto(`/admin/${siteId}/stores`);
    const rows = page.getByTestId("stores-table").getByTestId("row");
    await expect(rows.nth(0)).toContainText(lang === "en" ? "Naha Airport" : "那覇空港店");
    await expect(rows.nth(1)).toContainText("石垣店");
    await expect(page.getByTestId("untranslated")).toHaveCount(lang === "en" ? 1 : 0);
    if (lang === "en") await expect(page.getByTestId("untranslated")).toHaveAttribute("title", "No English text");

    await page.goto(`/admin/${siteId}/settings`);
    await page.getByTestId("translations-link").click();
    const english = page.getByTestId("untranslated-en");
    await expect(english).toContainText("石垣店");
    await english.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/${siteId}/(settings|stores/\\d+)$`));
  });
}
