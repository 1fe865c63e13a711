import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUES } from "#app/i18n/messages";
import type { Locale } from "#common/locales";
import { createApiKey } from "#server/integrations/api-keys";
import { OWNER } from "#tests/fixtures/staff-actors";
import { apiHarness } from "./harness";

/**
 * Issue 25, §7's stores group (app/api/groups/stores/): the stores, a store, the fee
 * table, what a store rents and the cars free per class, in the four languages with the demo
 * sites' real texts, and their refusals (404 for another site's store, 422 with
 * `calendarErrorMessage` for a wrong store list or period). The harness checks every answer
 * against the OpenAPI document.
 */

type H = Awaited<ReturnType<typeof apiHarness>>;
let h: H;

const LANGS: [string, Locale][] = [
  ["", "ja"],
  ["/en", "en"],
  ["/kr", "ko"],
  ["/tw", "zh-TW"],
];
const STORES: Record<Locale, string[]> = {
  ja: ["那覇空港店", "那覇市内店", "石垣店"],
  en: ["Naha Airport Store", "Naha City Store", "Ishigaki Store"],
  ko: ["나하공항점", "나하 시내점", "이시가키점"],
  "zh-TW": ["那霸機場店", "那霸市區店", "石垣店"],
};
const AIRPORT_ADDRESS: Record<Locale, string> = {
  ja: "鏡水280-5",
  en: "280-5 Kagamizu",
  ko: "가가미즈 280-5",
  "zh-TW": "鏡水280-5",
};

const msg = (locale: Locale, key: string) => (CATALOGUES[locale] as Record<string, string>)[key]!;

async function get(prefix: string, path: string, site: string | null = "sakura") {
  const response = await h.call(`${prefix}/api/v1${path}`, { headers: site === null ? {} : { "X-Site-Id": site } });
  return { status: response.status, body: await response.json() };
}

const storeIds = new Map<string, number>();
const ids = (site: string) => [...storeIds].filter(([k]) => k.startsWith(`${site}:`)).map(([, v]) => v);

/** A weekday (not Wednesday, not the 15th) about three weeks ahead, in Japan time. */
function futureDay(offset = 21): string {
  for (let i = offset; ; i++) {
    const d = new Date(Date.now() + 9 * 3_600_000 + i * 86_400_000);
    if (d.getUTCDay() !== 3 && d.getUTCDate() !== 15) return d.toISOString().slice(0, 10);
  }
}

beforeAll(async () => {
  h = await apiHarness();
  for (const site of ["sakura", "kaede", "hana"]) {
    const { body } = await get("", "/reservations/stores", site);
    if (site === "hana") {
      // hana suspends web reservations: its store comes from the fee page's store list.
      const fee = await get("", "/stores/fee", site);
      for (const s of fee.body.stores) storeIds.set(`${site}:${s.name}`, s.id);
    } else for (const s of body.stores) storeIds.set(`${site}:${s.name}`, s.id);
  }
}, 60_000);
afterAll(async () => {
  await h?.handle.close();
});

const airport = () => storeIds.get("sakura:那覇空港店")!;
const city = () => storeIds.get("sakura:那覇市内店")!;
const kaede = () => storeIds.get("kaede:京都駅前店")!;

describe.each(LANGS)("stores in %s", (prefix, locale) => {
  it("reservations/stores: the stores taking web reservations with hours and closing days", async () => {
    const { status, body } = await get(prefix, "/reservations/stores");
    expect(status).toBe(200);
    expect(body.web_reserve_accepting).toBe(true);
    expect(body.stores.map((s: { name: string }) => s.name)).toEqual(STORES[locale]);
    const naha = body.stores[0];
    expect(naha).toMatchObject({ business_start_time: "08:00", business_end_time: "21:00", tel: "098-000-8301" });
    expect(naha.address).toContain(AIRPORT_ADDRESS[locale]);
    expect(naha.times).toContain("08:00");
    expect(naha.min_date <= naha.max_date).toBe(true);
    expect(body.stores[1].regular_holiday_week).toEqual([3]);
    expect(body.stores[1].holidays.length).toBeGreaterThan(0);
  });

  it("stores/{id}: the store's detail; another site's, an unknown or a malformed id is 404", async () => {
    const { status, body } = await get(prefix, `/stores/${city()}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: city(), name: STORES[locale][1], regular_holiday_week: [3] });
    expect(body.classes.length).toBeGreaterThan(0);
    expect(body.holidays).toHaveLength(3);
    for (const bad of [`${kaede()}`, "999999", "0", "abc"]) {
      const refused = await get(prefix, `/stores/${bad}`);
      expect(refused.status, bad).toBe(404);
      expect(refused.body.detail).toBe(msg(locale, "error.notFound"));
    }
  });

  it("stores/fee: each class's fee tables, options and high season; a wrong store is 422", async () => {
    const { status, body } = await get(prefix, "/stores/fee");
    expect(status).toBe(200);
    expect(body.store_id).toBe(airport());
    expect(body.stores.map((s: { name: string }) => s.name)).toEqual(STORES[locale]);
    expect(body.classes.length).toBeGreaterThan(0);
    const table = body.classes[0].tables[0];
    expect(table.rows.length).toBeGreaterThan(0);
    for (const row of table.rows) expect(Number.isInteger(row.price)).toBe(true);
    expect(body.options.length).toBeGreaterThan(0);
    const chosen = await get(prefix, `/stores/fee?si=${city()}`);
    expect(chosen.body.store_id).toBe(city());

    for (const bad of [`${kaede()}`, "x"]) {
      const refused = await get(prefix, `/stores/fee?si=${bad}`);
      expect(refused.status).toBe(422);
      expect(refused.body.calendarErrorMessage).toBe(msg(locale, "reason.store_required"));
    }
  });

  it("stores/{id}/car-rentable: the car types the store rents; another site's store is 404", async () => {
    const { status, body } = await get(prefix, `/stores/${airport()}/car-rentable`);
    expect(status).toBe(200);
    expect(body.store_id).toBe(airport());
    expect(body.car_types.length).toBeGreaterThan(0);
    for (const t of body.car_types) expect(t.vehicles).toBeGreaterThan(0);
    const fee = await get(prefix, `/stores/fee?si=${airport()}`);
    const classNames = new Set(fee.body.classes.map((c: { name: string }) => c.name));
    for (const t of body.car_types) expect(classNames.has(t.class_name)).toBe(true);
    expect((await get(prefix, `/stores/${kaede()}/car-rentable`)).status).toBe(404);
  });

  it("stores/classes/availability: cars free per class at each store; bad input is 422", async () => {
    const sd = futureDay();
    const { status, body } = await get(
      prefix,
      `/stores/classes/availability?store_ids=${airport()},${storeIds.get("sakura:石垣店")}&sd=${sd}&st=10:00&ed=${sd}&et=18:00`,
    );
    expect(status).toBe(200);
    expect(body.undecided).toBe(false);
    expect(body.stores.map((s: { store_name: string }) => s.store_name)).toEqual([
      STORES[locale][0],
      STORES[locale][2],
    ]);
    const first = body.stores[0];
    expect(first.period).toEqual({ sd, st: "10:00", ed: sd, et: "18:00" });
    expect(first.classes.length).toBeGreaterThan(0);
    for (const c of first.classes) {
      expect(c.remaining).toBeLessThanOrEqual(c.vehicles);
      expect(["circle", "triangle", "cross"]).toContain(c.mark);
    }

    const undecided = await get(prefix, `/stores/classes/availability?store_ids=${airport()}&date_undecided=1`);
    expect(undecided.body.undecided).toBe(true);
    expect(undecided.body.stores[0].classes[0]).toMatchObject({ remaining: null, mark: null });

    for (const query of ["", "store_ids=", "store_ids=1,,2", "store_ids=abc", `store_ids=${airport()},${kaede()}`]) {
      const refused = await get(prefix, `/stores/classes/availability?${query}`);
      expect(refused.status, query).toBe(422);
      expect(refused.body.calendarErrorMessage).toBe(msg(locale, "reason.store_required"));
      expect(refused.body.errors.store_ids).toEqual([msg(locale, "reason.store_required")]);
    }
    // The Naha City store is closed on Wednesdays; a return before the departure is refused too.
    const wednesday = (() => {
      for (let i = 21; ; i++) {
        const d = new Date(Date.now() + 9 * 3_600_000 + i * 86_400_000);
        if (d.getUTCDay() === 3) return d.toISOString().slice(0, 10);
      }
    })();
    const closed = await get(
      prefix,
      `/stores/classes/availability?store_ids=${city()}&sd=${wednesday}&st=10:00&ed=${futureDay(40)}&et=18:00`,
    );
    expect(closed.status).toBe(422);
    expect(closed.body.calendarErrorMessage).toBe(msg(locale, "reason.store_closed"));
    const backwards = await get(
      prefix,
      `/stores/classes/availability?store_ids=${airport()}&sd=${futureDay(30)}&st=10:00&ed=${futureDay(25)}&et=18:00`,
    );
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.ed).toEqual([msg(locale, "reason.return_not_after_departure")]);
    expect(backwards.body.calendarErrorMessage).toBeTruthy();
  });
});

describe("stores across sites", () => {
  it("a program with a catalog:read key reads them; a bookings-only key is refused (403)", async () => {
    const db = h.handle.forSite("sakura");
    const read = await createApiKey(db, "sakura", OWNER, { name: "catalog", scopes: ["catalog:read"], rateLimit: 120 });
    const book = await createApiKey(db, "sakura", OWNER, { name: "book", scopes: ["bookings"], rateLimit: 120 });
    const call = (secret: string, path: string) =>
      h.call(`/en/api/v1${path}`, { headers: { "X-Site-Id": "sakura", Authorization: `Bearer ${secret}` } });
    const ok = await call(read.secret, `/stores/${airport()}`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).name).toBe("Naha Airport Store");
    expect((await call(read.secret, "/site-client")).status).toBe(200);
    expect((await call(book.secret, "/reservations/stores")).status).toBe(403);
    // sakura's key names sakura only: through kaede it is unknown.
    const other = await h.call(`/en/api/v1/reservations/stores`, {
      headers: { "X-Site-Id": "kaede", Authorization: `Bearer ${read.secret}` },
    });
    expect(other.status).toBe(401);
  });

  it("kaede's stores in English; its store id through sakura is 404", async () => {
    const { body } = await get("/en", "/reservations/stores", "kaede");
    expect(body.stores.map((s: { name: string }) => s.name)).toEqual(["Kyoto Station Store", "Kyoto Arashiyama Store"]);
    expect((await get("/en", `/stores/${kaede()}`, "kaede")).body.name).toBe("Kyoto Station Store");
    expect((await get("/en", `/stores/${kaede()}`, "sakura")).status).toBe(404);
    expect((await get("", `/stores/${airport()}`, "kaede")).status).toBe(404);
  });

  it("a site that suspends web reservations lists no store and refuses availability with a message", async () => {
    const { body } = await get("", "/reservations/stores", "hana");
    expect(body).toEqual({
      web_reserve_accepting: false,
      message: msg("ja", "reason.web_reserve_suspended"),
      stores: [],
    });
    const refused = await get("", `/stores/classes/availability?store_ids=${ids("hana")[0]}&sd=${futureDay()}`, "hana");
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe(msg("ja", "reason.web_reserve_suspended"));
  });

  it.each(LANGS)("a missing or unknown X-Site-Id is 404 (%s)", async (prefix, locale) => {
    for (const site of [null, "nosuchsite"]) {
      const { status, body } = await get(prefix, `/stores/${airport()}`, site);
      expect(status).toBe(404);
      expect(body.detail).toBe(msg(locale, "error.notFound"));
    }
  });

  it.each([
    ["/en", "fuji"],
    ["/tw", "kaede"],
  ])("a language the site does not offer is 404 (%s, %s)", async (prefix, site) => {
    for (const path of ["/reservations/stores", "/stores/fee"])
      expect((await get(prefix, path, site)).status).toBe(404);
  });
});
