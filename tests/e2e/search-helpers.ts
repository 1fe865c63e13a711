import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { CATALOGUES, type MessageKey, type TranslateParams, translate } from "#app/i18n/messages";
import { type PluralKey, translatePlural } from "#app/i18n/translate";
import { formatYen } from "#common/format";
import { expect, expectAccessible, type LocaleCode, url } from "./fixtures";

export const LOCALES: LocaleCode[] = ["ja", "en", "ko", "zh-TW"];

/** A catalogue message in a language, with its placeholders filled. */
export function msg(locale: LocaleCode, key: MessageKey, params?: TranslateParams): string {
  return translate(CATALOGUES[locale], key, params);
}

/** A plural catalogue message in the form the locale uses for `count`. */
export function msgPlural(locale: LocaleCode, key: PluralKey, count: number, params?: TranslateParams): string {
  return translatePlural(CATALOGUES[locale], locale, key, count, params);
}

/** Opens a results page's filter disclosure (closed by default, to keep cars in the first screen). */
export async function openFilters(page: Page) {
  const panel = page.getByTestId("filters-panel");
  if ((await panel.getAttribute("open")) === null) await panel.locator("summary").click();
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A catalogue message as a whole-text pattern in which each placeholder matches any text. */
export function msgPattern(locale: LocaleCode, key: MessageKey): RegExp {
  const parts = CATALOGUES[locale][key].split(/\{\w+\}/).map(escapeRegExp);
  return new RegExp(`^${parts.join(".+?")}$`);
}

/** A yen amount as a language prints it (`1,234円`, `¥1,234` …). */
export function amountPattern(locale: LocaleCode): RegExp {
  const [before, after] = formatYen(1234, locale)
    .split("1,234")
    .map((s) => escapeRegExp(s));
  return new RegExp(`^${before}[0-9]{1,3}(,[0-9]{3})*${after}$`);
}

/** Store ids of a site in display order, read from its store list. */
export async function storeIds(request: APIRequestContext, siteId: string): Promise<number[]> {
  const html = await (await request.get(`/${siteId}/store`)).text();
  const ids = [...html.matchAll(new RegExp(`href="/${siteId}/store/(\\d+)"`, "g"))].map((m) => Number(m[1]));
  expect(ids.length, `store links of ${siteId}`).toBeGreaterThan(0);
  return [...new Set(ids)];
}

/** Car type ids listed for a store when the dates are not decided, with optional filters. */
export async function typeIds(
  request: APIRequestContext,
  siteId: string,
  storeId: number,
  filters: Record<string, string> = {},
): Promise<number[]> {
  const query = new URLSearchParams({ si: String(storeId), date_undecided: "1", ...filters });
  const html = await (await request.get(`/${siteId}/reserve?${query}`)).text();
  return [...html.matchAll(/data-car-type-id="(\d+)"/g)].map((m) => Number(m[1]));
}

/** `/reserve` of a site with a query. */
export function reservePath(locale: LocaleCode, siteId: string, query: Record<string, string | number>): string {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `${url(locale, siteId, "/reserve")}?${q}`;
}

/**
 * Waits until React has hydrated an element (its props are attached), so its handlers run. The
 * page itself checks every 20 ms (a poll from the test waited 100, 250, 500 then 1000 ms between
 * looks); the element is looked up again if hydration replaced it.
 */
export async function waitForHydration(locator: Locator) {
  await expect
    .poll(
      () =>
        locator.evaluate(
          (el) =>
            new Promise<boolean>((resolve) => {
              const until = Date.now() + 1000;
              const check = () => {
                if (Object.keys(el).some((k) => k.startsWith("__reactProps"))) resolve(true);
                else if (!el.isConnected || Date.now() > until) resolve(false);
                else setTimeout(check, 20);
              };
              check();
            }),
        ),
      { message: "hydration", intervals: [20] },
    )
    .toBe(true);
}

export interface CardInfo {
  id: number;
  capacity: number;
  full: boolean;
  amount: number | null;
  /** Spec label → value, where the card shows a spec list (not on compact result cards). */
  specs: Record<string, string>;
  /** The car type's codes, from the card's data attributes. */
  fwd: boolean;
  smoking: number;
  mission: number;
}

/** What each result card shows, in page order. */
export async function cards(page: Page): Promise<CardInfo[]> {
  return page.getByTestId("car-card").evaluateAll((els) =>
    els.map((el) => {
      const specs: Record<string, string> = {};
      for (const dt of el.querySelectorAll('[data-testid="car-specs"] dt')) {
        specs[dt.textContent?.trim() ?? ""] = dt.nextElementSibling?.textContent?.trim() ?? "";
      }
      const total = el.querySelector('[data-testid="price-total"]');
      return {
        id: Number(el.getAttribute("data-car-type-id")),
        capacity: Number(el.getAttribute("data-capacity")),
        full: el.getAttribute("data-full") === "1",
        amount: total ? Number(total.getAttribute("data-amount")) : null,
        specs,
        fwd: el.getAttribute("data-fwd") === "1",
        smoking: Number(el.getAttribute("data-smoking")),
        mission: Number(el.getAttribute("data-mission")),
      };
    }),
  );
}

/** Ids of the result cards, in page order. */
export async function cardIds(page: Page): Promise<number[]> {
  return (await cards(page)).map((c) => c.id);
}

/** The query of the page's URL. */
export function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/**
 * Runs axe on pages as a visitor without JavaScript gets them. axe itself needs script, so each
 * URL is opened again in a context of its own that may run axe but loads none of the app's scripts.
 */
export async function scriptlessAxe(browser: Browser, baseURL: string | undefined) {
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  await context.route(
    (u) => u.origin !== origin || u.pathname.endsWith(".js"),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  return {
    /** axe on the page at this one's URL. */
    async check(visited: Page) {
      const u = new URL(visited.url());
      await page.goto(u.pathname + u.search);
      await expectAccessible(page);
    },
    close: () => context.close(),
  };
}

/** The error of a search form field: shown next to it, named by aria-describedby, in the catalogue's words. */
export async function expectFieldError(form: Locator, name: string, text: string) {
  const field = form.locator(`[name="${name}"]:not([type="hidden"])`);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const id = await field.getAttribute("id");
  expect(id).toBeTruthy();
  // The error is one of the descriptions (a hint may come before it).
  await expect(field).toHaveAttribute("aria-describedby", new RegExp(`(^| )${escapeRegExp(`${id}-error`)}( |$)`));
  const error = form.getByTestId(`error-${id}`);
  await expect(error).toHaveText(text);
  await expect(error).toHaveAttribute("id", `${id}-error`);
}

/** A calendar month ("2026-12") titled as the catalogue words it. */
export function monthTitle(locale: LocaleCode, month: string): string {
  const [year, m] = month.split("-").map(Number);
  return msg(locale, "calendar.month", { year: year!, month: m! });
}
