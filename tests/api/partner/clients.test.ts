import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createClient as generateHeyApi } from "@hey-api/openapi-ts";
import createFetchClient from "openapi-fetch";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, expect, it } from "vitest";
import { partnerDocument } from "#app/api/partner/openapi.server";
import { ORIGIN } from "#tests/api/harness";
import type { paths } from "../../../generated/partner-api";
import { CUSTOMER, partnerHarness, periodAhead } from "./harness";

/**
 * Issue 42: clients generated from the served document by two independent generators book and
 * cancel. The generated code goes to a folder of its own under `generated/` (not committed; inside
 * the project so the test runner compiles it) and is removed afterwards.
 */
let h: Awaited<ReturnType<typeof partnerHarness>>;
let key: string;
let document: object;
const out = path.resolve("generated", `partner-clients-${process.pid}-${Date.now()}`);

beforeAll(async () => {
  h = await partnerHarness();
  key = await h.makeKey(["catalog:read", "reservations:read", "reservations:write"]);
  document = await (await h.call("/openapi.json")).json();
  mkdirSync(out, { recursive: true });
}, 180_000);
afterAll(async () => {
  rmSync(out, { recursive: true, force: true });
  await h.handle.close();
});

/** The programs' requests go through the whole HTTP stack in this process. */
const viaApp: typeof fetch = (input, init) => Promise.resolve(h.app.request(new Request(input, init)));

async function firstFreeCarType(
  search: (q: Record<string, unknown>) => Promise<{ data: { available: number; car_type: { id: number } }[] }>,
) {
  const found = await search({ store_id: 1, ...periodAhead(45) });
  return found.data.find((d) => d.available > 0)!.car_type.id;
}

it("the served document is the one the linters check", () => {
  expect(document).toEqual(JSON.parse(JSON.stringify(partnerDocument(ORIGIN))));
});

it("openapi-typescript + openapi-fetch: quote, book, read and cancel", async () => {
  const types = astToString(await openapiTS(document as never));
  writeFileSync(path.join(out, "partner.d.ts"), types);
  for (const id of ["listStores", "createReservation", "cancelReservation", "updateReservation"]) {
    expect(types).toContain(`${id}: {`);
  }
  // Typed by the same generator's output of `npm run api:types` (the document the linters check).
  const client = createFetchClient<paths>({
    baseUrl: `${ORIGIN}/api/partner/v1`,
    fetch: viaApp,
    headers: { Authorization: `Bearer ${key}` },
  });
  const stores = await client.GET("/stores");
  expect(stores.response.status).toBe(200);
  const carTypeId = await firstFreeCarType(
    async (query) => (await client.GET("/availability", { params: { query } as never })).data as never,
  );
  const choice = { store_id: 1, car_type_id: carTypeId, ...periodAhead(45) };
  const quote = await client.POST("/quotes", { body: choice });
  expect(quote.response.status).toBe(200);
  const total = quote.data!.price.total;
  const booked = await client.POST("/reservations", {
    params: { header: { "Idempotency-Key": `openapi-fetch-${Date.now()}` } },
    body: { ...choice, customer: CUSTOMER, payment_method: "pay_at_store_cash", expected_total: total },
  });
  expect(booked.response.status).toBe(201);
  const number = booked.data!.reservation_number;
  const read = await client.GET("/reservations/{reservationNumber}", {
    params: { path: { reservationNumber: number } },
  });
  expect(read.data?.channel).toBe("api");
  const cancelled = await client.POST("/reservations/{reservationNumber}/cancel", {
    params: { path: { reservationNumber: number } },
  });
  expect(cancelled.response.status).toBe(200);
  expect(cancelled.data?.reservation.status).toBe("cancelled");
});

it("@hey-api/openapi-ts: quote, book, read and cancel", async () => {
  const output = path.join(out, "hey-api");
  await generateHeyApi({
    input: document,
    output: { path: output },
    plugins: ["@hey-api/client-fetch", "@hey-api/sdk"],
    logs: { level: "silent" },
  } as never);
  expect(readFileSync(path.join(output, "sdk.gen.ts"), "utf8")).toContain("export const cancelReservation");
  const sdk = await import(/* @vite-ignore */ path.join(output, "index.ts"));
  const { client } = await import(/* @vite-ignore */ path.join(output, "client.gen.ts"));
  client.setConfig({ fetch: viaApp, auth: () => key });
  const stores = await sdk.listStores();
  expect(stores.response.status).toBe(200);
  expect(stores.data.data.length).toBeGreaterThan(0);
  const carTypeId = await firstFreeCarType(async (query) => (await sdk.searchAvailability({ query })).data);
  const choice = { store_id: 1, car_type_id: carTypeId, ...periodAhead(46) };
  const quote = await sdk.createQuote({ body: choice });
  expect(quote.response.status).toBe(200);
  const booked = await sdk.createReservation({
    headers: { "Idempotency-Key": `hey-api-${Date.now()}` },
    body: { ...choice, customer: CUSTOMER, payment_method: "card_link", expected_total: quote.data.price.total },
  });
  expect(booked.response.status).toBe(201);
  expect(booked.data.payment).toEqual({ method: "card_link", status: "pending" });
  const number = booked.data.reservation_number;
  const read = await sdk.getReservation({ path: { reservationNumber: number } });
  expect(read.data.reservation_number).toBe(number);
  const cancelled = await sdk.cancelReservation({ path: { reservationNumber: number } });
  expect(cancelled.response.status).toBe(200);
  expect(cancelled.data.reservation.status).toBe("cancelled");
  const refused = await sdk.getReservation({ path: { reservationNumber: "261128-NONE" } });
  expect(refused.response.status).toBe(404);
  expect(refused.error.type).toMatch(/\/problems\/reservation-not-found$/);
});
