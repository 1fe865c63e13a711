import type { Page } from "@playwright/test";
import type { MessageKey } from "#app/i18n/messages";
import { addDays, day, nextWeekday, slashed, today, typedUs, withinLeadTime } from "./dates";
import { expect, expectAccessible, HTML_LANG, type LocaleCode, PREFIX, test, url } from "./fixtures";
import {
  amountPattern,
  type CardInfo,
  cardIds,
  cards,
  expectFieldError,
  LOCALES,
  msg,
  msgPattern,
  msgPlural,
  openFilters,
  query,
  reservePath,
  scriptlessAxe,
  storeIds,
  typeIds,
  waitForHydration,
} from "./search-helpers";

// Demo facts (server/db/seed): sakura's stores in display order are Naha Airport (08:00–21:00,
// every type), Naha City (09:00–19:00, closed on Wednesdays) and Ishigaki (08:30–19:30).
// The site allows bookings from 120 minutes to 365 days ahead.
const SITE = "sakura";
const MIN_LEAD_MINUTES = 120;
const MAX_ADVANCE_DAYS = 365;
const AIRPORT_HOURS = { start: "08:00", end: "21:00" };

/** A plain period at Naha Airport with every type free: days +40 to +42. */
function freePeriod(storeId: number) {
  return { si: storeId, sd: day(40), st: "10:00", ed: day(42), et: "17:00" };
}

const RESERVE_PATH = (locale: LocaleCode) => new RegExp(`^${PREFIX[locale]}/${SITE}/reserve$`);

/** Tests without JavaScript get `axeWithoutScripts(page)`: axe on the page's URL as served without script. */
const noJsTest = test.extend<{ axeWithoutScripts: (page: Page) => Promise<void> }>({
  axeWithoutScripts: async ({ browser, baseURL }, use) => {
    const axe = await scriptlessAxe(browser, baseURL);
    await use(axe.check);
    await axe.close();
  },
});

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Checks every card of a results page: a positive price and a ○/△/× mark with its catalogue text. */
async function expectPricedCards(page: Page, locale: LocaleCode) {
  const list = page.getByTestId("car-card");
  await expect(list.first()).toBeVisible();
  const count = await list.count();
  expect(count).toBeGreaterThan(0);
  for (const info of await cards(page)) expect(info.amount, `price of type ${info.id}`).toBeGreaterThan(0);
  await expect(page.getByTestId("price-total")).toHaveCount(count);
  const marks = page.getByTestId("remaining-mark");
  await expect(marks).toHaveCount(count);
  for (const mark of await marks.allTextContents()) expect(["○", "△", "×"]).toContain(mark);
  const few = msgPattern(locale, "remaining.few");
  for (const text of await page.getByTestId("remaining").locator("span:not([aria-hidden])").allTextContents()) {
    expect(text === msg(locale, "remaining.none") || few.test(text), `remaining text "${text}"`).toBe(true);
  }
  for (const text of await page.getByTestId("price-total").allTextContents()) {
    expect(text).toMatch(amountPattern(locale));
  }
}

test.describe("search from the top page", () => {
  for (const locale of LOCALES) {
    test(`finds priced cars and opens a car type in ${locale}`, async ({ page, request }) => {
      const [airport] = await storeIds(request, SITE);
      const sd = day(40);
      const ed = day(42);

      expect((await page.goto(url(locale, SITE)))?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
      const form = page.getByTestId("search-form");
      await expect(form.getByLabel(msg(locale, "search.store"), { exact: true })).toBeVisible();
      await expectAccessible(page);

      await form.getByLabel(msg(locale, "search.store"), { exact: true }).selectOption(String(airport));
      await form.getByLabel(msg(locale, "search.departureDate"), { exact: true }).fill(sd);
      await form.getByLabel(msg(locale, "search.departureTime"), { exact: true }).selectOption("10:00");
      await form.getByLabel(msg(locale, "search.returnDate"), { exact: true }).fill(ed);
      await form.getByLabel(msg(locale, "search.returnTime"), { exact: true }).selectOption("17:30");
      await form.getByTestId("search-submit").click();

      await expect(page).toHaveURL(/\/reserve\?/);
      expect(pathOf(page)).toMatch(RESERVE_PATH(locale));
      const q = query(page);
      expect(Object.fromEntries(["si", "sd", "st", "ed", "et"].map((k) => [k, q.get(k)]))).toEqual({
        si: String(airport),
        sd,
        st: "10:00",
        ed,
        et: "17:30",
      });
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "results.title"));
      // One line sums the search up, with its time zone; the form stays folded under it.
      await expect(page.getByTestId("summary-period")).toContainText(
        msg(locale, "results.period", { start: `${slashed(sd)} 10:00`, end: `${slashed(ed)} 17:30` }),
      );
      await expect(page.getByTestId("summary-period")).toContainText(msg(locale, "zone.tokyo"));
      await expect(form).toBeHidden();
      await expectPricedCards(page, locale);
      // The form shows the search back.
      await expect(form.getByLabel(msg(locale, "search.departureDate"), { exact: true })).toHaveValue(sd);
      await expect(form.getByLabel(msg(locale, "search.store"), { exact: true })).toHaveValue(String(airport));
      await expectAccessible(page);

      const card = page.getByTestId("car-card").first();
      const typeId = await card.getAttribute("data-car-type-id");
      const amount = await card.getByTestId("price-total").getAttribute("data-amount");
      const name = (await card.getByTestId("car-name").textContent())?.trim() ?? "";
      await card.getByTestId("car-detail-link").click();

      await expect(page).toHaveURL(new RegExp(`${PREFIX[locale]}/${SITE}/reserve/stores/${airport}/cars/${typeId}\\?`));
      const dq = query(page);
      for (const [k, v] of Object.entries({ si: String(airport), sd, st: "10:00", ed, et: "17:30" })) {
        expect(dq.get(k), k).toBe(v);
      }
      await expect(page.getByTestId("page-title")).toHaveText(name);
      await expect(page.getByTestId("price-total")).toHaveAttribute("data-amount", amount ?? "");
      await expect(page.getByTestId("price-total")).toHaveText(amountPattern(locale));
      const specs = page.getByTestId("car-specs");
      await expect(specs).toBeVisible();
      await expect(specs.locator("dt").first()).toHaveText(msg(locale, "car.capacity"));
      // Fees and the calendar sit in disclosures below the specs.
      await expect(page.getByTestId("fee-table").first()).toBeHidden();
      await page.getByTestId("fees-disclosure").locator("summary").click();
      await expect(page.getByTestId("fee-table").first()).toBeVisible();
      await page.getByTestId("calendar-disclosure").locator("summary").click();
      await expect(page.getByTestId("vacancy-calendar")).toBeVisible();
      expect(await page.getByTestId("calendar-day").count()).toBeGreaterThanOrEqual(28);
      // The calendar opens on the month of the departure; the side form keeps the period.
      await expect(page.locator(`[data-testid="calendar-day"][data-date="${sd}"]`)).toHaveCount(1);
      const side = page.getByTestId("search-form");
      await expect(side.getByLabel(msg(locale, "search.departureDate"), { exact: true })).toHaveValue(sd);
      await expect(side.getByLabel(msg(locale, "search.returnDate"), { exact: true })).toHaveValue(ed);
      await expect(side.locator('input[type="hidden"][name="si"]')).toHaveValue(String(airport));
      const reserve = page.getByTestId("reserve-link");
      await expect(reserve).toHaveText(msg(locale, "car.reserve"));
      const href = new URL((await reserve.getAttribute("href")) ?? "", page.url());
      expect(href.pathname).toBe(`${PREFIX[locale]}/${SITE}/reserve/stores/${airport}/cars/${typeId}/options`);
      for (const [k, v] of Object.entries({ sd, st: "10:00", ed, et: "17:30" })) {
        expect(href.searchParams.get(k), k).toBe(v);
      }
      await expectAccessible(page);
    });
  }
});

test.describe("the search form helps before sending", () => {
  for (const locale of ["ja", "ko"] as const) {
    test(`the chosen store's times, bookable dates and closed days; the return follows the departure (${locale})`, async ({
      page,
      request,
    }) => {
      const [airport, city] = await storeIds(request, SITE);
      await page.goto(url(locale, SITE));
      const form = page.getByTestId("search-form");
      await waitForHydration(form);
      const field = (key: MessageKey) => form.getByLabel(msg(locale, key), { exact: true });

      // Naha City opens 09:00–19:00: its times only, its bookable dates as min and max.
      await field("search.store").selectOption(String(city));
      const times = await field("search.departureTime").locator("option").allTextContents();
      expect(times[0]).toBe("09:00");
      expect(times.at(-1)).toBe("19:00");
      expect([today(), day(1)]).toContain(await field("search.departureDate").getAttribute("min"));
      const max = (await field("search.departureDate").getAttribute("max")) ?? "";
      expect(max >= day(30) && max <= day(MAX_ADVANCE_DAYS)).toBe(true);

      // The return date follows the departure: by the site's default period (same day), then by the chosen one.
      await field("search.departureDate").fill(day(30));
      await expect(field("search.returnDate")).toHaveValue(day(30));
      await field("search.rentalPeriod").selectOption("03");
      await expect(field("search.returnDate")).toHaveValue(day(32));
      await field("search.departureDate").fill(day(31));
      await expect(field("search.returnDate")).toHaveValue(day(33));

      // A Wednesday at Naha City is refused at its field as soon as it is picked, before sending.
      const wednesday = nextWeekday(day(40), 3);
      await field("search.departureDate").fill(wednesday);
      await expectFieldError(form, "sd", msg(locale, "reason.store_closed"));
      await form.getByTestId("search-submit").click();
      expect(pathOf(page)).toBe(url(locale, SITE));
      await expectAccessible(page);

      // Naha Airport opens every day: the same date is fine there.
      await field("search.store").selectOption(String(airport));
      await field("search.departureDate").fill(wednesday);
      await expect(field("search.departureDate")).not.toHaveAttribute("aria-invalid", "true");
    });
  }
});

/** Spec values of the cards as the catalogue words them (compact cards carry the codes as data). */
function spec(card: CardInfo, locale: LocaleCode, key: MessageKey): string | undefined {
  if (key === "car.fourWd") return msg(locale, card.fwd ? "car.yes" : "car.no");
  if (key === "car.smoking") return msg(locale, card.smoking === 2 ? "smoking.2" : "smoking.1");
  if (key === "car.transmission") return msg(locale, card.mission === 2 ? "mission.2" : "mission.1");
  return card.specs[msg(locale, key)];
}

test.describe("filters and sort", () => {
  test("each filter narrows the results as soon as it changes (JavaScript, en)", async ({ page, request }) => {
    const locale: LocaleCode = "en";
    const [airport] = await storeIds(request, SITE);
    await page.goto(reservePath(locale, SITE, freePeriod(airport!)));
    await expectPricedCards(page, locale);
    await expectAccessible(page);
    const all = await cards(page);
    const ids = (f: (c: CardInfo) => boolean) => all.filter(f).map((c) => c.id);
    const filters = page.getByTestId("filters");
    await waitForHydration(filters);
    await openFilters(page);

    const expectCards = async (param: string, expected: number[]) => {
      await expect(page).toHaveURL(new RegExp(`[?&]${param}(&|$)`));
      await expect.poll(() => cardIds(page), { message: param }).toEqual(expected);
    };

    // Passengers: 7 or more, then 8 or more.
    const seven = ids((c) => c.capacity >= 7);
    expect(seven.length).toBeGreaterThan(0);
    expect(seven.length).toBeLessThan(all.length);
    await page.getByTestId("filter-capacity").selectOption("7");
    await expectCards("capacity=7", seven);
    for (const c of await cards(page)) expect(c.capacity).toBeGreaterThanOrEqual(7);
    const eight = ids((c) => c.capacity >= 8);
    expect(eight.length).toBeGreaterThan(0);
    expect(eight.length).toBeLessThan(seven.length);
    await page.getByTestId("filter-capacity").selectOption("8");
    await expectCards("capacity=8", eight);
    for (const c of await cards(page)) expect(c.capacity).toBeGreaterThanOrEqual(8);
    await page.getByTestId("filter-capacity").selectOption("");
    await expectCards(
      "capacity=",
      all.map((c) => c.id),
    );

    // 4WD only: the cards whose specs say 4WD "Yes".
    const fourWd = ids((c) => spec(c, locale, "car.fourWd") === msg(locale, "car.yes"));
    expect(fourWd.length).toBeGreaterThan(0);
    expect(fourWd.length).toBeLessThan(all.length);
    await page.getByTestId("filter-fwd").check();
    await expectCards("fwd=1", fourWd);
    for (const c of await cards(page)) expect(spec(c, locale, "car.fourWd")).toBe(msg(locale, "car.yes"));
    await expectAccessible(page);
    await page.getByTestId("filter-fwd").uncheck();
    await expect(page).not.toHaveURL(/[?&]fwd=1/);
    await expect.poll(() => cardIds(page)).toEqual(all.map((c) => c.id));

    // Smoking: non-smoking, then smoking.
    for (const value of ["1", "2"] as const) {
      const label = msg(locale, `smoking.${value}`);
      const expected = ids((c) => spec(c, locale, "car.smoking") === label);
      expect(expected.length, `smoking=${value}`).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      await filters.locator(`input[name="smoking"][value="${value}"]`).check();
      await expectCards(`smoking=${value}`, expected);
      for (const c of await cards(page)) expect(spec(c, locale, "car.smoking")).toBe(label);
    }
    await filters.locator('input[name="smoking"][value=""]').check();
    await expectCards(
      "smoking=",
      all.map((c) => c.id),
    );

    // Transmission: manual gives only the manual type(s), automatic all the others.
    for (const value of ["2", "1"] as const) {
      const label = msg(locale, `mission.${value}`);
      const expected = ids((c) => spec(c, locale, "car.transmission") === label);
      expect(expected.length, `mission=${value}`).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      await filters.locator(`input[name="mission"][value="${value}"]`).check();
      await expectCards(`mission=${value}`, expected);
      for (const c of await cards(page)) expect(spec(c, locale, "car.transmission")).toBe(label);
    }
    // The filters keep the period.
    for (const [k, v] of Object.entries(freePeriod(airport!))) expect(query(page).get(k), k).toBe(String(v));
  });

  test("every sort orders the results (JavaScript, ko)", async ({ page, request }) => {
    const locale: LocaleCode = "ko";
    const [airport] = await storeIds(request, SITE);
    await page.goto(reservePath(locale, SITE, freePeriod(airport!)));
    await expectPricedCards(page, locale);
    await expect(page.getByTestId("sort")).toHaveValue("recommend");
    await expectAccessible(page);
    const recommended = await cards(page);
    const rank = new Map(recommended.map((c, i) => [c.id, i]));
    const byPrice = (dir: 1 | -1) =>
      [...recommended]
        .sort((a, b) => dir * ((a.amount ?? 0) - (b.amount ?? 0)) || rank.get(a.id)! - rank.get(b.id)!)
        .map((c) => c.id);
    await waitForHydration(page.getByTestId("filters"));

    await page.getByTestId("sort").selectOption("price_asc");
    await expect(page).toHaveURL(/[?&]sort=price_asc(&|$)/);
    await expect.poll(() => cardIds(page)).toEqual(byPrice(1));
    const asc = (await cards(page)).map((c) => c.amount ?? 0);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc[0]).toBeLessThan(asc[asc.length - 1]!);

    await page.getByTestId("sort").selectOption("price_desc");
    await expect(page).toHaveURL(/[?&]sort=price_desc(&|$)/);
    await expect.poll(() => cardIds(page)).toEqual(byPrice(-1));
    const desc = (await cards(page)).map((c) => c.amount ?? 0);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    await expectAccessible(page);

    await page.getByTestId("sort").selectOption("recommend");
    await expect(page).toHaveURL(/[?&]sort=recommend(&|$)/);
    await expect.poll(() => cardIds(page)).toEqual(recommended.map((c) => c.id));
  });

  test.describe("with the Apply button", () => {
    // Without JavaScript nothing submits on change: the Apply button is the only way.
    test.use({ javaScriptEnabled: false });

    noJsTest("filters and sort apply together (ja)", async ({ page, request, axeWithoutScripts }) => {
      test.slow(true, "three full page loads, each also audited by axe in a second context");
      const locale: LocaleCode = "ja";
      const [airport] = await storeIds(request, SITE);
      const start = reservePath(locale, SITE, freePeriod(airport!));
      await page.goto(start);
      await expectPricedCards(page, locale);
      await axeWithoutScripts(page);
      const all = await cards(page);
      const rank = new Map(all.map((c, i) => [c.id, i]));
      const yes = msg(locale, "car.yes");
      const filters = page.getByTestId("filters");
      await openFilters(page);
      await expect(page.getByTestId("filters-apply")).toHaveText(msg(locale, "filters.apply"));

      // 4WD only, dearest first.
      await page.getByTestId("filter-fwd").check();
      await page.getByTestId("sort").selectOption("price_desc");
      await page.getByTestId("filters-apply").click();
      await expect(page).toHaveURL(/[?&]fwd=1(&|$)/);
      await expect(page).toHaveURL(/[?&]sort=price_desc(&|$)/);
      const fourWd = all
        .filter((c) => spec(c, locale, "car.fourWd") === yes)
        .sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0) || rank.get(a.id)! - rank.get(b.id)!)
        .map((c) => c.id);
      expect(fourWd.length).toBeGreaterThan(1);
      expect(await cardIds(page)).toEqual(fourWd);
      await expect(page.getByTestId("filter-fwd")).toBeChecked();
      await expect(page.getByTestId("sort")).toHaveValue("price_desc");
      await axeWithoutScripts(page);

      // 7 seats or more, non-smoking, automatic, 4WD off, recommended order.
      await openFilters(page);
      await page.getByTestId("filter-fwd").uncheck();
      await page.getByTestId("filter-capacity").selectOption("7");
      await filters.locator('input[name="smoking"][value="1"]').check();
      await filters.locator('input[name="mission"][value="1"]').check();
      await page.getByTestId("sort").selectOption("recommend");
      await page.getByTestId("filters-apply").click();
      await expect(page).toHaveURL(/[?&]capacity=7(&|$)/);
      const q = query(page);
      expect([q.get("smoking"), q.get("mission"), q.get("sort"), q.get("fwd")]).toEqual(["1", "1", "recommend", null]);
      const expected = all
        .filter(
          (c) =>
            c.capacity >= 7 &&
            spec(c, locale, "car.smoking") === msg(locale, "smoking.1") &&
            spec(c, locale, "car.transmission") === msg(locale, "mission.1"),
        )
        .map((c) => c.id);
      expect(expected.length).toBeGreaterThan(1);
      expect(await cardIds(page)).toEqual(expected);
      for (const [k, v] of Object.entries(freePeriod(airport!))) expect(q.get(k), k).toBe(String(v));
      await axeWithoutScripts(page);
    });
  });
});

test("a fully booked type is listed with × and can be hidden (zh-TW)", async ({ page, request }) => {
  const locale: LocaleCode = "zh-TW";
  const [airport] = await storeIds(request, SITE);
  const [noah] = await typeIds(request, SITE, airport!, { capacity: "8" });
  expect(noah).toBeTruthy();
  await page.goto(reservePath(locale, SITE, { si: airport!, sd: day(11), st: "10:00", ed: day(11), et: "18:00" }));

  const noahCard = page.locator(`[data-testid="car-card"][data-car-type-id="${noah}"]`);
  await expect(noahCard).toHaveAttribute("data-full", "1");
  await expect(noahCard.getByTestId("remaining-mark")).toHaveText("×");
  await expect(noahCard.getByTestId("remaining")).toHaveAttribute("data-state", "none");
  await expect(noahCard.getByTestId("remaining")).toContainText(msg(locale, "remaining.none"));
  await expect(page.getByTestId("filter-empty")).toBeChecked();
  await expect(page.getByTestId("hidden-full")).toHaveCount(0);
  const before = await cards(page);
  const full = before.filter((c) => c.full).map((c) => c.id);
  expect(full).toContain(noah);
  expect(before.length).toBeGreaterThan(full.length);
  await expectAccessible(page);

  await waitForHydration(page.getByTestId("filters"));
  await openFilters(page);
  await page.getByTestId("filter-empty").uncheck();
  await expect(page).toHaveURL(/[?&]empty=2(&|$)/);
  await expect(noahCard).toHaveCount(0);
  await expect(page.getByTestId("hidden-full")).toHaveText(msgPlural(locale, "results.hiddenFull", full.length));
  expect(await cardIds(page)).toEqual(before.filter((c) => !c.full).map((c) => c.id));
  await expect(page.locator('[data-testid="car-card"][data-full="1"]')).toHaveCount(0);
  await expectAccessible(page);

  // The type's own page says it is fully booked and offers no reservation.
  await page.goto(
    `${url(locale, SITE, `/reserve/stores/${airport}/cars/${noah}`)}?${new URLSearchParams({
      si: String(airport),
      sd: day(11),
      st: "10:00",
      ed: day(11),
      et: "18:00",
    })}`,
  );
  await expect(page.getByTestId("car-blocked")).toHaveText(msg(locale, "reason.type_fully_booked"));
  await expect(page.getByTestId("remaining-mark")).toHaveText("×");
  await expect(page.getByTestId("reserve-link")).toHaveCount(0);
  await expectAccessible(page);
});

test("dates not decided: each type shows its fee table instead of a price (en)", async ({ page, request }) => {
  const locale: LocaleCode = "en";
  const [airport] = await storeIds(request, SITE);
  await page.goto(url(locale, SITE));
  await expectAccessible(page);
  const form = page.getByTestId("search-form");
  await form.getByLabel(msg(locale, "search.store"), { exact: true }).selectOption(String(airport));
  await form.getByLabel(msg(locale, "search.dateUndecided"), { exact: true }).check();
  await form.getByTestId("search-submit").click();

  await expect(page).toHaveURL(/[?&]date_undecided=1(&|$)/);
  expect(pathOf(page)).toMatch(RESERVE_PATH(locale));
  const list = page.getByTestId("car-card");
  await expect(list.first()).toBeVisible();
  const count = await list.count();
  for (let i = 0; i < count; i++) {
    await expect(list.nth(i).getByTestId("fee-table")).toHaveCount(1);
    await expect(list.nth(i).getByTestId("fee-table").locator("tbody td").first()).toHaveText(amountPattern(locale));
  }
  await expect(page.getByTestId("price-total")).toHaveCount(0);
  await expect(page.getByTestId("remaining-mark")).toHaveCount(0);
  await expect(page.getByText(msg(locale, "results.undecided"))).toBeVisible();
  await expect(form.getByLabel(msg(locale, "search.dateUndecided"), { exact: true })).toBeChecked();
  await expect(page.getByTestId("filter-empty")).toHaveCount(0);
  await expectAccessible(page);
});

// ---------------------------------------------------------------------------------------------
// Date errors
// ---------------------------------------------------------------------------------------------

interface ErrorCase {
  name: string;
  /** The query, from sakura's store ids in display order. */
  query: (stores: number[]) => Record<string, string>;
  field: "si" | "sd" | "st" | "ed" | "et";
  message: (locale: LocaleCode) => string;
}

const ERROR_CASES: Record<string, ErrorCase> = {
  dateInvalid: {
    name: "a date that does not exist",
    query: ([airport]) => {
      const year = Number(today().slice(0, 4)) + 1;
      return { si: String(airport), sd: `${year}-02-30`, st: "10:00", ed: day(20), et: "17:00" };
    },
    field: "sd",
    message: (l) => msg(l, "reason.date_invalid"),
  },
  returnBeforeDeparture: {
    name: "a return before the departure",
    query: ([airport]) => ({ si: String(airport), sd: day(20), st: "10:00", ed: day(19), et: "17:00" }),
    field: "ed",
    message: (l) => msg(l, "reason.return_not_after_departure"),
  },
  departureInPast: {
    name: "a departure in the past",
    query: ([airport]) => ({ si: String(airport), sd: day(-1), st: "10:00", ed: day(2), et: "17:00" }),
    field: "sd",
    message: (l) => msg(l, "reason.departure_in_past"),
  },
  withinLeadTime: {
    name: "a departure inside the lead time",
    query: ([airport]) => {
      const soon = withinLeadTime();
      return { si: String(airport), sd: soon.date, st: soon.time, ed: addDays(soon.date, 1), et: "17:00" };
    },
    field: "st",
    message: (l) => msg(l, "reason.within_lead_time", { hours: Math.ceil(MIN_LEAD_MINUTES / 60) }),
  },
  beyondAdvance: {
    name: "a departure beyond the advance period",
    query: ([airport]) => ({ si: String(airport), sd: day(400), st: "10:00", ed: day(401), et: "17:00" }),
    field: "sd",
    message: (l) => msg(l, "reason.beyond_advance_period", { date: slashed(day(MAX_ADVANCE_DAYS)) }),
  },
  storeClosed: {
    name: "a day the store is closed",
    query: ([, city]) => {
      // Naha City closes on Wednesdays.
      let sd = day(3);
      while (new Date(`${sd}T00:00:00Z`).getUTCDay() !== 3) sd = addDays(sd, 1);
      return { si: String(city), sd, st: "10:00", ed: addDays(sd, 1), et: "17:00" };
    },
    field: "sd",
    message: (l) => msg(l, "reason.store_closed"),
  },
  outsideHours: {
    name: "a time outside business hours",
    query: ([airport]) => ({ si: String(airport), sd: day(20), st: "03:00", ed: day(21), et: "17:00" }),
    field: "st",
    message: (l) => msg(l, "reason.outside_business_hours", AIRPORT_HOURS),
  },
  storeRequired: {
    name: "no store",
    query: () => ({ si: "", sd: day(20), st: "10:00", ed: day(21), et: "17:00" }),
    field: "si",
    message: (l) => msg(l, "reason.store_required"),
  },
};

/** Every case runs in two languages; every language runs four cases. */
const ERRORS_BY_LOCALE: Record<LocaleCode, (keyof typeof ERROR_CASES)[]> = {
  ja: ["dateInvalid", "returnBeforeDeparture", "departureInPast", "withinLeadTime"],
  en: ["beyondAdvance", "storeClosed", "outsideHours", "storeRequired"],
  ko: ["dateInvalid", "departureInPast", "beyondAdvance", "storeClosed"],
  "zh-TW": ["returnBeforeDeparture", "withinLeadTime", "outsideHours", "storeRequired"],
};

test.describe("search errors at their fields", () => {
  for (const locale of LOCALES) {
    test(`${ERRORS_BY_LOCALE[locale].length} date and store errors in ${locale}`, async ({ page, request }) => {
      const stores = await storeIds(request, SITE);
      for (const key of ERRORS_BY_LOCALE[locale]) {
        const c = ERROR_CASES[key]!;
        const q = c.query(stores);
        const response = await page.goto(reservePath(locale, SITE, q));
        expect(response?.status(), c.name).toBe(422);
        await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
        const form = page.getByTestId("search-form");
        await expectFieldError(form, c.field, c.message(locale));
        // Everything else typed is kept (a date the browser cannot hold stays only in the message).
        for (const [name, value] of Object.entries(q)) {
          if (name === c.field) continue;
          await expect(form.locator(`[name="${name}"]`), `${c.name}: ${name}`).toHaveValue(value);
        }
        if (c.field !== "sd" || key !== "dateInvalid") {
          await expect(form.locator(`[name="${c.field}"]`), `${c.name}: ${c.field}`).toHaveValue(q[c.field]!);
        }
        await expect(page.getByTestId("car-card")).toHaveCount(0);
        await expect(page.getByTestId("filters")).toHaveCount(0);
        await expectAccessible(page);
      }
    });
  }

  test("a typed return before the departure is refused at the return date before sending (ja, form)", async ({
    page,
    request,
  }) => {
    const locale: LocaleCode = "ja";
    const [airport] = await storeIds(request, SITE);
    await page.goto(url(locale, SITE));
    await expectAccessible(page);
    const form = page.getByTestId("search-form");
    await form.getByLabel(msg(locale, "search.store"), { exact: true }).selectOption(String(airport));
    await form.getByLabel(msg(locale, "search.departureDate"), { exact: true }).fill(day(25));
    await form.getByLabel(msg(locale, "search.departureTime"), { exact: true }).selectOption("12:00");
    await form.getByLabel(msg(locale, "search.returnDate"), { exact: true }).fill(day(24));
    await form.getByLabel(msg(locale, "search.returnTime"), { exact: true }).selectOption("12:00");
    await form.getByTestId("search-submit").click();

    // The form's schema runs in the browser: nothing is sent, the error is at the field, focused.
    await expect(form.locator('[name="ed"]')).toBeFocused();
    expect(pathOf(page)).toBe(url(locale, SITE));
    await expectFieldError(form, "ed", msg(locale, "reason.return_not_after_departure"));
    await expect(form.locator('[name="sd"]')).toHaveValue(day(25));
    await expect(form.locator('[name="ed"]')).toHaveValue(day(24));
    await expect(form.locator('[name="si"]')).toHaveValue(String(airport));
    await expect(form.locator('[name="st"]')).toHaveValue("12:00");
    await expect(form.locator('[name="sd"]')).not.toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    // Fixing the field clears its message as it changes; the search then goes through.
    await form.getByLabel(msg(locale, "search.returnDate"), { exact: true }).fill(day(26));
    await expect(form.locator('[name="ed"]')).not.toHaveAttribute("aria-invalid", "true");
    await form.getByTestId("search-submit").click();
    await expect(page).toHaveURL(new RegExp(`[?&]ed=${day(26)}(&|$)`));
    await expect(page.getByTestId("car-card").first()).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------
// Without JavaScript, and by keyboard
// ---------------------------------------------------------------------------------------------

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  noJsTest("search, filter with Apply and open a car type (ko)", async ({ page, request, axeWithoutScripts }) => {
    test.slow(true, "four full page loads, each also audited by axe in a second context");
    const locale: LocaleCode = "ko";
    const [airport] = await storeIds(request, SITE);
    await page.goto(url(locale, SITE));
    await axeWithoutScripts(page);

    const form = page.getByTestId("search-form");
    await form.getByLabel(msg(locale, "search.store"), { exact: true }).selectOption(String(airport));
    await form.getByLabel(msg(locale, "search.departureDate"), { exact: true }).fill(day(40));
    await form.getByLabel(msg(locale, "search.departureTime"), { exact: true }).selectOption("09:00");
    await form.getByLabel(msg(locale, "search.returnDate"), { exact: true }).fill(day(41));
    await form.getByLabel(msg(locale, "search.returnTime"), { exact: true }).selectOption("18:00");
    await form.getByTestId("search-submit").click();

    await expect(page).toHaveURL(/\/reserve\?/);
    expect(pathOf(page)).toMatch(RESERVE_PATH(locale));
    expect([query(page).get("sd"), query(page).get("ed"), query(page).get("st")]).toEqual([day(40), day(41), "09:00"]);
    await expectPricedCards(page, locale);
    const all = await cards(page);
    await axeWithoutScripts(page);

    await openFilters(page);
    await page.getByTestId("filter-capacity").selectOption("7");
    await page.getByTestId("filters-apply").click();
    await expect(page).toHaveURL(/[?&]capacity=7(&|$)/);
    const seven = all.filter((c) => c.capacity >= 7).map((c) => c.id);
    expect(seven.length).toBeGreaterThan(0);
    expect(await cardIds(page)).toEqual(seven);
    await axeWithoutScripts(page);

    const card = page.getByTestId("car-card").first();
    const amount = await card.getByTestId("price-total").getAttribute("data-amount");
    await card.getByTestId("car-detail-link").click();
    await expect(page).toHaveURL(new RegExp(`/reserve/stores/${airport}/cars/${seven[0]}\\?`));
    expect(query(page).get("sd")).toBe(day(40));
    await expect(page.getByTestId("price-total")).toHaveAttribute("data-amount", amount ?? "");
    await expect(page.getByTestId("reserve-link")).toBeVisible();
    await axeWithoutScripts(page);
  });
});

test.describe("by keyboard", () => {
  // Chromium's date input takes the digits in the browser locale's order: mm/dd/yyyy for en-US.
  test.use({ locale: "en-US" });

  test("type the dates, pick a time with the arrows and press Enter (en)", async ({ page, request }) => {
    const locale: LocaleCode = "en";
    const [airport] = await storeIds(request, SITE);
    const sd = day(30);
    const ed = day(31);
    await page.goto(url(locale, SITE));
    await expectAccessible(page);
    const form = page.getByTestId("search-form");
    const store = form.getByLabel(msg(locale, "search.store"), { exact: true });
    const st = form.getByLabel(msg(locale, "search.departureTime"), { exact: true });
    const sdInput = form.getByLabel(msg(locale, "search.departureDate"), { exact: true });
    const edInput = form.getByLabel(msg(locale, "search.returnDate"), { exact: true });

    // The first store is the option after the placeholder.
    await store.focus();
    await page.keyboard.press("ArrowDown");
    await expect(store).toHaveValue(String(airport));

    await page.keyboard.press("Tab");
    await expect(sdInput).toBeFocused();
    await page.keyboard.type(typedUs(sd));
    await expect(sdInput).toHaveValue(sd);

    // Tab leaves the date input after its segments (and its picker button, if focusable).
    for (let i = 0; i < 3 && !(await st.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(st).toBeFocused();
    const options = await st.locator("option").evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    const next = options[options.indexOf(await st.inputValue()) + 1];
    expect(next).toBeTruthy();
    await page.keyboard.press("ArrowDown");
    await expect(st).toHaveValue(next!);

    await page.keyboard.press("Tab");
    await expect(edInput).toBeFocused();
    await page.keyboard.type(typedUs(ed));
    await expect(edInput).toHaveValue(ed);
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(new RegExp(`[?&]sd=${sd}(&|$)`));
    expect(pathOf(page)).toMatch(RESERVE_PATH(locale));
    expect([query(page).get("st"), query(page).get("ed"), query(page).get("si")]).toEqual([next, ed, String(airport)]);
    await expectPricedCards(page, locale);
    await expectAccessible(page);
  });
});
