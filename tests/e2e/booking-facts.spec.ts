import type { APIRequestContext, Page } from "@playwright/test";
import { formatYen } from "#common/format";
import { mailsTo, uniqueEmail } from "./account-helpers";
import {
  type AbroadGuest,
  choosePayMethod,
  fillAbroadGuest,
  optionsUrl,
  periodFrom,
  reserveNo,
  SITE,
  stepUrl,
  storeCar,
} from "./booking-helpers";
import { day } from "./dates";
import { expect, expectAccessible, type LocaleCode, test } from "./fixtures";
import { msg, msgPlural, waitForHydration } from "./search-helpers";

/**
 * Issue 40, item 2: before paying, the confirmation states the passengers, the cancellation rule
 * (sakura's setting: 100% on the day, 50% 1-3 days before, free earlier), what the total includes
 * (the damage waiver) and leaves out (the NOC, 20,000 / 50,000 yen), and what to bring by the
 * driver's licence type; the completion page and the mail repeat it. A Korean guest who drives
 * and an English family of three whose driver holds an international permit book on a phone and on
 * a desktop, then cancel from the mail's link, whose cancellation mail states the same rule.
 */

interface Visitor {
  tag: string;
  locale: Exclude<LocaleCode, "ja">;
  guest: AbroadGuest;
  passengers: number;
  /** The driver entered for the booking, with an international driving permit; none: the guest drives. */
  driver: { name: string; kana: string; tel: string } | null;
}

const VISITORS: Visitor[] = [
  {
    tag: "a Korean guest",
    locale: "ko",
    guest: {
      name: "김민지",
      kana: "KIM MINJI",
      tel: "+82 10-2345-6789",
      country: "KR",
      zip: "06164",
      address_a: "서울특별시 강남구 테헤란로 521",
    },
    passengers: 2,
    driver: null,
  },
  {
    tag: "an English family",
    locale: "en",
    guest: {
      name: "Emily Carter",
      kana: "CARTER EMILY",
      tel: "(206) 555-0134",
      country: "US",
      zip: "98101",
      address_a: "400 Pine St, Seattle, WA",
    },
    passengers: 3,
    driver: { name: "James Carter", kana: "CARTER JAMES", tel: "+1 206-555-0135" },
  },
];

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
] as const;

/** The schedule's lines in the page's words, as sakura's setting gives them. */
const ruleLines = (l: LocaleCode): [string, string][] => [
  [msg(l, "cancelConfirm.ruleToday"), msg(l, "cancelConfirm.rulePercent", { percent: 100 })],
  [msg(l, "cancelConfirm.ruleRange", { from: 1, to: 3 }), msg(l, "cancelConfirm.rulePercent", { percent: 50 })],
  [msg(l, "cancelConfirm.ruleEarlier", { days: 3 }), msg(l, "cancelConfirm.ruleFree")],
];

/** The papers the visitor is told to bring. */
const papers = (v: Visitor) =>
  v.driver
    ? { shown: [msg(v.locale, "facts.bring.idp")], hidden: [msg(v.locale, "facts.bring.translation")] }
    : { shown: [msg(v.locale, "facts.bring.idp"), msg(v.locale, "facts.bring.translation")], hidden: [] };

/** The facts card (confirmation or completion page) states everything in the visitor's language. */
async function expectFacts(page: Page, v: Visitor) {
  const l = v.locale;
  const card = page.getByTestId("booking-facts");
  await expect(card).toBeVisible();
  await expect(card.getByTestId("facts-passengers")).toHaveText(msgPlural(l, "facts.passengersCount", v.passengers));
  const rule = card.getByTestId("facts-cancel-rule");
  for (const [when, cost] of ruleLines(l)) {
    await expect(rule).toContainText(when);
    await expect(rule).toContainText(cost);
  }
  await expect(card.getByTestId("facts-included")).toContainText(msg(l, "facts.includedBase"));
  await expect(card.getByTestId("facts-included")).toContainText("(CDW)");
  const excluded = card.getByTestId("facts-excluded");
  await expect(excluded).toContainText("NOC");
  await expect(excluded).toContainText(formatYen(20_000, l));
  await expect(excluded).toContainText(formatYen(50_000, l));
  const bring = card.getByTestId("facts-bring");
  const { shown, hidden } = papers(v);
  for (const text of shown) await expect(bring).toContainText(text);
  for (const text of hidden) await expect(bring).not.toContainText(text);
  await expect(bring).toContainText(msg(l, v.driver ? "facts.bringLead" : "facts.bringOneOf"));
}

/** The mail's lines for the same facts. */
function expectMailFacts(text: string, v: Visitor) {
  const l = v.locale;
  const line = (label: string, value: string) => msg(l, "bookingMail.line", { label, value });
  const item = (t: string) => msg(l, "facts.mail.item", { text: t });
  expect(text).toContain(line(msg(l, "facts.passengers"), msgPlural(l, "facts.passengersCount", v.passengers)));
  for (const [when, cost] of ruleLines(l)) expect(text).toContain(item(line(when, cost)));
  expect(text).toContain(item(msg(l, "facts.includedBase")));
  expect(text).toContain(formatYen(20_000, l));
  expect(text).toContain(formatYen(50_000, l));
  const { shown, hidden } = papers(v);
  for (const t of shown) expect(text).toContain(item(t));
  for (const t of hidden) expect(text).not.toContain(t);
}

async function waitForMail(request: APIRequestContext, email: string, kind: string): Promise<string> {
  let text = "";
  await expect
    .poll(async () => {
      text = (await mailsTo(request, SITE, email)).find((m) => m.kind === kind)?.text ?? "";
      return text.length;
    })
    .toBeGreaterThan(0);
  return text;
}

VIEWPORTS.forEach((viewport, vi) => {
  test.describe(`on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    VISITORS.forEach((v, i) => {
      test(`${v.tag} sees the passengers, the rule, what is included and what to bring before paying, after, and in the mails`, async ({
        page,
        request,
      }) => {
        test.setTimeout(120_000);
        const l = v.locale;
        const slot = vi * VISITORS.length + i;
        const email = uniqueEmail(`facts-${l}-${viewport.name}`);
        const c = await storeCar(request, 0, slot);
        await page.goto(optionsUrl(l, c, periodFrom(24 + slot * 3)));
        await page.getByTestId("options-next").click();
        await expect(page).toHaveURL(stepUrl(l, "/reserve/login"));
        await page.getByTestId("guest-link").click();
        await expect(page).toHaveURL(stepUrl(l, "/reserve/user"));
        await fillAbroadGuest(page, v.guest, email);
        const form = page.getByTestId("customer-form");
        await form.locator('select[name="passengers"]').selectOption(String(v.passengers));
        if (v.driver) {
          await form.locator('input[name="driver_mode"][value="new"]').check();
          await form.locator('[name="driver_name"]').fill(v.driver.name);
          await form.locator('[name="driver_kana"]').fill(v.driver.kana);
          await form.locator('[name="driver_birthdate"]').fill("1979-05-12");
          await form.locator('[name="driver_tel"]').fill(v.driver.tel);
          await form.locator('[name="driver_license_type_international"]').check();
          await form.locator('[name="driver_license_number"]').fill("WDL1234567");
          await form.locator('[name="driver_license_acquisition_date"]').fill("2012-06-01");
          await form.locator('[name="driver_license_expiration_date"]').fill(day(900));
        }
        await page.getByTestId("customer-submit").click();
        await expect(page).toHaveURL(stepUrl(l, "/reserve/confirm"));

        // Before paying.
        await expectFacts(page, v);
        await expectAccessible(page);
        await choosePayMethod(page, 2);
        await page.getByTestId("confirm-submit").click();
        const no = await reserveNo(page, l);

        // After: the completion page repeats it.
        await expectFacts(page, v);
        await expectAccessible(page);

        // The mail repeats it, in the visitor's language.
        const mail = await waitForMail(request, email, "reservation_confirmed");
        expect(mail).toContain(no);
        expectMailFacts(mail, v);

        // They cancel from the mail's link (more than 3 days ahead: free).
        const link = mail.match(/https?:\/\/\S+\/reserve\/cancel\?\S+/)?.[0];
        expect(link, "the mail's cancellation link").toBeTruthy();
        const cancelUrl = new URL(link as string);
        await page.goto(`${cancelUrl.pathname}${cancelUrl.search}`);
        await waitForHydration(page.getByTestId("cancel-panel"));
        await page.getByTestId("cancel-open").click();
        await expect(page.getByTestId("cancel-fee")).toHaveText(formatYen(0, l));
        await page.getByTestId("cancel-confirm-submit").click();
        await expect(page.getByTestId("cancelled-note")).toHaveText(msg(l, "reserves.cancel.cancelled"));
        const cancelled = await waitForMail(request, email, "reservation_cancelled");
        expect(cancelled).toContain(msg(l, "facts.mail.heading", { title: msg(l, "facts.cancel") }));
        for (const [when, cost] of ruleLines(l))
          expect(cancelled).toContain(
            msg(l, "facts.mail.item", { text: msg(l, "bookingMail.line", { label: when, value: cost }) }),
          );
      });
    });
  });
});
