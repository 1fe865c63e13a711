import type { Browser, Locator, Page } from "@playwright/test";
import { DEMO, loginAs, registerMember } from "./account-helpers";
import { day, nextWeekday, slashed } from "./dates";
import { expect, expectAccessible, HTML_LANG, type LocaleCode, PREFIX, test, url } from "./fixtures";
import { LOCALES, msg, storeIds, typeIds, waitForHydration } from "./search-helpers";

// The options step of the booking flow (issue 9): /reserve/stores/{storeId}/cars/{id}/options.
// Demo facts (server/db/seed, README): sakura's stores are Naha Airport (08:00–21:00), Naha City
// (09:00–19:00, closed on Wednesdays) and Ishigaki; every type is free 40 days ahead; the 8-seat
// wagons at the airport are fully booked 10–13 days ahead; the child seat may be unavailable.
// sakura takes bookings from guests, kaede from members only.
const SITE = "sakura";

/**
 * Two nights (three rental days) on a Friday to Sunday, 51 to 59 days ahead: bookable at both Naha
 * stores on any date (the city store's demo holidays fall about 8, 38 and 47 days ahead).
 */
function period(storeId: number) {
  const sd = nextWeekday(day(51), 5);
  const ed = nextWeekday(sd, 0);
  return { si: String(storeId), sd, st: "10:00", ed, et: "17:00" };
}
const RENTAL_DAYS = 3;

function optionsUrl(
  locale: LocaleCode,
  siteId: string,
  storeId: number,
  typeId: number,
  query?: Record<string, string>,
) {
  const path = url(locale, siteId, `/reserve/stores/${storeId}/cars/${typeId}/options`);
  return query ? `${path}?${new URLSearchParams(query)}` : path;
}

function carUrl(locale: LocaleCode, siteId: string, storeId: number, typeId: number, query: Record<string, string>) {
  return `${url(locale, siteId, `/reserve/stores/${storeId}/cars/${typeId}`)}?${new URLSearchParams(query)}`;
}

/** The airport, Naha City and a car type both rent. */
async function demoCar(request: Parameters<typeof storeIds>[0]) {
  const [airport, city] = await storeIds(request, SITE);
  const atCity = new Set(await typeIds(request, SITE, city!));
  const type = (await typeIds(request, SITE, airport!)).find((id) => atCity.has(id));
  expect(type, "a type rented at both Naha stores").toBeTruthy();
  return { airport: airport!, city: city!, type: type! };
}

const amountOf = async (locator: Locator) => Number(await locator.getAttribute("data-amount"));

/** An option row with a price, by unit (1 per rental, 2 per day). */
const paidOption = (page: Page, unit: 1 | 2) =>
  page.locator(`[data-testid="option-row"][data-price-unit="${unit}"]:not([data-price="0"])`).first();
const limitedOption = (page: Page) => page.locator('[data-testid="option-row"][data-may-be-unavailable="1"]').first();

async function quantities(page: Page): Promise<string[]> {
  return page.getByTestId("option-quantity").evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value));
}

/** Waits until the total shown is `amount` (the server's answer to a change). */
async function expectTotal(page: Page, amount: number) {
  await expect(page.getByTestId("booking-total")).toHaveAttribute("data-amount", String(amount));
  await expect(page.getByTestId("fee-total")).toHaveAttribute("data-amount", String(amount));
}

async function openOptions(
  page: Page,
  locale: LocaleCode,
  storeId: number,
  typeId: number,
  query: Record<string, string>,
) {
  await page.goto(optionsUrl(locale, SITE, storeId, typeId, query));
  await expect(page.getByTestId("options-form")).toBeVisible();
  await waitForHydration(page.getByTestId("options-form"));
}

test.describe("from the car page to the options page", () => {
  for (const locale of LOCALES) {
    test(`shows the car, period, options, waiver and fees (${locale})`, async ({ page, request }) => {
      const { airport, type } = await demoCar(request);
      const query = period(airport);
      await page.goto(carUrl(locale, SITE, airport, type, query));
      const carName = (await page.getByTestId("page-title").textContent())?.trim() ?? "";
      const carTotal = await amountOf(page.getByTestId("reserve-box").getByTestId("price-total"));
      await page.getByTestId("reserve-link").click();

      await expect(page).toHaveURL(
        new RegExp(`${PREFIX[locale]}/${SITE}/reserve/stores/${airport}/cars/${type}/options\\?`),
      );
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "booking.options.title"));
      await expect(page.getByTestId("summary-car")).toHaveText(carName);
      const periodText = page.getByTestId("summary-period");
      await expect(periodText).toContainText(
        msg(locale, "results.period", { start: `${slashed(query.sd)} 10:00`, end: `${slashed(query.ed)} 17:00` }),
      );
      await expect(periodText).toContainText(msg(locale, "zone.tokyo"));
      await expect(page.getByTestId("booking-steps").locator('[aria-current="step"]')).toContainText(
        msg(locale, "booking.step.options"),
      );

      // Every option with its price and a quantity from 0 to its limit, none chosen yet.
      const rows = page.getByTestId("option-row");
      expect(await rows.count()).toBeGreaterThan(0);
      for (const row of await rows.all()) {
        const max = Number(await row.getAttribute("data-max"));
        const values = await row
          .getByTestId("option-quantity")
          .locator("option")
          .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
        expect(values).toEqual(Array.from({ length: max + 1 }, (_, i) => String(i)));
        await expect(row.getByTestId("option-quantity")).toHaveValue("0");
        await expect(row.getByTestId("option-name")).not.toBeEmpty();
      }
      // The waiver and the breakdown: the same total as the car page, tax included.
      const immunity = page.getByTestId("immunity");
      await expect(immunity).toBeVisible();
      const rent = await amountOf(page.getByTestId("fee-rent"));
      const waiver = await amountOf(page.getByTestId("fee-immunity"));
      expect(rent).toBeGreaterThan(0);
      expect(await amountOf(page.getByTestId("fee-options"))).toBe(0);
      expect(waiver > 0).toBe(await immunity.isChecked());
      await expectTotal(page, rent + waiver);
      expect(rent + waiver).toBe(carTotal);
      await expect(page.getByTestId("fee-breakdown")).toContainText(msg(locale, "booking.fees.taxNote"));
      await expect(page.getByTestId("options-next")).toHaveText(msg(locale, "booking.next"));
      await expectAccessible(page);

      // The session remembers the car: the options page opens without the period in its link.
      await page.goto(optionsUrl(locale, SITE, airport, type));
      await expect(page.getByTestId("summary-car")).toHaveText(carName);
      await expectTotal(page, rent + waiver);
    });
  }
});

test("fees are recomputed by the server as options and the waiver change (JavaScript, en)", async ({
  page,
  request,
}) => {
  const { airport, type } = await demoCar(request);
  await openOptions(page, "en", airport, type, period(airport));
  const rent = await amountOf(page.getByTestId("fee-rent"));
  const immunity = page.getByTestId("immunity");
  if (!(await immunity.isChecked())) {
    await immunity.check();
    await expect.poll(() => amountOf(page.getByTestId("fee-immunity"))).toBeGreaterThan(0);
  }
  const waiver = await amountOf(page.getByTestId("fee-immunity"));

  const perDay = paidOption(page, 2);
  const dayPrice = Number(await perDay.getAttribute("data-price"));
  await perDay.getByTestId("option-quantity").selectOption("1");
  await expectTotal(page, rent + waiver + dayPrice * RENTAL_DAYS);
  await expect(page.getByTestId("fee-options")).toHaveAttribute("data-amount", String(dayPrice * RENTAL_DAYS));
  await expect(page.getByTestId("fees-status")).toContainText(msg("en", "booking.fees.updated", { amount: "" }).trim());

  const perRental = paidOption(page, 1);
  const rentalPrice = Number(await perRental.getAttribute("data-price"));
  await perRental.getByTestId("option-quantity").selectOption("1");
  await expectTotal(page, rent + waiver + dayPrice * RENTAL_DAYS + rentalPrice);

  await immunity.uncheck();
  await expectTotal(page, rent + dayPrice * RENTAL_DAYS + rentalPrice);
  await expect(page.getByTestId("fee-immunity")).toHaveAttribute("data-amount", "0");
  await expectAccessible(page);

  // Saved in the session: the page shows the same choices again.
  await page.reload();
  await expectTotal(page, rent + dayPrice * RENTAL_DAYS + rentalPrice);
  await expect(perDay.getByTestId("option-quantity")).toHaveValue("1");
  await expect(perRental.getByTestId("option-quantity")).toHaveValue("1");
  await expect(immunity).not.toBeChecked();
});

/** A page in a browser context without JavaScript. */
async function scriptless(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

test("without JavaScript, Recalculate prices the choices and keeps them (ja)", async ({
  browser,
  baseURL,
  request,
}) => {
  const { airport, type } = await demoCar(request);
  const { context, page } = await scriptless(browser, baseURL);
  await page.goto(optionsUrl("ja", SITE, airport, type, period(airport)));
  const before = await amountOf(page.getByTestId("booking-total"));
  const perDay = paidOption(page, 2);
  const dayPrice = Number(await perDay.getAttribute("data-price"));
  await perDay.getByTestId("option-quantity").selectOption("1");
  // Nothing runs in the page: the total stays until the form is sent.
  await expect(page.getByTestId("booking-total")).toHaveAttribute("data-amount", String(before));
  const recalc = page.getByTestId("options-recalc");
  await expect(recalc).toBeVisible();
  await expect(recalc).toHaveText(msg("ja", "booking.recalc"));
  await recalc.click();
  await expectTotal(page, before + dayPrice * RENTAL_DAYS);
  await expect(perDay.getByTestId("option-quantity")).toHaveValue("1");
  await expect(page).toHaveURL(/\/options\?/);
  await context.close();
});

test.describe("an option that may be unavailable asks 'keep the booking' or 'cancel', starting on keeping it", () => {
  test("with JavaScript, the choice appears with 'keep the booking' chosen, and Next goes on (ko)", async ({
    page,
    request,
  }) => {
    const locale: LocaleCode = "ko";
    const { airport, type } = await demoCar(request);
    await openOptions(page, locale, airport, type, period(airport));
    const limited = limitedOption(page);
    await expect(limited, "the demo's limited option (child seat)").toHaveCount(1);
    await expect(limited.getByTestId("option-limited")).toHaveText(msg(locale, "booking.options.limited"));
    await expect(page.getByTestId("not-possible")).toHaveCount(0);

    await limited.getByTestId("option-quantity").selectOption("1");
    const choice = page.getByTestId("not-possible");
    await expect(choice).toBeVisible();
    await expect(choice).toContainText(msg(locale, "booking.notPossible.lead"));
    await expect(choice.getByLabel(msg(locale, "booking.notPossible.reserve"))).toBeChecked();
    await expect(choice.getByLabel(msg(locale, "booking.notPossible.cancel"))).not.toBeChecked();
    await expectAccessible(page);

    // Choosing none of the limited options no longer asks.
    await limited.getByTestId("option-quantity").selectOption("0");
    await expect(choice).toHaveCount(0);
    await limited.getByTestId("option-quantity").selectOption("2");
    await choice.getByLabel(msg(locale, "booking.notPossible.cancel")).check();
    await page.getByTestId("options-next").click();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[locale]}/${SITE}/reserve/login$`));
    // Back on the options page, the answer chosen is kept.
    await page.goto(optionsUrl(locale, SITE, airport, type));
    await expect(limitedOption(page).getByTestId("option-quantity")).toHaveValue("2");
    await expect(page.getByTestId("not-possible").getByLabel(msg(locale, "booking.notPossible.cancel"))).toBeChecked();

    // Straight on with the default answer: the booking goes on without a refusal.
    await page.getByTestId("not-possible").getByLabel(msg(locale, "booking.notPossible.reserve")).check();
    await page.getByTestId("options-next").click();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[locale]}/${SITE}/reserve/login$`));
  });

  test("without JavaScript, the choice is asked up front with 'keep the booking' chosen (zh-TW)", async ({
    browser,
    baseURL,
    request,
  }) => {
    const locale: LocaleCode = "zh-TW";
    const { airport, type } = await demoCar(request);
    const { context, page } = await scriptless(browser, baseURL);
    await page.goto(optionsUrl(locale, SITE, airport, type, period(airport)));
    const choice = page.getByTestId("not-possible");
    await expect(choice).toContainText(msg(locale, "booking.notPossible.leadAny"));
    await expect(choice.getByLabel(msg(locale, "booking.notPossible.reserve"))).toBeChecked();
    await limitedOption(page).getByTestId("option-quantity").selectOption("1");
    await page.getByTestId("options-next").click();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[locale]}/${SITE}/reserve/login$`));
    // The session holds the answer: the options page asks about the chosen seat, still on keeping the booking.
    await page.goto(optionsUrl(locale, SITE, airport, type));
    await expect(limitedOption(page).getByTestId("option-quantity")).toHaveValue("1");
    await expect(page.getByTestId("not-possible")).toContainText(msg(locale, "booking.notPossible.lead"));
    await expect(page.getByTestId("not-possible").getByLabel(msg(locale, "booking.notPossible.reserve"))).toBeChecked();
    await context.close();
  });
});

test("the options page without a period and without a session goes back to the search (spec §4)", async ({
  page,
  request,
}) => {
  const { airport, type } = await demoCar(request);
  for (const locale of ["ja", "en"] as const) {
    await page.goto(optionsUrl(locale, SITE, airport, type));
    await expect(page).toHaveURL(new RegExp(`${PREFIX[locale]}/${SITE}/reserve$`));
  }
  // The login step needs a session too.
  await page.goto(url("en", SITE, "/reserve/login"));
  await expect(page).toHaveURL(new RegExp(`/en/${SITE}/reserve$`));
});

test("undecided dates or dates that cannot be booked are chosen on the car page", async ({ page, request }) => {
  const { airport, type } = await demoCar(request);
  await page.goto(optionsUrl("en", SITE, airport, type, { si: String(airport), date_undecided: "1" }));
  await expect(page).toHaveURL(new RegExp(`/en/${SITE}/reserve/stores/${airport}/cars/${type}\\?`));
  await page.goto(
    optionsUrl("en", SITE, airport, type, { si: String(airport), sd: day(-2), st: "10:00", ed: day(-1), et: "17:00" }),
  );
  await expect(page).toHaveURL(new RegExp(`/en/${SITE}/reserve/stores/${airport}/cars/${type}\\?`));
  await expect(page.getByTestId("reserve-link")).toHaveCount(0);
});

test("a fully booked type says so and offers no Next (en)", async ({ page, request }) => {
  const [airport] = await storeIds(request, SITE);
  const [wagon] = await typeIds(request, SITE, airport!, { capacity: "8" });
  await page.goto(
    optionsUrl("en", SITE, airport!, wagon!, {
      si: String(airport),
      sd: day(11),
      st: "10:00",
      ed: day(11),
      et: "18:00",
    }),
  );
  await expect(page.getByTestId("options-blocked")).toHaveText(msg("en", "reason.type_fully_booked"));
  await expect(page.getByTestId("options-next")).toHaveCount(0);
  await expectAccessible(page);
});

test("choosing another store clears the options (spec §4)", async ({ page, request }) => {
  const { airport, city, type } = await demoCar(request);
  await openOptions(page, "ja", airport, type, period(airport));
  const perDay = paidOption(page, 2);
  const dayPrice = Number(await perDay.getAttribute("data-price"));
  const before = await amountOf(page.getByTestId("booking-total"));
  await perDay.getByTestId("option-quantity").selectOption("1");
  await expectTotal(page, before + dayPrice * RENTAL_DAYS);
  // The same car again keeps them.
  await page.goto(optionsUrl("ja", SITE, airport, type, period(airport)));
  await expect(perDay.getByTestId("option-quantity")).toHaveValue("1");

  // Another store: nothing chosen there.
  await page.goto(optionsUrl("ja", SITE, city, type, period(city)));
  await expect(page.getByTestId("summary-car")).toBeVisible();
  expect((await quantities(page)).every((q) => q === "0")).toBe(true);
  expect(await amountOf(page.getByTestId("fee-options"))).toBe(0);

  // Back at the first store, the options chosen there are gone.
  await page.goto(optionsUrl("ja", SITE, airport, type, period(airport)));
  expect((await quantities(page)).every((q) => q === "0")).toBe(true);
  await expectTotal(page, before);
});

test.describe("the login step", () => {
  test("sakura offers log in, registration and guest booking (en)", async ({ page, request }) => {
    const { airport, type } = await demoCar(request);
    await openOptions(page, "en", airport, type, period(airport));
    const total = await amountOf(page.getByTestId("booking-total"));
    await page.getByTestId("options-next").click();
    await expect(page).toHaveURL(new RegExp(`/en/${SITE}/reserve/login$`));
    await expect(page.getByTestId("page-title")).toHaveText(msg("en", "booking.login.title"));
    await expect(page.getByTestId("summary-total")).toHaveAttribute("data-amount", String(total));
    await expect(page.getByTestId("summary-period")).toContainText(slashed(period(airport).sd));
    await expect(page.getByTestId("guest-link")).toHaveText(msg("en", "booking.login.guest"));
    await expect(page.getByTestId("guest-link")).toHaveAttribute("href", `/en/${SITE}/reserve/user`);
    await expect(page.getByTestId("register-link")).toHaveAttribute("href", `/en/${SITE}/user/regist`);
    await expect(page.getByTestId("members-only")).toHaveCount(0);
    await expectAccessible(page);

    // Logging in comes back to the customer step.
    await waitForHydration(page.getByTestId("login-form"));
    await page.getByTestId("login-form").locator('input[name="email"]').fill(DEMO.sakuraHanako.email);
    await page.getByTestId("login-form").locator('input[name="password"]').fill("rentacar-demo");
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(new RegExp(`/en/${SITE}/reserve/user$`));
    // A member is sent on from the login step.
    await page.goto(url("en", SITE, "/reserve/login"));
    await expect(page).toHaveURL(new RegExp(`/en/${SITE}/reserve/user$`));
  });

  test("kaede takes bookings from members only: no guest button (ja)", async ({ page, request }) => {
    const [store] = await storeIds(request, "kaede");
    const [type] = await typeIds(request, "kaede", store!);
    await page.goto(
      optionsUrl("ja", "kaede", store!, type!, {
        si: String(store),
        sd: day(40),
        st: "10:00",
        ed: day(42),
        et: "17:00",
      }),
    );
    await waitForHydration(page.getByTestId("options-form"));
    await page.getByTestId("options-next").click();
    await expect(page).toHaveURL(/\/kaede\/reserve\/login$/);
    await expect(page.getByTestId("guest-link")).toHaveCount(0);
    await expect(page.getByTestId("members-only")).toHaveText(msg("ja", "booking.login.membersOnly"));
    await expect(page.getByTestId("login-form")).toBeVisible();
    await expect(page.getByTestId("register-link")).toBeVisible();
    await expectAccessible(page);
    // The customer step itself is not reachable as a guest from here; a member goes straight on.
    await loginAs(page, "ja", "kaede", DEMO.kaedeHanako.email);
    await page.goto(optionsUrl("ja", "kaede", store!, type!));
    await waitForHydration(page.getByTestId("options-form"));
    await page.getByTestId("options-next").click();
    await expect(page).toHaveURL(/\/kaede\/reserve\/user$/);
  });
});

test("registering from the login step offers to continue the booking (ja)", async ({ page, request }) => {
  const { airport, type } = await demoCar(request);
  await openOptions(page, "ja", airport, type, period(airport));
  await page.getByTestId("options-next").click();
  await expect(page).toHaveURL(new RegExp(`/${SITE}/reserve/login$`));
  await expect(page.getByTestId("register-link")).toHaveText(msg("ja", "booking.login.register"));
  await registerMember(page, "ja", SITE);
  const next = page.getByTestId("completed-continue-booking");
  await expect(next).toHaveText(msg("ja", "booking.continue"));
  await expect(next).toHaveAttribute("href", `/${SITE}/reserve/user`);
  await expect(next).toHaveClass(/btn-primary/);
  await expect(page.getByTestId("completed-mypage")).toHaveClass(/btn-secondary/);
  await expectAccessible(page);
});

test("on a 390×844 phone the total and Next are in view and focus never hides under them", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { airport, type } = await demoCar(request);
  await openOptions(page, "en", airport, type, period(airport));
  const next = page.getByTestId("options-next");
  await expect(next).toBeInViewport();
  await expect(page.getByTestId("booking-total")).toBeInViewport();
  const bar = await page.getByTestId("options-bar").boundingBox();
  expect(bar && bar.y + bar.height).toBeLessThanOrEqual(845);
  const button = await next.boundingBox();
  expect(button?.height).toBeGreaterThanOrEqual(44);
  // Nothing covers the button's middle (the jump-to-top button keeps to its corner).
  const hit = await next.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(top && el.contains(top));
  });
  expect(hit).toBe(true);
  await page.mouse.wheel(0, 400);
  await expect(next).toBeInViewport();

  const covered: string[] = [];
  await page.getByTestId("back-to-car").focus();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    const hidden = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const bar = document.querySelector('[data-testid="options-bar"]');
      if (!el || !bar || bar.contains(el) || el === document.body) return null;
      if (el.dataset.testid === "jump-to-top") return null;
      const r = el.getBoundingClientRect();
      const b = bar.getBoundingClientRect();
      return r.bottom > b.top + 1 && r.top < b.bottom ? (el.getAttribute("name") ?? el.tagName) : null;
    });
    if (hidden) covered.push(hidden);
  }
  expect(covered, "focused controls under the bar").toEqual([]);
  await expectAccessible(page);
});
