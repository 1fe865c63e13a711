// Books a car through the JSON API with an API key, using the typed client (openapi-fetch over the
// types openapi-typescript generates from the document: `npm run typecheck` writes them).
//
//   API_URL=http://localhost:3000 SITE_ID=sakura API_KEY=rcb_… npx tsx examples/book-a-car.ts
//
// The key comes from the back office: Integrations → API keys, with both scopes.
import { randomUUID } from "node:crypto";
import createClient from "openapi-fetch";
import type { paths } from "../generated/api";

export interface BookingRequest {
  baseUrl: string;
  siteId: string;
  apiKey: string;
  /** "" Japanese, "/en", "/kr", "/tw": the language of the answers and of the customer's mails. */
  lang?: "" | "/en" | "/kr" | "/tw";
  /** Departure day (YYYY-MM-DD), from 10:00 to 17:00 two days later. */
  day: string;
  customer: {
    name: string;
    kana: string;
    email: string;
    tel: string;
    zip: string;
    pref_code: number;
    address_a: string;
  };
  fetch?: typeof fetch;
}

/** Finds the first car type free at the site's first store for the period, then books it, paid at the store. */
export async function bookACar(input: BookingRequest): Promise<{ reserveNo: string; total: number; carType: string }> {
  const api = createClient<paths>({
    baseUrl: `${input.baseUrl}${input.lang ?? ""}/api/v1`,
    headers: { Authorization: `Bearer ${input.apiKey}` },
    ...(input.fetch ? { fetch: input.fetch } : {}),
  });
  const end = new Date(Date.parse(`${input.day}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);

  // The site's stores: the search without a store answers the first one.
  const header = { "X-Site-Id": input.siteId };
  const first = await api.GET("/car-types", { params: { query: {}, header } });
  const storeId = first.data?.store?.id;
  if (!storeId) throw new Error(`no store: ${JSON.stringify(first.error)}`);

  const period = { si: String(storeId), sd: input.day, st: "10:00", ed: end, et: "17:00" };
  const search = await api.GET("/car-types", { params: { query: period, header } });
  if (!search.data) throw new Error(`search refused: ${search.error?.detail}`);
  const offer = search.data.car_types.find((c) => c.can_reserve);
  if (!offer) throw new Error(`nothing free on ${input.day}: ${search.data.notice?.message ?? ""}`);

  const booked = await api.POST("/submit-reserve", {
    params: { header: { ...header, "Idempotency-Key": randomUUID() } },
    body: {
      store_id: String(storeId),
      car_type_id: String(offer.car_type.id),
      sd: period.sd,
      st: period.st,
      ed: period.ed,
      et: period.et,
      pay_method: "2",
      customer: { user_type: "1", driver_mode: "same", ...input.customer },
    },
  });
  if (!booked.data) {
    const fields = Object.entries(booked.error?.errors ?? {}).map(([f, m]) => `${f}: ${m.join(" ")}`);
    throw new Error(`booking refused: ${booked.error?.detail} ${fields.join("; ")}`);
  }

  const read = await api.GET("/reservations/{reserveNo}", {
    params: { path: { reserveNo: booked.data.reserve_no }, header },
  });
  if (!read.data) throw new Error("the booking could not be read back");
  return { reserveNo: read.data.reserve_no, total: read.data.fees.total_fee, carType: offer.car_type.name };
}

// Run from the command line.
if (process.argv[1]?.endsWith("book-a-car.ts")) {
  const { API_URL = "http://localhost:3000", SITE_ID = "sakura", API_KEY } = process.env;
  if (!API_KEY) {
    console.error("Set API_KEY (back office → Integrations → API keys).");
    process.exit(2);
  }
  const day = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  const result = await bookACar({
    baseUrl: API_URL,
    siteId: SITE_ID,
    apiKey: API_KEY,
    lang: "/en",
    day,
    customer: {
      name: "Jane Traveller",
      kana: "Jane Traveller",
      email: "jane.traveller@example.com",
      tel: "+1 415 555 0100",
      zip: "9000001",
      pref_code: 47,
      address_a: "Naha 1-1",
    },
  });
  console.log(`Booked ${result.carType}: ${result.reserveNo}, ¥${result.total.toLocaleString("en")} at the store.`);
}
