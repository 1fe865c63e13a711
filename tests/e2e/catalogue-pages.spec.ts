import type { Page } from "@playwright/test";
import { addDays, day, monthOf, seedDay, today, weekdayOf } from "./dates";
import { expect, expectAccessible, HTML_LANG, type LocaleCode, NOT_FOUND, PREFIX, test, url } from "./fixtures";
import { amountPattern, LOCALES, monthTitle, msg, msgPattern, storeIds, typeIds } from "./search-helpers";

interface CalendarCell {
  date: string;
  mark: string;
}

async function calendarCells(page: Page): Promise<CalendarCell[]> {
  return page
    .getByTestId("calendar-day")
    .evaluateAll((els) =>
      els.map((el) => ({ date: el.getAttribute("data-date") ?? "", mark: el.getAttribute("data-mark") ?? "" })),
    );
}

/** The calendar heading of a month (`YYYY-MM`) in a language. */
/** Every day of the month shown, in order. */
async function expectWholeMonth(page: Page, month: string) {
  const cells = await calendarCells(page);
  expect(cells[0]?.date).toBe(`${month}-01`);
  for (const [i, c] of cells.entries()) expect(c.date).toBe(addDays(`${month}-01`, i));
  expect(monthOf(addDays(cells[cells.length - 1]!.date, 1))).not.toBe(month);
}

function nextMonth(month: string): string {
  return monthOf(addDays(`${month}-28`, 7));
}

// ---------------------------------------------------------------------------------------------
// Fee page
// ---------------------------------------------------------------------------------------------

interface FeeCase {
  siteId: string;
  locale: LocaleCode;
  /** Fee mode of each store in display order: 1 hours, 2 nights (demo seed). */
  modes: string[];
  highSeason: boolean;
}

const FEE_CASES: FeeCase[] = [
  ...LOCALES.map((locale) => ({ siteId: "sakura", locale, modes: ["2", "2", "1"], highSeason: true })),
  { siteId: "kaede", locale: "en", modes: ["2", "2"], highSeason: false },
  { siteId: "fuji", locale: "ja", modes: ["1"], highSeason: false },
];

/** Classes with priced tables of the expected mode, and the options table. */
async function expectFeeTables(page: Page, locale: LocaleCode, mode: string) {
  const classes = page.getByTestId("fee-class");
  await expect(classes.first()).toBeVisible();
  const count = await classes.count();
  expect(count).toBeGreaterThanOrEqual(1);
  for (let i = 0; i < count; i++) {
    await expect(classes.nth(i).locator("h2")).not.toBeEmpty();
    expect(await classes.nth(i).getByTestId("fee-table").count(), `tables of class ${i}`).toBeGreaterThanOrEqual(1);
  }
  const tables = page.getByTestId("fee-table");
  const modes = await tables.evaluateAll((els) => els.map((el) => el.getAttribute("data-mode")));
  expect(new Set(modes)).toEqual(new Set([mode]));
  const caption = msg(locale, `fee.mode.${mode}` as "fee.mode.1");
  await expect(tables.first().locator("caption")).toContainText(caption);
  const prices = await tables.locator("tbody td").allTextContents();
  expect(prices.length).toBeGreaterThanOrEqual(count * 3);
  for (const p of prices) expect(p).toMatch(amountPattern(locale));

  const options = page.getByTestId("fee-options");
  await expect(options).toBeVisible();
  await expect(options.locator("thead th").first()).toHaveText(msg(locale, "fee.optionName"));
  const optionPrices = await options.locator("tbody td").allTextContents();
  expect(optionPrices.length).toBeGreaterThanOrEqual(1);
  // A price per rental or per day, or "free" for options that cost nothing (sakura's child seats).
  const free = msg(locale, "price.free");
  for (const p of optionPrices) if (p !== free) expect(p).toMatch(msgPattern(locale, "fee.pricePer"));
}

test.describe("fee page", () => {
  for (const c of FEE_CASES) {
    test(`${c.siteId} in ${c.locale}: classes, prices, options and store tabs`, async ({ page }) => {
      const response = await page.goto(url(c.locale, c.siteId, "/fee"));
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[c.locale]);
      await expect(page.getByTestId("page-title")).toHaveText(msg(c.locale, "fee.title"));
      await expectFeeTables(page, c.locale, c.modes[0]!);

      const highSeason = page.getByTestId("fee-table").filter({
        has: page.locator("caption", { hasText: msg(c.locale, "fee.highSeason") }),
      });
      if (c.highSeason) {
        expect(await highSeason.count()).toBeGreaterThanOrEqual(1);
        await expect(page.getByTestId("high-season-days")).toContainText(msg(c.locale, "fee.highSeasonDays"));
        await expect(page.getByTestId("fee-options")).toContainText(msg(c.locale, "price.free"));
        // High-season prices are dearer than the regular ones of the same class.
        const firstClass = page.getByTestId("fee-class").first();
        const [regular, high] = await Promise.all([
          firstClass.getByTestId("fee-table").first().locator("tbody td").first().textContent(),
          firstClass.getByTestId("fee-table").nth(1).locator("tbody td").first().textContent(),
        ]);
        const yen = (s: string | null) => Number((s ?? "").replace(/[^0-9]/g, ""));
        expect(yen(high)).toBeGreaterThan(yen(regular));
      } else {
        await expect(highSeason).toHaveCount(0);
      }
      await expectAccessible(page);

      const tabs = page.getByTestId("fee-stores").getByRole("link");
      if (c.modes.length === 1) {
        await expect(page.getByTestId("fee-stores")).toHaveCount(0);
        return;
      }
      await expect(tabs).toHaveCount(c.modes.length);
      await expect(tabs.first()).toHaveAttribute("aria-current", "page");
      // The last store: sakura's Ishigaki charges by the hour.
      const last = tabs.last();
      const href = (await last.getAttribute("href")) ?? "";
      expect(href).toMatch(new RegExp(`^${PREFIX[c.locale]}/${c.siteId}/fee\\?si=\\d+$`));
      const name = (await last.textContent())?.trim() ?? "";
      await last.click();
      await expect(page).toHaveURL(new RegExp(`${href.replace("?", "\\?")}$`));
      await expect(tabs.last()).toHaveAttribute("aria-current", "page");
      await expect(tabs.first()).not.toHaveAttribute("aria-current", "page");
      await expect(tabs.last()).toHaveText(name);
      await expect(page.getByTestId("fee-table").first()).toHaveAttribute("data-mode", c.modes[c.modes.length - 1]!);
      await expectFeeTables(page, c.locale, c.modes[c.modes.length - 1]!);
      await expectAccessible(page);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Store detail
// ---------------------------------------------------------------------------------------------

/** sakura's Naha City store and the classes it rents (demo seed), in each language. */
const NAHA_CITY: Record<LocaleCode, { name: string; classes: string[] }> = {
  ja: { name: "那覇市内店", classes: ["軽自動車", "コンパクトカー", "セダン", "ミニバン"] },
  en: { name: "Naha City Store", classes: ["Kei car", "Compact", "Sedan", "Minivan"] },
  ko: { name: "나하 시내점", classes: ["경차", "소형차", "세단", "미니밴"] },
  "zh-TW": { name: "那霸市區店", classes: ["輕型車", "小型車", "轎車", "小型MPV"] },
};

test.describe("store detail", () => {
  for (const locale of LOCALES) {
    test(`Naha City in ${locale}: calendar closed on Wednesdays, next month, classes`, async ({ page, request }) => {
      const [, city] = await storeIds(request, "sakura");
      const response = await page.goto(url(locale, "sakura", `/store/${city}`));
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
      await expect(page.getByTestId("page-title")).toHaveText(NAHA_CITY[locale].name);
      await expect(page.getByTestId("store-classes")).toHaveText(
        NAHA_CITY[locale].classes.join(msg(locale, "list.separator")),
      );
      await expect(page.getByTestId("store-search")).toHaveAttribute(
        "href",
        `${url(locale, "sakura", "/reserve")}?si=${city}`,
      );

      const now = today();
      const month = monthOf(now);
      await expect(page.getByTestId("vacancy-calendar")).toBeVisible();
      await expect(page.getByTestId("calendar-month")).toHaveText(monthTitle(locale, month));
      await expect(page.getByTestId("calendar-prev")).toHaveCount(0);
      await expectWholeMonth(page, month);
      const cells = await calendarCells(page);
      for (const c of cells) {
        if (c.date < now) expect(c.mark, c.date).toBe("past");
        else if (weekdayOf(c.date) === 3) expect(c.mark, c.date).toBe("closed");
        else expect(["circle", "triangle", "cross", "tel", "closed"], c.date).toContain(c.mark);
      }
      // Wednesdays left this month are closed, shown with the short "closed" word.
      const wednesday = cells.find((c) => c.date >= now && weekdayOf(c.date) === 3);
      if (wednesday) {
        await expect(page.locator(`[data-testid="calendar-day"][data-date="${wednesday.date}"]`)).toContainText(
          msg(locale, "calendar.closedShort"),
        );
      }
      await expectAccessible(page);

      const next = nextMonth(month);
      await page.getByTestId("calendar-next").click();
      await expect(page).toHaveURL(new RegExp(`/store/${city}\\?month=${next}&mode=1$`));
      await expect(page.getByTestId("calendar-month")).toHaveText(monthTitle(locale, next));
      await expectWholeMonth(page, next);
      const nextCells = await calendarCells(page);
      for (const c of nextCells) {
        if (weekdayOf(c.date) === 3) expect(c.mark, c.date).toBe("closed");
        else expect(c.mark, c.date).not.toBe("past");
      }
      expect(nextCells.some((c) => ["circle", "triangle", "cross"].includes(c.mark))).toBe(true);
      await expect(page.getByTestId("calendar-prev")).toHaveAttribute("href", new RegExp(`\\?month=${month}&mode=1$`));
      await expectAccessible(page);

      // Period mode counts whole days; the month and the closed days stay.
      await page
        .getByTestId("calendar-modes")
        .getByRole("link", { name: msg(locale, "calendar.modePeriod") })
        .click();
      await expect(page).toHaveURL(new RegExp(`/store/${city}\\?month=${next}&mode=2$`));
      await expect(
        page.getByTestId("calendar-modes").getByRole("link", { name: msg(locale, "calendar.modePeriod") }),
      ).toHaveAttribute("aria-current", "true");
      await expect(page.getByTestId("calendar-month")).toHaveText(monthTitle(locale, next));
      for (const c of await calendarCells(page)) if (weekdayOf(c.date) === 3) expect(c.mark, c.date).toBe("closed");
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Car type calendar and unknown car types
// ---------------------------------------------------------------------------------------------

test("the 8-seat wagon's calendar at Naha Airport shows × on its fully booked days", async ({ page, request }) => {
  const [airport] = await storeIds(request, "sakura");
  const [noah] = await typeIds(request, "sakura", airport!, { capacity: "8" });
  expect(noah).toBeTruthy();
  const base = url("ja", "sakura", `/reserve/stores/${airport}/cars/${noah}`);
  const response = await page.goto(base);
  expect(response?.status()).toBe(200);
  // Without dates there is no price, only the calendar and the fee tables.
  await expect(page.getByTestId("price-total")).toHaveCount(0);
  await expect(page.getByTestId("reserve-link")).toHaveCount(0);
  await expect(page.getByTestId("choose-dates")).toBeVisible();
  await page.getByTestId("fees-disclosure").locator("summary").click();
  await expect(page.getByTestId("fee-table").first()).toBeVisible();
  await page.getByTestId("calendar-disclosure").locator("summary").click();

  const now = today();
  await expect(page.getByTestId("calendar-month")).toHaveText(monthTitle("ja", monthOf(now)));
  const marks = new Map<string, string>();
  for (const c of await calendarCells(page)) marks.set(c.date, c.mark);
  for (const [date, mark] of marks) if (date < now) expect(mark, date).toBe("past");
  await expectAccessible(page);

  // Walk forward to the month of day +14 (the last day checked).
  let shown = monthOf(now);
  while (shown < monthOf(seedDay(14))) {
    shown = nextMonth(shown);
    await page.getByTestId("calendar-next").click();
    await expect(page.getByTestId("calendar-month")).toHaveText(monthTitle("ja", shown));
    for (const c of await calendarCells(page)) marks.set(c.date, c.mark);
    await expectAccessible(page);
  }
  for (const offset of [10, 11, 12, 13]) expect(marks.get(seedDay(offset)), `day +${offset}`).toBe("cross");
  // The days around: only a cancelled booking, so cars are free.
  for (const offset of [9, 14]) expect(["circle", "triangle"], `day +${offset}`).toContain(marks.get(seedDay(offset)));
  const crossDay = page.locator(`[data-testid="calendar-day"][data-date="${seedDay(12)}"]`);
  await expect(crossDay).toContainText("×");
  await expect(crossDay).toContainText(msg("ja", "calendar.mark.cross"));

  // Beyond the 365-day advance window days are never bookable online.
  const last = day(365);
  await page.goto(`${base}?month=${monthOf(day(366))}`);
  await expect(page.getByTestId("calendar-month")).toHaveText(monthTitle("ja", monthOf(day(366))));
  const beyond = (await calendarCells(page)).filter((c) => c.date > last);
  expect(beyond.length).toBeGreaterThan(0);
  for (const c of beyond) expect(c.mark, c.date).toBe("tel");
  await expect(page.getByTestId("calendar-next")).toHaveCount(0);
  await expectAccessible(page);
});

test("car type pages of unknown ids or of another site answer 404", async ({ page, request }) => {
  const sakura = await storeIds(request, "sakura");
  const [fujiStore] = await storeIds(request, "fuji");
  const [airport, , ishigaki] = sakura;
  const [noah] = await typeIds(request, "sakura", airport!, { capacity: "8" });
  // The 7-seat 4WD is rented at Naha Airport but not at Ishigaki.
  const prado = await typeIds(request, "sakura", airport!, { capacity: "7", fwd: "1" });
  expect(prado).toHaveLength(1);
  expect(await typeIds(request, "sakura", ishigaki!)).not.toContain(prado[0]);
  const [fujiType] = await typeIds(request, "fuji", fujiStore!);

  expect((await page.goto(url("ja", "sakura", `/reserve/stores/${airport}/cars/${noah}`)))?.status()).toBe(200);
  expect((await page.goto(url("ja", "fuji", `/reserve/stores/${fujiStore}/cars/${fujiType}`)))?.status()).toBe(200);
  const missing = [
    url("ja", "sakura", `/reserve/stores/${airport}/cars/999999`),
    url("ja", "sakura", `/reserve/stores/999999/cars/${noah}`),
    url("ja", "sakura", `/reserve/stores/${airport}/cars/abc`),
    url("ja", "sakura", `/reserve/stores/${ishigaki}/cars/${prado[0]}`),
    url("ja", "fuji", `/reserve/stores/${airport}/cars/${noah}`),
    url("ja", "fuji", `/reserve/stores/${fujiStore}/cars/${noah}`),
    url("ja", "sakura", `/reserve/stores/${airport}/cars/${fujiType}`),
  ];
  for (const path of missing) expect((await page.goto(path))?.status(), path).toBe(404);
  const response = await page.goto(url("en", "sakura", `/reserve/stores/${airport}/cars/999999`));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND.en);
  await expectAccessible(page);
});
