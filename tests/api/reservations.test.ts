import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUES, translate } from "#app/i18n/messages";
import { addDays, localDate } from "#common/calendar-date";
import { reservations } from "#server/db/schema";
import { createApiKey } from "#server/integrations/api-keys";
import { OWNER } from "#tests/fixtures/staff-actors";
import { apiHarness, CookieJar, LANGS, reason } from "./harness";

/**
 * Issue 25's contract for the booking operations of §7, in all four languages: the search, a car's
 * price and options, the browser's session flow to a reservation number, and a program booking with
 * a key; each §8 refusal with its message in the request's language. Every answer is checked against
 * the OpenAPI document by the harness.
 */

const SITE = "sakura";

let h: Awaited<ReturnType<typeof apiHarness>>;
let fullKey: string;
let catalogKey: string;
let storeId: number;
let day: string;

const borrower = {
  user_type: "1",
  name: "API 花子",
  kana: "エーピーアイ ハナコ",
  email: "api-hanako@example.com",
  tel: "090-1234-5678",
  zip: "9000001",
  pref_code: 47,
  address_a: "那覇市港町1-1",
  driver_mode: "same",
};

beforeAll(async () => {
  h = await apiHarness();
  const db = h.handle.forSite(SITE);
  fullKey = (
    await createApiKey(db, SITE, OWNER, { name: "all", scopes: ["catalog:read", "bookings"], rateLimit: 10000 })
  ).secret;
  catalogKey = (await createApiKey(db, SITE, OWNER, { name: "read", scopes: ["catalog:read"], rateLimit: 10000 }))
    .secret;
  // A departure day with cars: the first day from 40 days ahead that the first store has free types.
  const stores = await (await h.call("/en/api/v1/car-types", { headers: { "X-Site-Id": SITE } })).json();
  storeId = stores.store?.id ?? 0;
  for (let offset = 40; offset < 70; offset++) {
    const candidate = addDays(localDate(new Date(), "Asia/Tokyo"), offset);
    const r = await h.call(
      `/en/api/v1/car-types?si=${storeId}&sd=${candidate}&st=10:00&ed=${addDays(candidate, 2)}&et=17:00`,
      {
        headers: { "X-Site-Id": SITE },
      },
    );
    if (r.status === 200 && (await r.json()).car_types.some((c: { can_reserve: boolean }) => c.can_reserve)) {
      day = candidate;
      break;
    }
  }
  expect(day).toBeTruthy();
}, 120_000);
afterAll(() => h.handle.close());

const period = () => `si=${storeId}&sd=${day}&st=10:00&ed=${addDays(day, 2)}&et=17:00`;
const site = (extra: Record<string, string> = {}) => ({ "X-Site-Id": SITE, ...extra });

async function firstFreeType(prefix: string): Promise<{ id: number; total: number }> {
  const body = await (await h.call(`${prefix}/api/v1/car-types?${period()}`, { headers: site() })).json();
  const offer = body.car_types.find((c: { can_reserve: boolean }) => c.can_reserve);
  return { id: offer.car_type.id, total: offer.price.total_fee };
}

/** A browser: its cookie jar and CSRF token, ready to POST JSON. */
async function browser(prefix: string) {
  const jar = new CookieJar();
  const r = await h.call(`${prefix}/api/v1/auth/csrf-cookie`, { headers: site() });
  jar.take(r);
  const { csrf_token } = await r.json();
  const send = async (method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await h.call(`${prefix}/api/v1${path}`, {
      method,
      headers: site({
        cookie: jar.header(),
        ...(method === "POST" ? { "X-CSRF-Token": csrf_token, "content-type": "application/json" } : {}),
        ...headers,
      }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    jar.take(response);
    return response;
  };
  return { jar, send };
}

describe.each(LANGS)("the booking operations in %s (%s)", (prefix, locale) => {
  it("searches car types with prices, and refuses a past departure with calendarErrorMessage", async () => {
    const ok = await h.call(`${prefix}/api/v1/car-types?${period()}`, { headers: site() });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.period.start_date).toBe(day);
    expect(body.car_types.length).toBeGreaterThan(0);
    const offer = body.car_types.find((c: { can_reserve: boolean }) => c.can_reserve);
    expect(offer.price.total_fee).toBeGreaterThan(0);

    const past = await h.call(
      `${prefix}/api/v1/car-types?si=${storeId}&sd=2020-01-01&st=10:00&ed=2020-01-02&et=17:00`,
      {
        headers: site(),
      },
    );
    expect(past.status).toBe(422);
    const problem = await past.json();
    expect(problem.calendarErrorMessage).toBe(reason(locale, "departure_in_past"));
    expect(past.headers.get("content-type")).toContain("application/problem+json");
  });

  it("answers can_reserve, a car's quote and its options for a period; an unknown car is 404", async () => {
    const { id, total } = await firstFreeType(prefix);
    const can = await (
      await h.call(`${prefix}/api/v1/stores/${storeId}/car-type/${id}?${period()}`, { headers: site() })
    ).json();
    expect(can).toMatchObject({ can_reserve: true, reason: null });
    const detail = await (
      await h.call(`${prefix}/api/v1/stores/${storeId}/car-types/${id}?${period()}`, { headers: site() })
    ).json();
    expect(detail.fees.total_fee).toBe(total);
    const options = await (
      await h.call(`${prefix}/api/v1/stores/${storeId}/car-types/${id}/options?${period()}`, { headers: site() })
    ).json();
    expect(options.rental_period_string).toContain(day.replaceAll("-", "/"));
    expect(options.reserve_session).toBeNull();
    expect(
      (await h.call(`${prefix}/api/v1/stores/${storeId}/car-types/999999?${period()}`, { headers: site() })).status,
    ).toBe(404);
    const notFound = await h.call(`${prefix}/api/v1/stores/abc/car-types/1`, { headers: site() });
    expect(notFound.status).toBe(404);
    expect((await notFound.json()).detail).toBe(translate(CATALOGUES[locale], "error.notFound"));
  });

  it("books through the browser's session: choice, customer, confirmation, submit once, completed", async () => {
    const b = await browser(prefix);
    const { id, total } = await firstFreeType(prefix);
    const [sd, ed] = [day, addDays(day, 2)];
    const chosen = await b.send("POST", "/session", {
      store_id: storeId,
      car_type_id: id,
      sd,
      st: "10:00",
      ed,
      et: "17:00",
    });
    expect(chosen.status).toBe(200);
    expect((await chosen.json()).reserve_session).toMatchObject({
      store_id: storeId,
      car_type_id: id,
      has_borrower: false,
    });

    const start = await (await b.send("GET", "/borrower")).json();
    expect(start).toMatchObject({ member: false, prefilled_from_profile: false, saved_drivers: [] });
    expect(start.values.driver_mode).toBe("same");

    const missing = await b.send("POST", "/validate-reserve-customer", { ...borrower, name: "", email: "nope" });
    expect(missing.status).toBe(422);
    const refused = await missing.json();
    expect(refused.errors.name).toEqual([reason(locale, "name_required")]);
    expect(refused.errors.email).toEqual([reason(locale, "email_invalid")]);

    expect((await b.send("POST", "/validate-reserve-customer", borrower)).status).toBe(200);
    // Coming back to the customer step: the form starts with what was entered.
    expect((await (await b.send("GET", "/borrower")).json()).values).toMatchObject({
      name: borrower.name,
      email: borrower.email,
    });
    const confirmation = await (await b.send("GET", "/confirmation")).json();
    expect(confirmation.total_fee).toBeGreaterThanOrEqual(total);
    expect(confirmation.settlement_lists).toContain(2);

    const noPay = await b.send(
      "POST",
      "/submit-reserve",
      { pay_method: "" },
      { "Idempotency-Key": `none-${locale}-0001` },
    );
    expect(noPay.status).toBe(422);
    expect((await noPay.json()).errors.pay_method).toEqual([reason(locale, "pay_method_required")]);

    const key = `browser-${locale}-${Date.now()}`;
    const first = await b.send("POST", "/submit-reserve", { pay_method: 2 }, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const booked = await first.json();
    expect(booked.outcome).toBe("completed");
    const again = await b.send("POST", "/submit-reserve", { pay_method: 2 }, { "Idempotency-Key": key });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await again.json()).reserve_no).toBe(booked.reserve_no);
    const other = await b.send("POST", "/submit-reserve", { pay_method: 3 }, { "Idempotency-Key": key });
    expect(other.status).toBe(422);
    expect((await other.json()).detail).toBe(reason(locale, "idempotency_key_reused"));
    const rows = await h.handle
      .forSite(SITE)
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.siteId, SITE), eq(reservations.reserveNo, booked.reserve_no)));
    expect(rows).toHaveLength(1);

    const completed = await (await b.send("GET", "/completed")).json();
    expect(completed).toMatchObject({ reserve_no: booked.reserve_no, email: borrower.email, pay_method: 2 });
    const completion = await (await b.send("GET", "/completion")).json();
    expect(completion).toMatchObject({
      title: translate(CATALOGUES[locale], "completed.title"),
      reserve_no: booked.reserve_no,
      mail_sent: translate(CATALOGUES[locale], "completed.mailSent", { email: borrower.email }),
      pay_method_label: translate(CATALOGUES[locale], "reserves.pay.2"),
      member: false,
    });
    const cleared = await b.send("POST", "/session-clear");
    expect(await cleared.json()).toEqual({ reserve_session: null });
    expect((await (await b.send("GET", "/session")).json()).reserve_session).toBeNull();
  });

  it("refuses the confirmation and the submit of a browser with no booking in progress", async () => {
    const b = await browser(prefix);
    const confirmation = await b.send("GET", "/confirmation");
    expect(confirmation.status).toBe(422);
    expect((await confirmation.json()).detail).toBe(reason(locale, "details_updated"));
    expect((await b.send("GET", "/completed")).status).toBe(404);
    expect((await b.send("GET", "/completion")).status).toBe(404);
    const borrowerStep = await b.send("GET", "/borrower");
    expect(borrowerStep.status).toBe(422);
    expect((await borrowerStep.json()).detail).toBe(reason(locale, "details_updated"));
  });

  it("a program books with a key, reads the booking back, and the car is taken", async () => {
    const { id } = await firstFreeType(prefix);
    const before = await (
      await h.call(`${prefix}/api/v1/stores/${storeId}/car-type/${id}?${period()}`, { headers: site() })
    ).json();
    const headers = site({ authorization: `Bearer ${fullKey}`, "content-type": "application/json" });
    const body = {
      store_id: storeId,
      car_type_id: id,
      sd: day,
      st: "10:00",
      ed: addDays(day, 2),
      et: "17:00",
      pay_method: 3,
      customer: { ...borrower, email: `program-${locale}@example.com` },
    };
    // A customer the site's form would refuse is refused the same way, before anything is booked.
    const badCustomer = await h.call(`${prefix}/api/v1/submit-reserve`, {
      method: "POST",
      headers,
      body: JSON.stringify({ ...body, customer: { ...borrower, kana: "" } }),
    });
    expect(badCustomer.status).toBe(422);
    expect((await badCustomer.json()).errors.kana).toEqual([reason(locale, "kana_required")]);
    const r = await h.call(`${prefix}/api/v1/submit-reserve`, {
      method: "POST",
      headers: { ...headers, "Idempotency-Key": `program-${locale}-${Date.now()}` },
      body: JSON.stringify(body),
    });
    expect(r.status).toBe(201);
    const { reserve_no } = await r.json();
    const read = await h.call(`${prefix}/api/v1/reservations/${reserve_no}`, { headers });
    // A program's booking says so (issue 42), at its first revision.
    expect(await read.json()).toMatchObject({
      reserve_no,
      status: "confirmed",
      pay_method: 3,
      car_type_id: id,
      channel: "api",
      revision: 0,
    });
    const after = await (
      await h.call(`${prefix}/api/v1/stores/${storeId}/car-type/${id}?${period()}`, { headers: site() })
    ).json();
    expect(after.remaining).toBe(before.remaining - 1);
  });

  it("a program's rental over the site's 30 long-rental days is refused until it is confirmed", async () => {
    const { id } = await firstFreeType(prefix);
    const headers = site({ authorization: `Bearer ${fullKey}`, "content-type": "application/json" });
    const body = {
      store_id: storeId,
      car_type_id: id,
      sd: addDays(day, 100),
      st: "10:00",
      ed: addDays(day, 131),
      et: "17:00",
      pay_method: 2,
      customer: { ...borrower, email: `long-${locale}@example.com` },
    };
    const send = (extra: Record<string, string>, key: string) =>
      h.call(`${prefix}/api/v1/submit-reserve`, {
        method: "POST",
        headers: { ...headers, "Idempotency-Key": `${key}-${locale}-${Date.now()}` },
        body: JSON.stringify({ ...body, ...extra }),
      });
    const refused = await send({}, "long");
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      code: "rejected",
      reason: "long_rental_unconfirmed",
      detail: reason(locale, "long_rental_unconfirmed", { days: 30 }),
    });
    const confirmed = await send({ long_rental_confirmed: "1" }, "long-ok");
    expect(confirmed.status).toBe(201);
  });
});

describe("keys, sessions and sites", () => {
  it("a key without the bookings scope cannot book or read bookings (403); no key is 401; a bad key is 401", async () => {
    const r = await h.call("/en/api/v1/reservations/SKM-000001", {
      headers: site({ authorization: `Bearer ${catalogKey}` }),
    });
    expect(r.status).toBe(403);
    expect((await h.call("/en/api/v1/reservations/SKM-000001", { headers: site() })).status).toBe(401);
    const bad = await h.call("/en/api/v1/car-types", { headers: site({ authorization: "Bearer rcb_nope" }) });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toContain("Bearer");
    expect(
      (await h.call("/en/api/v1/car-types", { headers: site({ authorization: `Bearer ${catalogKey}` }) })).status,
    ).toBe(200);
  });

  it("a key of one site is nobody on another (401), and another site's booking numbers are 404", async () => {
    const kaedeKey = (
      await createApiKey(h.handle.forSite("kaede"), "kaede", OWNER, { name: "k", scopes: ["bookings"], rateLimit: 100 })
    ).secret;
    expect(
      (await h.call("/en/api/v1/car-types", { headers: { "X-Site-Id": SITE, authorization: `Bearer ${kaedeKey}` } }))
        .status,
    ).toBe(401);
    const [sakuraBooking] = await h.handle
      .forSite(SITE)
      .select({ no: reservations.reserveNo })
      .from(reservations)
      .where(eq(reservations.siteId, SITE))
      .limit(1);
    const cross = await h.call(`/en/api/v1/reservations/${sakuraBooking!.no}`, {
      headers: { "X-Site-Id": "kaede", authorization: `Bearer ${kaedeKey}` },
    });
    expect(cross.status).toBe(404);
  });

  it("a key's requests per minute are limited: 429 with Retry-After; every answer says what is left", async () => {
    const { secret } = await createApiKey(h.handle.forSite(SITE), SITE, OWNER, {
      name: "slow",
      scopes: ["catalog:read"],
      rateLimit: 3,
    });
    const headers = site({ authorization: `Bearer ${secret}` });
    const first = await h.call("/api/v1/car-types", { headers });
    expect(first.status).toBe(200);
    expect([first.headers.get("ratelimit-limit"), first.headers.get("ratelimit-remaining")]).toEqual(["3", "2"]);
    // A refusal of what was sent counts too, and says so.
    const refused = await h.call("/api/v1/stores/abc", { headers });
    expect(refused.status).toBe(404);
    expect([refused.headers.get("ratelimit-limit"), refused.headers.get("ratelimit-remaining")]).toEqual(["3", "1"]);
    expect((await h.call("/api/v1/car-types", { headers })).status).toBe(200);
    const limited = await h.call("/api/v1/car-types", { headers });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("ratelimit-limit")).toBe("3");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a browser's POST without the CSRF token is refused (403), a program's with a key needs none", async () => {
    const r = await h.call("/en/api/v1/session", {
      method: "POST",
      headers: site({ "content-type": "application/json" }),
      body: JSON.stringify({ store_id: storeId }),
    });
    expect(r.status).toBe(403);
    expect((await r.json()).detail).toBe(translate(CATALOGUES.en, "error.refusedLead"));
  });

  it("a missing or unknown site, or a language the site does not offer, is 404", async () => {
    expect((await h.call("/en/api/v1/car-types")).status).toBe(404);
    expect((await h.call("/en/api/v1/car-types", { headers: { "X-Site-Id": "no-such-site" } })).status).toBe(404);
    expect((await h.call("/kr/api/v1/car-types", { headers: { "X-Site-Id": "kaede" } })).status).toBe(404);
  });
});
