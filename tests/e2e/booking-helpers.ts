import type { APIRequestContext, Page } from "@playwright/test";
import { day, nextWeekday } from "./dates";
import { expect, type LocaleCode, PREFIX, url } from "./fixtures";
import { storeIds, typeIds, waitForHydration } from "./search-helpers";

/**
 * Steps of the booking flow for the e2e tests (issue 9). Every test books its own period so that
 * tests running side by side never take each other's cars: `slot` picks a distinct week ahead.
 */
export const SITE = "sakura";

/** A Friday to Sunday `weeks` weeks after day 14 (all within the 50-day advance-card limit when weeks ≤ 4). */
export function weekend(weeks: number) {
  const sd = nextWeekday(day(14 + weeks * 7), 5);
  return { sd, st: "10:00", ed: nextWeekday(sd, 0), et: "17:00" };
}

/** The airport store of sakura and its `index`-th car type. */
export async function car(request: APIRequestContext, index = 0, siteId = SITE) {
  const [storeId] = await storeIds(request, siteId);
  const types = await typeIds(request, siteId, storeId as number);
  const typeId = types[index % types.length];
  expect(typeId, "a car type").toBeTruthy();
  return { storeId: storeId as number, typeId: typeId as number };
}

export function optionsUrl(
  locale: LocaleCode,
  c: { storeId: number; typeId: number },
  period: Record<string, string>,
  siteId = SITE,
) {
  const query = new URLSearchParams({ si: String(c.storeId), ...period });
  return `${url(locale, siteId, `/reserve/stores/${c.storeId}/cars/${c.typeId}/options`)}?${query}`;
}

/** The path of a booking step (`/reserve/confirm`…) as a pattern of the page URL. */
export const stepUrl = (locale: LocaleCode, path: string, siteId = SITE) =>
  new RegExp(`^[^?]*${PREFIX[locale]}/${siteId}${path}(\\?.*)?$`);

/** A guest living in Japan: the country comes first, as the form asks for it (and its fields follow it). */
export const GUEST = {
  country: "JP",
  name: "予約 花子",
  kana: "ヨヤク ハナコ",
  tel: "090-1234-5678",
  zip: "9000006",
  pref_code: "47",
  address_a: "那覇市おもろまち1-1-1",
};

const customerField = (page: Page, name: string) =>
  page.getByTestId("customer-form").locator(`[name="${name}"]:not([type="hidden"])`).first();

/** Options (as they are) → login step → continue as guest → the borrower driving → confirmation. */
export async function guestToConfirm(
  page: Page,
  locale: LocaleCode,
  optionsPage: string,
  email: string,
  siteId = SITE,
) {
  await page.goto(optionsPage);
  await page.getByTestId("options-next").click();
  await expect(page).toHaveURL(stepUrl(locale, "/reserve/login", siteId));
  await page.getByTestId("guest-link").click();
  await expect(page).toHaveURL(stepUrl(locale, "/reserve/user", siteId));
  await waitForHydration(page.getByTestId("customer-form"));
  for (const [name, value] of Object.entries({ ...GUEST, email })) {
    if (name === "pref_code" || name === "country") await customerField(page, name).selectOption(value);
    else await customerField(page, name).fill(value);
    // The postal code's lookup fills the prefecture: let it answer before the next fields are typed.
    if (name === "zip") await expect(customerField(page, "pref_code")).toHaveValue(GUEST.pref_code);
  }
  await page.getByTestId("customer-submit").click();
  await expect(page).toHaveURL(stepUrl(locale, "/reserve/confirm", siteId));
}

/** Chooses a settlement method on the confirmation (1 card in advance, 2 cash, 3 card at the store, 4 other). */
export async function choosePayMethod(page: Page, method: 1 | 2 | 3 | 4) {
  const form = page.getByTestId("confirm-form");
  await waitForHydration(form);
  await form.locator(`input[name="pay_method"][value="${method}"]`).check();
}

/** Fills the new-card fields of the card step. */
export async function fillCard(page: Page, number: string, holder = "HANAKO YAMADA") {
  const form = page.getByTestId("reserve-card-form");
  await waitForHydration(form);
  const newCard = form.getByTestId("new-card-choice");
  if (await newCard.count()) await newCard.check();
  await form.locator('input[name="card_number"]').fill(number);
  await form.locator('input[name="holder"]').fill(holder);
  await form.locator('select[name="exp_month"]').selectOption("12");
  await form.locator('select[name="exp_year"]').selectOption(String(new Date().getFullYear() + 3));
  await form.locator('input[name="cvc"]').fill("123");
}

/** The reserve number on the completion page. */
export async function reserveNo(page: Page, locale: LocaleCode, siteId = SITE): Promise<string> {
  await expect(page).toHaveURL(stepUrl(locale, "/reserve/completed", siteId));
  const no = (await page.getByTestId("reserve-no").textContent())?.trim() ?? "";
  expect(no).toMatch(/^\d{6}-[2-9A-Z]{4}$/);
  return no;
}

/** The `storeIndex`-th store of a site (in its store list) and that store's `typeIndex`-th car type. */
export async function storeCar(request: APIRequestContext, storeIndex: number, typeIndex: number, siteId = SITE) {
  const stores = await storeIds(request, siteId);
  const storeId = stores[storeIndex];
  expect(storeId, `store ${storeIndex} of ${siteId}`).toBeTruthy();
  const types = await typeIds(request, siteId, storeId as number);
  const typeId = types[typeIndex];
  expect(typeId, `car type ${typeIndex} at store ${storeId}`).toBeTruthy();
  return { storeId: storeId as number, typeId: typeId as number };
}

/** Departure `days` days ahead at 10:00, return `nights` days later at 17:00. */
export function periodFrom(days: number, nights = 2) {
  const sd = day(days);
  return { sd, st: "10:00", ed: day(days + nights), et: "17:00" };
}

/** On the simulator's 3-D Secure page: passes the challenge (the browser then returns to the card step). */
export async function complete3ds(page: Page) {
  await expect(page).toHaveURL(/\/_simulator\/3ds\/sim_(pi|seti)_/);
  await page.getByTestId("3ds-complete").click();
}

/** The hidden and chosen fields of the confirmation form, to post them again as a browser would. */
export async function confirmFormFields(page: Page): Promise<Record<string, string>> {
  return page.getByTestId("confirm-form").evaluate((form) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(form as HTMLFormElement)) fields[name] = String(value);
    return fields;
  });
}

/** Fills the customer step as a guest who drives themselves (the same borrower as `guestToConfirm`). */
export async function fillGuestCustomer(page: Page, email: string) {
  await waitForHydration(page.getByTestId("customer-form"));
  for (const [name, value] of Object.entries({ ...GUEST, email })) {
    if (name === "pref_code" || name === "country") await customerField(page, name).selectOption(value);
    else await customerField(page, name).fill(value);
    // The postal code's lookup fills the prefecture: let it answer before the next fields are typed.
    if (name === "zip") await expect(customerField(page, "pref_code")).toHaveValue(GUEST.pref_code);
  }
}

/** A whole guest booking paid at the store, from the options page to the reserve number. */
export async function guestCashBooking(page: Page, locale: LocaleCode, optionsPage: string, email: string) {
  await guestToConfirm(page, locale, optionsPage, email);
  await choosePayMethod(page, 2);
  await page.getByTestId("confirm-submit").click();
  return reserveNo(page, locale);
}

/** A guest who lives abroad, typing their own address and phone as they write them at home. */
export interface AbroadGuest {
  name: string;
  kana: string;
  tel: string;
  country: string;
  zip: string;
  address_a: string;
}

/**
 * Fills the customer step as a guest from abroad who drives themselves: the country comes first
 * and is the language's likely one already (no prefecture, no Japanese postcode then), then the
 * postal code, address and phone as typed at home. Returns the postcode lookups the page asked for.
 */
export async function fillAbroadGuest(page: Page, guest: AbroadGuest, email: string) {
  const lookups: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/address-search")) lookups.push(r.url());
  });
  await waitForHydration(page.getByTestId("customer-form"));
  await expect(customerField(page, "country")).toBeVisible();
  await expect(customerField(page, "country")).toHaveValue(guest.country);
  await expect(customerField(page, "pref_code")).toBeHidden();
  for (const name of ["name", "kana", "tel", "zip", "address_a"] as const)
    await customerField(page, name).fill(guest[name]);
  await customerField(page, "email").fill(email);
  return lookups;
}
