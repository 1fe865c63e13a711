import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Frame, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/lib/chromium";
import { DEMO, DEMO_PASSWORD, loginAs, mailsTo, uniqueEmail } from "./account-helpers";
import { car, fillGuestCustomer, GUEST, periodFrom, SITE } from "./booking-helpers";
import { expect, expectAccessible, type LocaleCode, PREFIX, test, url } from "./fixtures";
import { msg, waitForHydration } from "./search-helpers";

/**
 * The booking inside a client's own page (issue 11, decision 025). The host page is the demo page
 * on `localhost`; it frames the flow from `127.0.0.1`, another site, so the frame's cookies are
 * third-party and only the embedded flow's partitioned cookies work.
 */

const LANG: Record<LocaleCode, string> = { ja: "jp", en: "en", ko: "kr", "zh-TW": "tw" };

function hostOrigin(baseURL: string | undefined): string {
  const u = new URL(baseURL ?? "http://127.0.0.1");
  return `${u.protocol}//localhost:${u.port}`;
}

async function openHost(page: Page, baseURL: string | undefined, locale: LocaleCode, site = SITE) {
  await page.goto(`${hostOrigin(baseURL)}/_demo/embed?site=${site}&lang=${LANG[locale]}`);
  return page.frameLocator("iframe[data-rentacar-embed]");
}

/** The booking frame of the host page. */
function bookingFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error("no booking frame");
  return frame;
}

/**
 * Waits until the frame shows an embedded step (`/custom_page/confirm` …) of the locale. A step in
 * the frame is a navigation of a second renderer behind the host page's: it gets more time than a
 * page's own assertions.
 */
async function expectStep(page: Page, locale: LocaleCode, step: string, site = SITE) {
  const pattern = new RegExp(`^http://127\\.0\\.0\\.1:\\d+${PREFIX[locale]}/${site}/custom_page${step}(\\?.*)?$`);
  await expect.poll(() => bookingFrame(page).url(), { message: `frame at ${step}`, timeout: 15_000 }).toMatch(pattern);
}

/**
 * Clicks an element of the frame once the host page has scrolled it into view and drawn that
 * scroll: the frame is another renderer, and a click sent before its new place on the screen is
 * composited can miss it (seen as a click that did nothing). Needs the host page's script (the
 * test without JavaScript clicks plainly).
 */
async function tap(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await target.click();
}

/** The results of a period inside the frame, as a visitor who searched there. */
async function searchInFrame(page: Page, locale: LocaleCode, query: Record<string, string>, site = SITE) {
  await bookingFrame(page).goto(`${url(locale, site, "/custom_page")}?${new URLSearchParams(query)}`);
  await expectStep(page, locale, "", site);
}

const field = (frame: FrameLocator, name: string) =>
  frame.getByTestId("customer-form").locator(`[name="${name}"]:not([type="hidden"])`).first();

/**
 * Each step checked as a visitor meets it: axe over the host page and the frame, and nothing in the
 * frame wider than the frame (a phone's width included).
 */
async function checkStep(page: Page) {
  await expectAccessible(page);
  expect(
    await bookingFrame(page).evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `no sideways scrolling at ${bookingFrame(page).url()}`,
  ).toBe(true);
}

/** Results → car → options → guest → borrower driving → confirmation, all in the frame, each step checked. */
async function guestToConfirmInFrame(
  page: Page,
  locale: LocaleCode,
  c: { storeId: number; typeId: number },
  period: Record<string, string>,
  email: string,
) {
  const frame = page.frameLocator("iframe[data-rentacar-embed]");
  await searchInFrame(page, locale, { si: String(c.storeId), ...period });
  await checkStep(page);
  await tap(page, frame.locator(`a[href*="/custom_page/stores/${c.storeId}/cars/${c.typeId}?"]`).first());
  await expectStep(page, locale, `/stores/${c.storeId}/cars/${c.typeId}`);
  await checkStep(page);
  await tap(page, frame.getByTestId("reserve-link"));
  await expectStep(page, locale, `/stores/${c.storeId}/cars/${c.typeId}/options`);
  await checkStep(page);
  await tap(page, frame.getByTestId("options-next"));
  await expectStep(page, locale, "/login");
  await checkStep(page);
  await tap(page, frame.getByTestId("guest-link"));
  await expectStep(page, locale, "/user");
  await waitForHydration(frame.getByTestId("customer-form"));
  await checkStep(page);
  for (const [name, value] of Object.entries({ ...GUEST, email })) {
    if (name === "pref_code" || name === "country") await field(frame, name).selectOption(value);
    else await field(frame, name).fill(value);
    // The postal code's lookup fills the prefecture: let it answer before the next fields are typed.
    if (name === "zip") await expect(field(frame, "pref_code")).toHaveValue(GUEST.pref_code);
  }
  await tap(page, frame.getByTestId("customer-submit"));
  await expectStep(page, locale, "/confirm");
  await checkStep(page);
  return frame;
}

async function chooseInFrame(page: Page, frame: FrameLocator, method: 1 | 2 | 3 | 4) {
  const form = frame.getByTestId("confirm-form");
  await waitForHydration(form);
  const radio = form.locator(`input[name="pay_method"][value="${method}"]`);
  await tap(page, radio);
  await expect(radio).toBeChecked();
}

async function reserveNoInFrame(page: Page, locale: LocaleCode, site = SITE): Promise<string> {
  await expectStep(page, locale, "/completed", site);
  const no = (await page.frameLocator("iframe[data-rentacar-embed]").getByTestId("reserve-no").textContent()) ?? "";
  expect(no.trim()).toMatch(/^\d{6}-[2-9A-Z]{4}$/);
  return no.trim();
}

test.describe("a guest books inside a client's frame on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("in Japanese, paying at the store: every step stays embedded, axe on each, the mail is sent", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const c = await car(request, 2);
    const email = uniqueEmail("embed-ja");
    await openHost(page, baseURL, "ja");
    const frame = await guestToConfirmInFrame(page, "ja", c, periodFrom(33, 1), email);
    // The frame shows the content only: no site header, footer or jump-to-top.
    await expect(
      frame.locator("[data-testid=site-header], [data-testid=site-footer], [data-testid=jump-to-top]"),
    ).toHaveCount(0);
    await chooseInFrame(page, frame, 2);
    await tap(page, frame.getByTestId("confirm-submit"));
    const no = await reserveNoInFrame(page, "ja");
    await checkStep(page);
    await expect(frame.getByTestId("completed-email")).toContainText(email);
    const mail = (await mailsTo(request, SITE, email)).find((m) => m.text.includes(no));
    expect(mail?.locale).toBe("ja");
    // The host page itself never left.
    expect(new URL(page.url()).pathname).toBe("/_demo/embed");
  });
});

test.describe("a guest books inside a client's frame on a desktop", () => {
  test("in English, by card with 3-D Secure: the challenge runs inside the frame and comes back to it", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const c = await car(request, 3);
    const email = uniqueEmail("embed-en");
    await openHost(page, baseURL, "en");
    const frame = await guestToConfirmInFrame(page, "en", c, periodFrom(34, 1), email);
    await chooseInFrame(page, frame, 1);
    await tap(page, frame.getByTestId("confirm-submit"));
    await expectStep(page, "en", "/credit_card");
    await checkStep(page);
    const form = frame.getByTestId("reserve-card-form");
    await waitForHydration(form);
    await form.locator('input[name="card_number"]').fill("4000 0000 0000 3220");
    await form.locator('input[name="holder"]').fill("HANAKO YAMADA");
    await form.locator('select[name="exp_month"]').selectOption("12");
    await form.locator('select[name="exp_year"]').selectOption(String(new Date().getFullYear() + 3));
    await form.locator('input[name="cvc"]').fill("123");
    await tap(page, frame.getByTestId("card-pay"));
    await expect.poll(() => bookingFrame(page).url()).toMatch(/\/_simulator\/3ds\/sim_pi_/);
    await checkStep(page);
    await tap(page, frame.getByTestId("3ds-complete"));
    const no = await reserveNoInFrame(page, "en");
    await checkStep(page);
    const mail = (await mailsTo(request, SITE, email)).find((m) => m.text.includes(no));
    expect(mail?.locale).toBe("en");
  });
});

test("a member of a members-only site logs in inside the frame; the booking is on My Page", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const c = await car(request, 1, "kaede");
  const period = periodFrom(35, 1);
  const frame = await openHost(page, baseURL, "en", "kaede");
  await searchInFrame(page, "en", { si: String(c.storeId), ...period }, "kaede");
  await tap(page, frame.locator(`a[href*="/custom_page/stores/${c.storeId}/cars/${c.typeId}?"]`).first());
  await tap(page, frame.getByTestId("reserve-link"));
  await tap(page, frame.getByTestId("options-next"));
  await expectStep(page, "en", "/login", "kaede");
  await expect(frame.getByTestId("members-only")).toBeVisible();
  const login = frame.getByTestId("login-form");
  await waitForHydration(login);
  // A wrong password is said on this step, inside the frame.
  await login.locator('input[name="email"]').fill(DEMO.kaedeHanako.email);
  await login.locator('input[name="password"]').fill("not-the-password");
  await tap(page, frame.getByTestId("login-submit"));
  await expect(frame.getByTestId("form-notice")).toBeVisible();
  await expectStep(page, "en", "/login", "kaede");
  await login.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await tap(page, frame.getByTestId("login-submit"));
  await expectStep(page, "en", "/user", "kaede");
  await waitForHydration(frame.getByTestId("customer-form"));
  await tap(page, frame.getByTestId("customer-submit"));
  await expectStep(page, "en", "/confirm", "kaede");
  await chooseInFrame(page, frame, 2);
  await tap(page, frame.getByTestId("confirm-submit"));
  const no = await reserveNoInFrame(page, "en", "kaede");
  // My Page opens in a new tab, on the site itself, where the member logs in again: the frame's
  // session is the frame's own.
  await expect(frame.getByTestId("completed-mypage")).toHaveAttribute("target", "_blank");
  await expect(frame.getByTestId("completed-mypage")).toContainText(msg("en", "embed.newTab"));
  const myPage = await page.context().newPage();
  await loginAs(myPage, "en", "kaede", DEMO.kaedeHanako.email);
  await myPage.goto(url("en", "kaede", "/mypage/reserves"));
  await expect(myPage.getByText(no)).toBeVisible();
});

test("the frame's height follows its content, and the flow's cookies are partitioned", async ({ page, baseURL }) => {
  await openHost(page, baseURL, "ja");
  const iframe = page.locator("iframe[data-rentacar-embed]");
  const contentHeight = () =>
    bookingFrame(page).evaluate(() =>
      Math.ceil(document.querySelector("[data-embedded]")!.getBoundingClientRect().height),
    );
  const frameHeight = () => iframe.evaluate((el) => Math.round(el.getBoundingClientRect().height));
  await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(2);
  const resultsHeight = await frameHeight();
  // The visitor scrolls down the client's page to the last car; the car page then opens with the
  // frame's top in view. It is shorter than the list of eleven cars: the frame shrinks with it.
  const lastCar = page.frameLocator("iframe[data-rentacar-embed]").getByTestId("results").locator("a").last();
  await lastCar.scrollIntoViewIfNeeded();
  expect(await iframe.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(0);
  await tap(page, lastCar);
  await expectStep(page, "ja", "/stores/\\d+/cars/\\d+");
  // The car page's content replaces the results' before the frame follows it: wait for both.
  await expect.poll(frameHeight).toBeLessThan(resultsHeight);
  await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(2);
  await expect
    .poll(() => iframe.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeGreaterThanOrEqual(0);
  // No scroll bar of its own: the frame is as tall as its page.
  expect(await bookingFrame(page).evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(
    true,
  );
  const cookies = await page.context().cookies("http://127.0.0.1");
  const csrf = cookies.find((c) => c.name === "csrf_embed");
  expect(csrf).toMatchObject({ sameSite: "None", secure: true, httpOnly: true });
  expect(cookies.some((c) => c.name === "csrf")).toBe(false);
});

test.describe("framing", () => {
  test("a page outside /custom_page refuses to be framed; a site without allowed origins refuses too", async ({
    page,
    request,
    baseURL,
  }) => {
    for (const path of ["/sakura/reserve", "/sakura", "/en/sakura/store", "/sakura/login"]) {
      const res = await request.get(path);
      expect(res.headers()["x-frame-options"], path).toBe("SAMEORIGIN");
      expect(res.headers()["content-security-policy"], path).toContain("frame-ancestors 'self'");
    }
    const embedded = await request.get("/sakura/custom_page");
    expect(embedded.headers()["x-frame-options"]).toBeUndefined();
    expect(embedded.headers()["content-security-policy"]).toContain(
      "frame-ancestors 'self' https://www.sakura-rentacar.example",
    );
    // In a real browser: the demo host page pointed at the site's own search page shows nothing of it.
    await openHost(page, baseURL, "ja");
    await expect(page.frameLocator("iframe[data-rentacar-embed]").getByTestId("results")).toBeVisible();
    const blocked = new URL(baseURL ?? "").origin;
    // The frame's load event comes once the browser has put its refusal in place of the page.
    await page.locator("iframe[data-rentacar-embed]").evaluate(
      (el, src) =>
        new Promise<void>((resolve) => {
          el.addEventListener("load", () => resolve(), { once: true });
          (el as HTMLIFrameElement).src = src;
        }),
      `${blocked}/sakura/reserve`,
    );
    await expect(page.frameLocator("iframe[data-rentacar-embed]").getByTestId("page-title")).toHaveCount(0);
    // hana allows no other site to frame its booking (the host page's load waits for its frame's).
    await openHost(page, baseURL, "ja", "hana");
    await expect(page.frameLocator("iframe[data-rentacar-embed]").getByTestId("page-title")).toHaveCount(0);
  });
});

test.describe("every language", () => {
  // Korean on a phone, Traditional Chinese on a desktop: a whole booking each, paying at the store.
  for (const [locale, viewport, index] of [
    ["ko", { width: 390, height: 844 }, 0],
    ["zh-TW", { width: 1280, height: 800 }, 5],
  ] as const) {
    test.describe(`${locale}`, () => {
      test.use({ viewport });

      test(`a guest books inside the frame (${locale}), axe and no sideways scrolling at every step`, async ({
        page,
        request,
        baseURL,
      }) => {
        test.setTimeout(90_000);
        const c = await car(request, index);
        const email = uniqueEmail(`embed-${locale}`);
        const frame0 = await openHost(page, baseURL, locale);
        await expect(frame0.locator("html")).toHaveAttribute("lang", locale);
        const frame = await guestToConfirmInFrame(page, locale, c, periodFrom(36, 1), email);
        await chooseInFrame(page, frame, 2);
        await tap(page, frame.getByTestId("confirm-submit"));
        const no = await reserveNoInFrame(page, locale);
        await checkStep(page);
        const mail = (await mailsTo(request, SITE, email)).find((m) => m.text.includes(no));
        expect(mail?.locale).toBe(locale);
      });
    });
  }
});

/**
 * A browser that refuses every cookie of the booking site while it is framed by the host page
 * (as Safari and strict privacy settings do, partitioned or not), and keeps them at top level.
 */
async function cookieBlockingBrowser(baseURL: string | undefined, options: { javaScriptEnabled?: boolean } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "embed-blocked-"));
  mkdirSync(path.join(dir, "Default"));
  const frame = new URL(baseURL ?? "").origin;
  const host = hostOrigin(baseURL);
  writeFileSync(
    path.join(dir, "Default", "Preferences"),
    JSON.stringify({
      profile: { content_settings: { exceptions: { cookies: { [`${frame},${host}`]: { setting: 2 } } } } },
    }),
  );
  // The full browser: the headless shell of the other suites reads no profile preferences.
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
    ...options,
  });
  await context.route(/googletagmanager\.com/, (route) => route.abort());
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test.describe("when the browser refuses the frame's cookies", () => {
  test("the page says so and the booking goes on in a new tab, with the car and dates, to its number", async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const c = await car(request, 4);
    const period = periodFrom(37, 1);
    const browser = await cookieBlockingBrowser(baseURL);
    try {
      const page = await browser.context.newPage();
      const frame = await openHost(page, baseURL, "ja");
      await expect(frame.getByTestId("embed-storage-refused")).toBeVisible();
      await expectAccessible(page);
      await searchInFrame(page, "ja", { si: String(c.storeId), ...period });
      await tap(page, frame.locator(`a[href*="/custom_page/stores/${c.storeId}/cars/${c.typeId}?"]`).first());
      await expectStep(page, "ja", `/stores/${c.storeId}/cars/${c.typeId}`);
      const reserve = frame.getByTestId("reserve-link");
      await expect(reserve).toHaveAttribute("target", "_blank");
      const [tab] = await Promise.all([browser.context.waitForEvent("page"), tap(page, reserve)]);
      // The site itself, at top level, on the options of the same car and dates.
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe(
        url("ja", SITE, `/reserve/stores/${c.storeId}/cars/${c.typeId}/options`),
      );
      expect(new URL(tab.url()).searchParams.get("sd")).toBe(period.sd);
      await tab.getByTestId("options-next").click();
      await tab.getByTestId("guest-link").click();
      await fillGuestCustomer(tab, uniqueEmail("embed-blocked"));
      await tab.getByTestId("customer-submit").click();
      const confirm = tab.getByTestId("confirm-form");
      await waitForHydration(confirm);
      await confirm.locator('input[name="pay_method"][value="2"]').check();
      await tab.getByTestId("confirm-submit").click();
      await expect(tab).toHaveURL(new RegExp(`/${SITE}/reserve/completed$`));
      await expect(tab.getByTestId("reserve-no")).toHaveText(/^\d{6}-[2-9A-Z]{4}$/);
    } finally {
      await browser.close();
    }
  });

  test("without JavaScript the server sees the cookie missing and says so on the next page", async ({
    request,
    baseURL,
  }) => {
    const c = await car(request, 0);
    const browser = await cookieBlockingBrowser(baseURL, { javaScriptEnabled: false });
    try {
      const page = await browser.context.newPage();
      const frame = await openHost(page, baseURL, "en");
      await searchInFrame(page, "en", { si: String(c.storeId), ...periodFrom(38, 1) });
      await frame.locator(`a[href*="/custom_page/stores/${c.storeId}/cars/${c.typeId}?"]`).first().click();
      await expectStep(page, "en", `/stores/${c.storeId}/cars/${c.typeId}`);
      await expect(frame.getByTestId("embed-storage-refused")).toBeVisible();
      const options = `${url("en", SITE, `/reserve/stores/${c.storeId}/cars/${c.typeId}/options`)}?`;
      await expect(frame.getByTestId("embed-continue-new-tab")).toHaveAttribute(
        "href",
        new RegExp(`^/en/${SITE}/reserve/stores/${c.storeId}/cars/${c.typeId}\\?`),
      );
      await expect(frame.getByTestId("reserve-link")).toHaveAttribute(
        "href",
        new RegExp(`^${options.replace("?", "\\?")}`),
      );
      await expect(frame.getByTestId("reserve-link")).toHaveAttribute("target", "_blank");
      // Posting a step anyway (a link straight to the options): the same advice comes back, not a 403.
      await bookingFrame(page).goto(
        bookingFrame(page)
          .url()
          .replace(/(cars\/\d+)\?/, "$1/options?"),
      );
      await expectStep(page, "en", `/stores/${c.storeId}/cars/${c.typeId}/options`);
      await frame.getByTestId("options-next").click();
      await expectStep(page, "en", `/stores/${c.storeId}/cars/${c.typeId}/options`);
      await expect(frame.getByTestId("embed-storage-refused")).toBeVisible();
      await expect(frame.getByTestId("embed-continue-new-tab")).toHaveAttribute(
        "href",
        new RegExp(`^${options.replace("?", "\\?")}`),
      );
    } finally {
      await browser.close();
    }
  });
});
