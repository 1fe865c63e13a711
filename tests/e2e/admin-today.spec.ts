import type { Locator } from "@playwright/test";
import { type AdminLang, adminLogin, STAFF } from "./admin-helpers";
import { E2E_TODAY } from "./admin-sites";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 41 item 1 on e2e-today (tests/e2e/setup-data.ts): the back office's home is today at each
 * store. Naha: three departures (one handed over, one with a car, one waiting for one), two returns
 * due (one back), one car overdue since yesterday, three cars out and two available (a sixth is out
 * of service). Ishigaki, which has no English name: one departure. Each number links to its list,
 * and the list to each booking.
 */

const { siteId, naha, ishigaki } = E2E_TODAY;
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 768 },
] as const;
const NUMBERS = {
  naha: { departures: 3, returns: 2, overdue: 1, noCar: 1, out: 3, available: 2 },
  ishigaki: { departures: 1, returns: 0, overdue: 0, noCar: 0, out: 0, available: 2 },
} as const;
const LABEL = {
  ja: { departures: "出発", noCar: "配車待ち", overdue: "返却遅れ" },
  en: { departures: "Departures", noCar: "No car yet", overdue: "Overdue" },
} as const;

async function expectNumbers(card: Locator, numbers: Record<string, number>) {
  for (const [key, value] of Object.entries(numbers)) {
    const metric = card.getByTestId(`today-${key}`);
    await expect(metric, key).toHaveAttribute("data-count", String(value));
    await expect(metric, key).toContainText(String(value));
  }
}

for (const lang of ["ja", "en"] as const satisfies readonly AdminLang[]) {
  for (const vp of VIEWPORTS) {
    test(`the home page is today at each store, each number a link to its list (${lang}, ${vp.name})`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await adminLogin(page, STAFF.owner(siteId), lang);
      const cards = page.getByTestId("store-today");
      await expect(cards).toHaveCount(2);
      const nahaCard = cards.nth(0);
      const ishigakiCard = cards.nth(1);
      await expect(nahaCard.getByRole("heading")).toHaveText(lang === "en" ? naha.nameEn : naha.name);
      // English staff see Ishigaki's Japanese name, marked as having no English one.
      await expect(ishigakiCard.getByRole("heading")).toContainText(ishigaki.name);
      await expect(ishigakiCard.getByTestId("untranslated")).toHaveCount(lang === "en" ? 1 : 0);
      await expectNumbers(nahaCard, NUMBERS.naha);
      await expectNumbers(ishigakiCard, NUMBERS.ishigaki);
      await expect(nahaCard.getByTestId("today-departures")).toContainText(LABEL[lang].departures);
      await expect(nahaCard.getByTestId("today-overdue")).toContainText(LABEL[lang].overdue);
      await expect(nahaCard.getByTestId("today-noCar")).toContainText(LABEL[lang].noCar);
      // On a phone the numbers sit two to a row and nothing runs off the side.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (vp.name === "phone") {
        const first = await nahaCard.getByTestId("today-departures").boundingBox();
        const second = await nahaCard.getByTestId("today-returns").boundingBox();
        expect(first && second && Math.abs(first.y - second.y) < 2 && second.x > first.x).toBe(true);
        expect((second?.x ?? 0) + (second?.width ?? 0)).toBeLessThanOrEqual(vp.width);
      }
      await expectAccessible(page);

      // Departures: the list of the day at Naha, the same three bookings, each opening its page.
      await nahaCard.getByTestId("today-departures").click();
      await expect(page).toHaveURL(/\/today\?store=\d+#departures-\d+$/);
      const day = page.getByTestId("store-day");
      await expect(day).toHaveCount(1);
      const departures = day.getByTestId("departures").getByTestId("reservation-link");
      await expect(departures).toHaveText([naha.departed, naha.withCar, naha.noCar]);
      await expect(day.getByTestId("departures").getByTestId("no-car")).toHaveCount(1);
      const returns = day.getByTestId("returns").getByTestId("reservation-link");
      await expect(returns).toHaveText([naha.overdue, naha.back, naha.dueBack]);
      await expect(day.getByTestId("returns").getByTestId("overdue")).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await expectAccessible(page);
      await departures.filter({ hasText: naha.noCar }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${siteId}/reservations/${naha.noCar}$`));
      await expect(page.getByTestId("page-title")).toContainText(naha.noCar);

      // The booking without a car: its number leads to the dispatch board of the day at Naha.
      await page.goto(`/admin/${siteId}`);
      await page.getByTestId("store-today").nth(0).getByTestId("today-noCar").click();
      await expect(page).toHaveURL(/\/dispatch\?store=\d+&date=\d{4}-\d{2}-\d{2}$/);
      await expect(page.locator(`[data-reserve-no="${naha.noCar}"]`).first()).toBeAttached();
    });
  }
}
