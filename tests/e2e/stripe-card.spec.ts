import type { Browser, BrowserContext, Page } from "@playwright/test";
import { type StripeApi, startStripeApi } from "#tests/fixtures/stripe-api";
import { type BuiltServer, startBuiltServer } from "../../scripts/lib/built-server";
import { registerMember, uniqueEmail } from "./account-helpers";
import { choosePayMethod, guestToConfirm, optionsUrl, stepUrl, storeCar, weekend } from "./booking-helpers";
import { expect, expectAccessible, type LocaleCode, test, url } from "./fixtures";
import { LOCALES, msg, waitForHydration } from "./search-helpers";

/**
 * The card pages with PAYMENT_GATEWAY=stripe (decision 024), on a second server of the same build
 * whose Stripe SDK talks to a local server speaking Stripe's wire format (tests/fixtures/stripe-api.ts).
 * Nothing here reaches the network: requests to js.stripe.com are cut off, so Stripe.js never runs
 * and no card is typed into it. What is checked is ours: the script tag with the request's nonce on
 * the card pages only, the policy, no analytics, the no-JavaScript message, the message when
 * Stripe.js cannot load, and the card actions taking a PaymentMethod id (as Stripe.js would post it)
 * and refusing typed card details.
 */

const SITE = "sakura";
const STRIPE_JS = "https://js.stripe.com/v3/";
const PUBLISHABLE_KEY = "pk_test_e2eLocalOnly";

let api: StripeApi;
let server: BuiltServer;
let origin: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  api = await startStripeApi();
  server = await startBuiltServer({
    readyPath: "/readyz",
    env: {
      PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "sk_test_e2eLocalOnly",
      STRIPE_WEBHOOK_SECRET: "whsec_e2eLocalOnly",
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(api.port),
      STRIPE_API_PROTOCOL: "http",
    },
  });
  origin = server.base;
});

test.beforeEach(() => {
  api.seen.length = 0;
});

test.afterAll(async () => {
  await server?.stop();
  await api?.close();
});

/** A browser context on the Stripe server that never reaches Stripe or the tag manager. */
async function stripeContext(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ baseURL: origin, ...options });
  const stripeRequests: string[] = [];
  await context.route(/googletagmanager\.com/, (route) => route.abort());
  await context.route(/stripe\.com/, (route) => {
    stripeRequests.push(route.request().url());
    return route.abort();
  });
  return { context, stripeRequests };
}

/** The card page as the server sent it: its policy's nonce and the Stripe.js tags in the HTML. */
async function openCardPage(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const policy = (await response?.headerValue("content-security-policy")) ?? "";
  const html = (await response?.text()) ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, "the policy names the request's nonce").toBeTruthy();
  return { policy, html, nonce: nonce as string };
}

/** The page loads Stripe.js from Stripe with this request's nonce, and no analytics. */
async function expectStripeJsOnly(page: Page, html: string, nonce: string, policy: string) {
  const tags = html.match(/<script[^>]*js\.stripe\.com[^>]*>/g) ?? [];
  expect(tags).toEqual([`<script src="${STRIPE_JS}" async="" nonce="${nonce}">`]);
  expect(policy).toContain("script-src 'self' 'nonce-");
  expect(policy).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
  expect(policy).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com[^;]* https:\/\/hooks\.stripe\.com/);
  expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  expect(html).not.toContain("googletagmanager");
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  expect(await page.evaluate(() => "dataLayer" in window || "gtag" in window)).toBe(false);
  // The browser still holds the nonce on the element (it hides the attribute once parsed).
  expect(await page.locator(`script[src="${STRIPE_JS}"]`).evaluate((s) => (s as HTMLScriptElement).nonce)).toBe(nonce);
  // Our own card number fields are never rendered for Stripe.
  for (const name of ["card_number", "cvc", "exp_month", "exp_year"]) {
    await expect(page.locator(`[name="${name}"]`)).toHaveCount(0);
  }
}

/** Posts the card form as the page would after Stripe.js made a PaymentMethod (or with anything else). */
async function postCardForm(context: BrowserContext, page: Page, path: string, fields: Record<string, string>) {
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  return context.request.post(path, { form: { _csrf: csrf, ...fields }, maxRedirects: 0 });
}

test("Stripe.js is loaded on the card pages only, never site-wide", async ({ browser }) => {
  const { context, stripeRequests } = await stripeContext(browser);
  const page = await context.newPage();
  const top = await page.goto(url("en", SITE));
  expect(await top?.text()).not.toContain("js.stripe.com");
  await page.goto(url("en", SITE, "/reserve"));
  await expect(page.locator('script[src*="stripe"]')).toHaveCount(0);
  expect(stripeRequests).toEqual([]);
  await context.close();
});

test("My Page's card page: Stripe.js with the nonce, no analytics; the card actions take a PaymentMethod", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, stripeRequests } = await stripeContext(browser);
  const page = await context.newPage();
  await registerMember(page, "en", SITE, { email: uniqueEmail("stripe-cards") });
  const cardPath = url("en", SITE, "/mypage/user/credit_card");
  // My Page's menu opens the card page as a new document: the analytics of the page before are gone.
  await page.goto(url("en", SITE, "/mypage"));
  await waitForHydration(page.getByTestId("mypage-nav"));
  expect(await page.evaluate(() => "dataLayer" in window)).toBe(true);
  await page.getByTestId("mypage-nav-card").click();
  await expect(page).toHaveURL(new RegExp(`${cardPath}$`));
  await expect(page.locator(`script[src="${STRIPE_JS}"]`)).toHaveCount(1);
  expect(await page.evaluate(() => "dataLayer" in window || "gtag" in window)).toBe(false);
  const { html, nonce, policy } = await openCardPage(page, cardPath);
  await expectStripeJsOnly(page, html, nonce, policy);
  expect(stripeRequests).toContain(STRIPE_JS);

  // Stripe.js could not load (no network here): the page says so in its language, in place of the card.
  const form = page.getByTestId("card-form");
  await waitForHydration(form);
  await expect(page.getByTestId("stripe-card")).toBeVisible();
  await expect(form.locator('input[name="holder"]')).toBeVisible();
  await expect(page.getByTestId("error-payment_method_id")).toHaveCount(1, { timeout: 15_000 });
  await expect(form.locator('[data-field="payment_method_id"]')).toContainText(
    msg("en", "reason.card_form_unavailable"),
  );
  await expect(page.getByTestId("stripe-card-element")).toHaveAttribute("data-status", "unavailable");
  await expectAccessible(page);
  // The holder is still checked in the browser, and nothing is sent without a card.
  await page.getByTestId("card-submit").click();
  await expect(form.locator('[data-field="holder"]')).toContainText(msg("en", "reason.card_holder_required"));
  await form.locator('input[name="holder"]').fill("HANAKO SHIKEN");
  await page.getByTestId("card-submit").click();
  await expect(form.locator('[data-field="payment_method_id"]')).toContainText(
    msg("en", "reason.card_form_unavailable"),
  );
  expect(api.seen).toEqual([]);

  // Typed card details are refused before the gateway is asked.
  const typed = await postCardForm(context, page, cardPath, {
    intent: "add",
    holder: "HANAKO SHIKEN",
    card_number: "4242424242424242",
    exp_month: "12",
    exp_year: "2030",
    cvc: "123",
  });
  expect(typed.status()).toBe(422);
  expect(await typed.text()).not.toContain("4242424242424242");
  expect(api.seen).toEqual([]);

  // JCB is refused by the PaymentMethod's brand.
  const jcb = await postCardForm(context, page, cardPath, {
    intent: "add",
    holder: "HANAKO SHIKEN",
    payment_method_id: "pm_jcb",
  });
  expect(jcb.status()).toBe(422);
  expect(await jcb.text()).toContain(msg("en", "reason.jcb_not_accepted"));
  expect(api.posts("/v1/setup_intents/seti_1/confirm")).toEqual([]);

  // 3-D Secure: the browser goes to Stripe's page as Stripe gave it, and comes back to this page.
  const challenge = await postCardForm(context, page, cardPath, {
    intent: "add",
    holder: "HANAKO SHIKEN",
    payment_method_id: "pm_3ds",
  });
  expect(challenge.status()).toBe(302);
  expect(challenge.headers().location).toBe("https://hooks.stripe.test/3ds/seti_1");
  const [confirm] = api.posts("/v1/setup_intents/seti_1/confirm");
  expect(confirm?.form.get("payment_method")).toBe("pm_3ds");
  expect(confirm?.form.get("return_url")).toBe(`${origin}${cardPath}?setup=seti_1`);
  // Stripe sends the browser back with its own parameters; the outcome is read from Stripe.
  await page.goto(`${cardPath}?setup=seti_1&setup_intent=seti_1&redirect_status=succeeded`);
  await expect(page.getByTestId("flash")).toContainText(msg("en", "creditCard.flash.added"));
  await expect(page.locator('[data-testid="saved-card"][data-last4="3220"]')).toHaveCount(1);
  await context.close();
});

test("the booking's card step: Stripe.js with the nonce, no analytics; JCB refused, 3-D Secure through Stripe, then booked", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context } = await stripeContext(browser);
  const page = await context.newPage();
  const c = await storeCar(context.request, 0, 4);
  await guestToConfirm(page, "en", optionsUrl("en", c, weekend(1)), uniqueEmail("stripe-booking"));
  await choosePayMethod(page, 1);
  await page.getByTestId("confirm-submit").click();
  await expect(page).toHaveURL(stepUrl("en", "/reserve/credit_card"));
  const cardPath = url("en", SITE, "/reserve/credit_card");
  const { html, nonce, policy } = await openCardPage(page, cardPath);
  await expectStripeJsOnly(page, html, nonce, policy);
  await waitForHydration(page.getByTestId("reserve-card-form"));
  await expect(page.getByTestId("stripe-card")).toBeVisible();
  await expect(page.getByTestId("card-pay")).toBeVisible();

  const jcb = await postCardForm(context, page, cardPath, {
    card_choice: "new",
    holder: "HANAKO YAMADA",
    payment_method_id: "pm_jcb",
  });
  expect(jcb.status()).toBe(422);
  expect(await jcb.text()).toContain(msg("en", "reason.jcb_not_accepted"));
  expect(api.posts("/v1/payment_intents")).toEqual([]);

  const challenge = await postCardForm(context, page, cardPath, {
    card_choice: "new",
    holder: "HANAKO YAMADA",
    payment_method_id: "pm_3ds",
  });
  expect(challenge.status()).toBe(302);
  expect(challenge.headers().location).toBe("https://hooks.stripe.test/3ds/pi_1");
  const [intent] = api.posts("/v1/payment_intents");
  expect(intent?.form.get("payment_method")).toBe("pm_3ds");
  expect(intent?.form.get("currency")).toBe("jpy");
  expect(intent?.form.get("return_url")).toBe(`${origin}${cardPath}?reservation=pending`);
  // Back from Stripe's page: the payment is read from Stripe and the booking completes.
  await page.goto(`${cardPath}?reservation=pending&payment_intent=pi_1&redirect_status=succeeded`);
  await expect(page).toHaveURL(stepUrl("en", "/reserve/completed"));
  await expect(page.getByTestId("reserve-no")).toHaveText(/^\d{6}-[2-9A-Z]{4}$/);
  await context.close();
});

test("the booking's card step without JavaScript says why instead of a card form (en)", async ({ browser }) => {
  test.setTimeout(60_000);
  const withJs = await stripeContext(browser);
  const setup = await withJs.context.newPage();
  const c = await storeCar(withJs.context.request, 0, 5);
  await guestToConfirm(setup, "en", optionsUrl("en", c, weekend(2)), uniqueEmail("stripe-nojs-booking"));
  await choosePayMethod(setup, 1);
  await setup.getByTestId("confirm-submit").click();
  await expect(setup).toHaveURL(stepUrl("en", "/reserve/credit_card"));
  const state = await withJs.context.storageState();
  await withJs.context.close();

  const { context } = await stripeContext(browser, { javaScriptEnabled: false });
  await context.addCookies(state.cookies);
  const page = await context.newPage();
  await page.goto(url("en", SITE, "/reserve/credit_card"));
  await expect(page.getByTestId("page-title")).toHaveText(msg("en", "reserveCard.title"));
  await expect(page.getByTestId("stripe-needs-js")).toHaveText(msg("en", "creditCard.needsJs"));
  await expect(page.getByTestId("stripe-card")).toBeHidden();
  await expect(page.getByTestId("card-pay")).toBeHidden();
  await context.close();
});

test.describe("without JavaScript the Stripe card form cannot work: the page says so", () => {
  for (const locale of LOCALES as LocaleCode[]) {
    test(`My Page's card page (${locale})`, async ({ browser }) => {
      test.setTimeout(60_000);
      const signedIn = await stripeContext(browser);
      const setup = await signedIn.context.newPage();
      await registerMember(setup, locale, SITE, { email: uniqueEmail(`stripe-nojs-${locale}`) });
      const state = await signedIn.context.storageState();
      await signedIn.context.close();

      const { context } = await stripeContext(browser, { javaScriptEnabled: false });
      await context.addCookies(state.cookies);
      const page = await context.newPage();
      await page.goto(url(locale, SITE, "/mypage/user/credit_card"));
      await expect(page.getByTestId("page-title")).toHaveText(msg(locale, "creditCard.title"));
      await expect(page.getByTestId("stripe-needs-js")).toBeVisible();
      await expect(page.getByTestId("stripe-needs-js")).toHaveText(msg(locale, "creditCard.needsJs"));
      await expect(page.getByTestId("stripe-card")).toBeHidden();
      await expect(page.getByTestId("card-submit")).toBeHidden();
      await context.close();
    });
  }
});
