import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, localDate } from "#common/calendar-date";
import { reservations } from "#server/db/schema";
import { createApiKey } from "#server/integrations/api-keys";
import { OWNER } from "#tests/fixtures/staff-actors";
import { apiHarness, LANGS, reason } from "./harness";

/**
 * Issue 38: the API refuses input rather than bending it. An option the store does not offer, more
 * than an option's limit, a phone number that would not read back as sent, and a number where the
 * document says text are each a 422 naming the field, in the request's language; nothing is booked.
 */

const SITE = "sakura";

let h: Awaited<ReturnType<typeof apiHarness>>;
let key: string;
let storeId: number;
let day: string;
let carTypeId: number;
let option: { id: number; max_quantity: number };

const borrower = {
  user_type: "1",
  name: "API 花子",
  kana: "エーピーアイ ハナコ",
  email: "api-refused@example.com",
  tel: "090-1234-5678",
  zip: "9000001",
  pref_code: 47,
  address_a: "那覇市港町1-1",
  driver_mode: "same",
};

const site = (extra: Record<string, string> = {}) => ({ "X-Site-Id": SITE, ...extra });

beforeAll(async () => {
  h = await apiHarness();
  key = (
    await createApiKey(h.handle.forSite(SITE), SITE, OWNER, {
      name: "all",
      scopes: ["catalog:read", "bookings"],
      rateLimit: 10000,
    })
  ).secret;
  const stores = await (await h.call("/en/api/v1/car-types", { headers: site() })).json();
  storeId = stores.store?.id ?? 0;
  // A departure day with a free car that has an option.
  for (let offset = 40; offset < 70 && !day; offset++) {
    const candidate = addDays(localDate(new Date(), "Asia/Tokyo"), offset);
    const period = `si=${storeId}&sd=${candidate}&st=10:00&ed=${addDays(candidate, 2)}&et=17:00`;
    const r = await h.call(`/en/api/v1/car-types?${period}`, { headers: site() });
    if (r.status !== 200) continue;
    for (const offer of (await r.json()).car_types.filter((c: { can_reserve: boolean }) => c.can_reserve)) {
      const quote = await (
        await h.call(`/en/api/v1/stores/${storeId}/car-types/${offer.car_type.id}?${period}`, { headers: site() })
      ).json();
      const offered = (quote.options ?? []) as { id: number; max_quantity: number }[];
      if (offered.length) {
        day = candidate;
        carTypeId = offer.car_type.id;
        option = offered.reduce((a, b) => (b.max_quantity < a.max_quantity ? b : a));
        break;
      }
    }
  }
  expect(day).toBeTruthy();
}, 120_000);
afterAll(() => h.handle.close());

const submit = (prefix: string, extra: Record<string, unknown>, customer: Record<string, unknown> = {}) =>
  h.call(`${prefix}/api/v1/submit-reserve`, {
    method: "POST",
    headers: site({ authorization: `Bearer ${key}`, "content-type": "application/json" }),
    body: JSON.stringify({
      store_id: String(storeId),
      car_type_id: String(carTypeId),
      sd: day,
      st: "10:00",
      ed: addDays(day, 2),
      et: "17:00",
      pay_method: "3",
      option_not_possible_type: "1",
      ...extra,
      customer: { ...borrower, ...customer },
    }),
  });

async function bookings(): Promise<number> {
  return (
    await h.handle.forSite(SITE).select({ id: reservations.id }).from(reservations).where(eq(reservations.siteId, SITE))
  ).length;
}

describe.each(LANGS)("submit-reserve refuses what it would have bent, in %s (%s)", (prefix, locale) => {
  it("an option the store does not offer, or more than its limit: 422 naming the field", async () => {
    const before = await bookings();
    const unknown = await submit(prefix, { option_999: "1" });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors).toEqual({ option_999: [reason(locale, "option_not_offered")] });
    const field = `option_${option.id}`;
    const over = await submit(prefix, { [field]: String(option.max_quantity + 1) });
    expect(over.status).toBe(422);
    expect((await over.json()).errors).toEqual({
      [field]: [reason(locale, "option_over_limit", { max: option.max_quantity })],
    });
    expect(await bookings()).toBe(before);
  });

  it("a phone number that would not read back as sent gets the field's message", async () => {
    const before = await bookings();
    const short = await submit(prefix, {}, { tel: "0901234567" });
    expect(short.status).toBe(422);
    expect((await short.json()).errors.tel).toEqual([reason(locale, "tel_invalid")]);
    expect(await bookings()).toBe(before);
  });

  it("a number where the document says text is refused; where it says both, it is taken", async () => {
    const before = await bookings();
    const asNumber = await submit(prefix, {}, { tel: 9012345678 });
    expect(asNumber.status).toBe(422);
    expect(Object.keys((await asNumber.json()).errors)).toEqual(["customer"]);
    const zipNumber = await submit(prefix, {}, { zip: 9000001 });
    expect(zipNumber.status).toBe(422);
    expect(await bookings()).toBe(before);
    const document = await (await h.call(`${prefix}/api/v1/openapi.json`, { headers: site() })).json();
    const body = document.components.schemas.SubmitReserve.properties;
    expect(body.pay_method.type).toEqual(["string", "number"]);
    const customer = document.components.schemas.SubmitReserve.properties.customer;
    expect(customer.properties.tel.type).toBe("string");
  });
});
