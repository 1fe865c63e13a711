import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteReservation } from "#server/reservations/quote";
import { partnerHarness, periodAhead } from "./harness";

/** Issue 42: stores, car types, availability and quotes for programs (`catalog:read`, `reservations:write`). */
let h: Awaited<ReturnType<typeof partnerHarness>>;
let catalog: string;
let writer: string;
beforeAll(async () => {
  h = await partnerHarness();
  catalog = await h.makeKey(["catalog:read"]);
  writer = await h.makeKey(["reservations:write"]);
}, 180_000);
afterAll(() => h.handle.close());

const period = periodAhead(33);

describe("catalog", () => {
  it("lists the stores, gets one, and an unknown store is unknown-store", async () => {
    const list = await (await h.call("/stores", { key: catalog })).json();
    expect(list.data.length).toBeGreaterThan(1);
    const first = list.data[0];
    const one = await h.call(`/stores/${first.id}`, { key: catalog });
    expect(await one.json()).toEqual(first);
    for (const bad of ["99999", "abc"]) {
      const missing = await h.call(`/stores/${bad}`, { key: catalog });
      expect(missing.status).toBe(404);
      expect((await missing.json()).type).toMatch(/\/problems\/unknown-store$/);
    }
  });

  it("lists car types, narrowed by store and class", async () => {
    const all = (await (await h.call("/car-types", { key: catalog })).json()).data;
    const atStore = (await (await h.call("/car-types?store_id=1", { key: catalog })).json()).data;
    expect(atStore.length).toBeGreaterThan(0);
    expect(atStore.every((t: { store_ids: number[] }) => t.store_ids.includes(1))).toBe(true);
    const classId = all[0].class_id;
    const ofClass = (await (await h.call(`/car-types?class_id=${classId}`, { key: catalog })).json()).data;
    expect(ofClass.every((t: { class_id: number }) => t.class_id === classId)).toBe(true);
    const refused = await h.call("/car-types?store_id=0", { key: catalog });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ errors: [{ field: "store_id" }] });
  });

  it("searches availability by store, dates and class; a bad date is validation-failed, closed hours not-bookable", async () => {
    const found = await (
      await h.call(`/availability?store_id=1&${new URLSearchParams(period)}`, { key: catalog })
    ).json();
    expect(found.period).toMatchObject({ pickup_date: period.pickup_date, pickup_time: "10:00" });
    const offer = found.data.find((d: { available: number }) => d.available > 0);
    expect(offer.price.total).toBeGreaterThan(0);
    const classId = offer.car_type.class_id;
    const narrowed = await (
      await h.call(`/availability?store_id=1&class_id=${classId}&${new URLSearchParams(period)}`, { key: catalog })
    ).json();
    expect(narrowed.data.every((d: { car_type: { class_id: number } }) => d.car_type.class_id === classId)).toBe(true);

    const badDate = await h.call(
      `/availability?store_id=1&${new URLSearchParams({ ...period, pickup_date: "2026-13-40" })}`,
      {
        key: catalog,
      },
    );
    expect(badDate.status).toBe(422);
    expect((await badDate.json()).errors.map((e: { field: string }) => e.field)).toEqual(["pickup_date"]);
    const night = await h.call(`/availability?store_id=1&${new URLSearchParams({ ...period, pickup_time: "03:00" })}`, {
      key: catalog,
    });
    expect(night.status).toBe(422);
    expect(await night.json()).toMatchObject({ reason: "outside_business_hours" });
    const nowhere = await h.call(`/availability?store_id=4242&${new URLSearchParams(period)}`, { key: catalog });
    expect((await nowhere.json()).type).toMatch(/\/problems\/unknown-store$/);
  });
});

describe("quotes", () => {
  async function bookableType() {
    const found = await (
      await h.call(`/availability?store_id=1&${new URLSearchParams(period)}`, { key: catalog })
    ).json();
    return found.data.find((d: { available: number }) => d.available > 0).car_type.id as number;
  }

  it("prices options and the damage waiver with the site's own quote", async () => {
    const carTypeId = await bookableType();
    const bare = await (
      await h.call("/quotes", { key: writer, method: "POST", json: { store_id: 1, car_type_id: carTypeId, ...period } })
    ).json();
    const chosen = bare.options.map((o: { option_id: number }) => ({ option_id: o.option_id, quantity: 1 }));
    const body = { store_id: 1, car_type_id: carTypeId, ...period, options: chosen, damage_waiver: false };
    const response = await h.call("/quotes", { key: writer, method: "POST", json: body });
    expect(response.status).toBe(200);
    const quote = await response.json();
    const site = await quoteReservation(h.handle.forSite("sakura"), "sakura", {
      bundle: (await h.services.siteCache.get(h.handle.forSite("sakura"), "sakura"))!,
      storeId: 1,
      carTypeId,
      search: { sd: period.pickup_date, st: period.pickup_time, ed: period.return_date, et: period.return_time },
      options: chosen.map((o: { option_id: number }) => ({ optionId: o.option_id, quantity: 1 })),
      withImmunity: false,
      now: new Date(),
    });
    expect(quote.price).toEqual({
      rental: site!.fees!.rentCarFee,
      options: site!.fees!.optionFee,
      damage_waiver: 0,
      total: site!.fees!.total,
      currency: "JPY",
    });
    expect(quote.price.options).toBeGreaterThan(0);
    expect(quote.options.every((o: { quantity: number }) => o.quantity === 1)).toBe(true);
    expect(quote.damage_waiver.chosen).toBe(false);
  });

  it("refuses an option not offered and a quantity over the limit as invalid-option", async () => {
    const carTypeId = await bookableType();
    const unknown = await h.call("/quotes", {
      key: writer,
      method: "POST",
      json: { store_id: 1, car_type_id: carTypeId, ...period, options: [{ option_id: 9999, quantity: 1 }] },
    });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ errors: [{ field: "options.9999", code: "option_unknown" }] });
    const over = await h.call("/quotes", {
      key: writer,
      method: "POST",
      json: { store_id: 1, car_type_id: carTypeId, ...period, options: [{ option_id: 1, quantity: 50 }] },
    });
    expect((await over.json()).type).toMatch(/\/problems\/invalid-option$/);
  });

  it("answers 400 to malformed JSON, 415 to another content type, 404 to an unknown store or car type", async () => {
    const malformed = await h.call("/quotes", {
      key: writer,
      method: "POST",
      body: "{ not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).type).toMatch(/\/problems\/malformed-json$/);
    const form = await h.call("/quotes", {
      key: writer,
      method: "POST",
      body: "store_id=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect((await form.json()).type).toMatch(/\/problems\/unsupported-media-type$/);
    const store = await h.call("/quotes", {
      key: writer,
      method: "POST",
      json: { store_id: 777, car_type_id: 1, ...period },
    });
    expect((await store.json()).type).toMatch(/\/problems\/unknown-store$/);
    const type = await h.call("/quotes", {
      key: writer,
      method: "POST",
      json: { store_id: 1, car_type_id: 7777, ...period },
    });
    expect(type.status).toBe(404);
    expect((await type.json()).type).toMatch(/\/problems\/unknown-car-type$/);
    const empty = await h.call("/quotes", { key: writer, method: "POST", json: {} });
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors.map((e: { field: string }) => e.field)).toContain("store_id");
  });
});
