// Books, changes and cancels a car through the API for programs (`/api/partner/v1`, issue 42), with
// the typed client: openapi-fetch over the types openapi-typescript generates from its document
// (`npm run api:types` writes `generated/partner-api.d.ts`).
//
//   API_URL=http://localhost:3000 API_KEY=rcb_… npx tsx examples/partner-booking.ts
//
// The key comes from the back office (Integrations → API keys) with `catalog:read` and
// `reservations:write`; it names the site, so no other header is needed.
import { randomUUID } from "node:crypto";
import createClient from "openapi-fetch";
import type { components, paths } from "../generated/partner-api";

type Problem = components["schemas"]["Problem"];
type Customer = components["schemas"]["Customer"];

export interface PartnerBookingRequest {
  baseUrl: string;
  apiKey: string;
  /** Pickup day (YYYY-MM-DD), 10:00, returned two days later at 17:00 (the store's local time). */
  day: string;
  customer: Customer;
  fetch?: typeof fetch;
}

export interface PartnerBookingResult {
  reservationNumber: string;
  carType: string;
  bookedTotal: number;
  changedTotal: number;
  difference: number;
  cancellationFee: number;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A refusal as one line: the problem's type, detail and fields. */
const explain = (what: string, problem: Problem | undefined) =>
  new Error(
    `${what}: ${problem?.type ?? "no answer"} ${problem?.detail ?? ""} ${(problem?.errors ?? [])
      .map((e) => `${e.field} ${e.code}`)
      .join(", ")}`,
  );

/** Quote, book (paid at the store), add a day, then cancel at the site's fee schedule. */
export async function partnerBooking(input: PartnerBookingRequest): Promise<PartnerBookingResult> {
  const api = createClient<paths>({
    baseUrl: `${input.baseUrl}/api/partner/v1`,
    headers: { Authorization: `Bearer ${input.apiKey}` },
    ...(input.fetch ? { fetch: input.fetch } : {}),
  });

  const stores = await api.GET("/stores");
  const store = stores.data?.data[0];
  if (!store) throw explain("no store", stores.error);

  const period = {
    pickup_date: input.day,
    pickup_time: "10:00",
    return_date: addDays(input.day, 2),
    return_time: "17:00",
  };
  const free = await api.GET("/availability", { params: { query: { store_id: store.id, ...period } } });
  const offer = free.data?.data.find((d) => d.available > 0);
  if (!offer) throw explain(`nothing free at ${store.name} on ${input.day}`, free.error);

  const choice = { store_id: store.id, car_type_id: offer.car_type.id, ...period, damage_waiver: true };
  const quote = await api.POST("/quotes", { body: choice });
  if (!quote.data) throw explain("quote refused", quote.error);

  // One key per booking, the same on its retries: a retry after a timeout gets this booking back.
  const idempotencyKey = randomUUID();
  const booked = await api.POST("/reservations", {
    params: { header: { "Idempotency-Key": idempotencyKey } },
    body: {
      ...choice,
      customer: input.customer,
      payment_method: "pay_at_store_card",
      expected_total: quote.data.price.total,
    },
  });
  if (!booked.data) throw explain("booking refused", booked.error);
  const number = booked.data.reservation_number;

  const changed = await api.PATCH("/reservations/{reservationNumber}", {
    params: { path: { reservationNumber: number } },
    body: { revision: booked.data.revision, return_date: addDays(period.return_date, 1) },
  });
  if (!changed.data) throw explain("change refused", changed.error);

  const cancelled = await api.POST("/reservations/{reservationNumber}/cancel", {
    params: { path: { reservationNumber: number } },
  });
  if (!cancelled.data) throw explain("cancellation refused", cancelled.error);

  return {
    reservationNumber: number,
    carType: offer.car_type.name,
    bookedTotal: booked.data.price.total,
    changedTotal: changed.data.reservation.price.total,
    difference: changed.data.difference,
    cancellationFee: cancelled.data.cancellation_fee,
  };
}

// Run from the command line.
if (process.argv[1]?.endsWith("partner-booking.ts")) {
  const { API_URL = "http://localhost:3000", API_KEY } = process.env;
  if (!API_KEY) {
    console.error("Set API_KEY (back office → Integrations → API keys, catalog:read and reservations:write).");
    process.exit(2);
  }
  const result = await partnerBooking({
    baseUrl: API_URL,
    apiKey: API_KEY,
    day: addDays(new Date().toISOString().slice(0, 10), 45),
    customer: {
      name: "Jane Traveller",
      email: "jane.traveller@example.com",
      tel: "+1 415 555 0100",
      country: "US",
      zip: "94103",
      address: "500 Howard St, San Francisco, CA",
    },
  });
  const yen = (n: number) => `¥${n.toLocaleString("en")}`;
  console.log(`Booked ${result.carType}: ${result.reservationNumber}, ${yen(result.bookedTotal)}.`);
  console.log(
    `One more day: ${yen(result.changedTotal)} (${result.difference >= 0 ? "+" : ""}${yen(result.difference)}).`,
  );
  console.log(`Cancelled: ${yen(result.cancellationFee)} kept by the store.`);
}
