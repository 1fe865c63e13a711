import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, localDate } from "#common/calendar-date";
import { reservationFilter } from "#server/counter/counter.schema";
import { searchReservations } from "#server/counter/reservations";
import { createApiKey } from "#server/integrations/api-keys";
import { OWNER } from "#tests/fixtures/staff-actors";
import { bookACar } from "../../examples/book-a-car";
import { apiHarness, expectDocumented, ORIGIN } from "./harness";

/**
 * Issue 25's proof: the example script books a car end to end through the API with an API key
 * (on PGlite, and on PostgreSQL when the suite runs there), the booking is in the back office's
 * reservations, and the public availability counts it.
 */
let h: Awaited<ReturnType<typeof apiHarness>>;
beforeAll(async () => {
  h = await apiHarness();
}, 60_000);
afterAll(() => h.handle.close());

it("the example books a car with a key; the back office lists it and the car is no longer free", async () => {
  const db = h.handle.forSite("sakura");
  const { secret } = await createApiKey(db, "sakura", OWNER, {
    name: "example",
    scopes: ["catalog:read", "bookings"],
    rateLimit: 600,
  });
  // The typed client's requests go through the whole HTTP stack, and each answer is checked against the document.
  const viaApp: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await h.app.request(request);
    await expectDocumented({ method: request.method, url: request.url }, response);
    return response;
  };
  const day = addDays(localDate(new Date(), "Asia/Tokyo"), 47);
  const customer = {
    name: "Jane Traveller",
    kana: "Jane Traveller",
    email: "jane.example@example.com",
    tel: "+1 415 555 0100",
    zip: "9000001",
    pref_code: 47,
    address_a: "Naha 1-1",
  };
  const before = await (
    await viaApp(`${ORIGIN}/en/api/v1/car-types?si=1&sd=${day}&st=10:00&ed=${addDays(day, 2)}&et=17:00`, {
      headers: { "X-Site-Id": "sakura" },
    })
  ).json();
  const booked = await bookACar({
    baseUrl: ORIGIN,
    siteId: "sakura",
    apiKey: secret,
    lang: "/en",
    day,
    customer,
    fetch: viaApp,
  });
  expect(booked.reserveNo).toMatch(/\S/);
  expect(booked.total).toBeGreaterThan(0);

  const listed = await searchReservations(
    db,
    "sakura",
    OWNER,
    reservationFilter(new URLSearchParams({ q: booked.reserveNo })),
    "Asia/Tokyo",
  );
  expect(listed.rows.map((r) => r.reserveNo)).toEqual([booked.reserveNo]);

  const after = await (
    await viaApp(`${ORIGIN}/en/api/v1/car-types?si=1&sd=${day}&st=10:00&ed=${addDays(day, 2)}&et=17:00`, {
      headers: { "X-Site-Id": "sakura" },
    })
  ).json();
  const remaining = (body: { car_types: { car_type: { name: string }; remaining: number }[] }) =>
    body.car_types.find((c) => c.car_type.name === booked.carType)?.remaining;
  expect(remaining(after)).toBe(remaining(before)! - 1);
});
