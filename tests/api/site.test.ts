import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUES } from "#app/i18n/messages";
import type { Locale } from "#common/locales";
import { apiHarness } from "./harness";

/**
 * Issue 25, §7's reservation-group reads about the site (app/api/groups/site/): each
 * operation in the four languages with the demo sites' real texts, and its refusals (404 for
 * unknown and other sites' ids, 422 with `calendarErrorMessage` for a wrong store or month).
 * Every answer is checked against the OpenAPI document by the harness.
 */

type H = Awaited<ReturnType<typeof apiHarness>>;
let h: H;

const LANGS: [string, Locale][] = [
  ["", "ja"],
  ["/en", "en"],
  ["/kr", "ko"],
  ["/tw", "zh-TW"],
];
const TITLE: Record<Locale, string> = {
  ja: "さくらレンタカー沖縄",
  en: "Sakura Rent-a-Car Okinawa",
  ko: "사쿠라 렌터카 오키나와",
  "zh-TW": "櫻花租車沖繩",
};
const NAHA_CITY: Record<Locale, string> = {
  ja: "那覇市内店",
  en: "Naha City Store",
  ko: "나하 시내점",
  "zh-TW": "那霸市區店",
};
const PRICE_LIST: Record<Locale, string> = { ja: "料金表", en: "Price List", ko: "요금표", "zh-TW": "價目表" };
const NEWS: Record<Locale, string> = {
  ja: "Webサイトをリニューアルしました",
  en: "Our website has been renewed",
  ko: "웹사이트를 새롭게 단장했습니다",
  "zh-TW": "官方網站全新改版",
};
const COMPANY: Record<Locale, string> = {
  ja: "株式会社さくらレンタカー沖縄",
  en: "Sakura Rent-a-Car Okinawa Co., Ltd.",
  ko: "주식회사 사쿠라 렌터카 오키나와",
  "zh-TW": "櫻花租車沖繩股份有限公司",
};

const msg = (locale: Locale, key: string) => (CATALOGUES[locale] as Record<string, string>)[key]!;

async function get(prefix: string, path: string, site: string | null = "sakura") {
  const response = await h.call(`${prefix}/api/v1${path}`, { headers: site === null ? {} : { "X-Site-Id": site } });
  const body = await response.json();
  return { status: response.status, body };
}

/** Store ids by Japanese name, read through the API itself (`top` lists them). */
const storeIds = new Map<string, number>();

beforeAll(async () => {
  h = await apiHarness();
  for (const site of ["sakura", "kaede", "hana"]) {
    const { body } = await get("", "/top", site);
    for (const s of body.stores as { id: number; name: string }[]) storeIds.set(s.name, s.id);
  }
}, 60_000);
afterAll(async () => {
  await h?.handle.close?.();
});

const sakuraCity = () => storeIds.get("那覇市内店")!;
const sakuraAirport = () => storeIds.get("那覇空港店")!;
const kaedeStation = () => storeIds.get("京都駅前店")!;
const hanaStore = () => storeIds.get("函館駅前店")!;

describe.each(LANGS)("site reads in %s", (prefix, locale) => {
  it("site-client: the client, its plan and what it shows", async () => {
    const { status, body } = await get(prefix, "/site-client");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      client_id: 83,
      site_id: "sakura",
      site_title: TITLE[locale],
      usage_plan_type: 4,
      usage_plan_name: "premium",
      is_standard_over: true,
      is_standard_plus_over: true,
      is_premium_over: true,
      features: { full_header_menu: true, footer: true, login_link: true, language_switcher: true },
      active_stores: 3,
      is_multi_store: true,
    });
  });

  it("is-active-site-client and site-setting-public-status", async () => {
    expect((await get(prefix, "/is-active-site-client")).body).toEqual({ is_active: true });
    expect((await get(prefix, "/site-setting-public-status")).body).toEqual({ public_status: 1 });
  });

  it("site-setting: languages, guest booking, theme with the luminance rule", async () => {
    const { status, body } = await get(prefix, "/site-setting");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      site_title: TITLE[locale],
      supported_language: "jp,en,kr,tw",
      is_multi_language: true,
      public_status: 1,
      is_disp_non_member: true,
      default_disp_empty_car_type: 1,
      default_start_time: "11:00",
      default_end_time: "18:00",
      site_color: "#ee6e25",
      // #ee6e25: luminance 54.9, not below 50 → black text (spec §9).
      font_color: "#000000",
      web_reserve_accepting: true,
    });
    expect(body.languages.map((l: { locale: string }) => l.locale)).toEqual(["ja", "en", "ko", "zh-TW"]);
    expect(JSON.stringify(body)).not.toMatch(/embed|cancellation|password/i);
  });

  it("google-analytics, google-tag-manager and site-logo", async () => {
    expect((await get(prefix, "/google-analytics")).body).toEqual({ tracking_code: "G-SAKURA8301" });
    expect((await get(prefix, "/google-tag-manager")).body).toEqual({ container_id: "GTM-SAKURA83" });
    expect((await get(prefix, "/site-logo")).body).toEqual({
      logo: { img_path: "/demo/sakura/logo.svg", width: 240, height: 60, resize: false },
    });
  });

  it("site-footer: custom page links and the company in the language", async () => {
    const { body } = await get(prefix, "/site-footer");
    expect(body).toMatchObject({ shown: true, company_name: COMPANY[locale], since: 2014, site_title: TITLE[locale] });
    expect(body.pages.map((p: { url: string }) => p.url)).toEqual(["pricelist", "company", "faq"]);
    expect(body.pages[0].title).toBe(PRICE_LIST[locale]);
  });

  it("top: image, text, news, classes and stores", async () => {
    const { body } = await get(prefix, "/top");
    expect(body.site_title).toBe(TITLE[locale]);
    expect(body.site_image).toBe("/demo/sakura/hero.svg");
    expect(body.page_edit_top).toContain(prefix ? `${prefix}/sakura/c/pricelist` : "(/sakura/c/pricelist)");
    expect(body.news[0].title).toBe(NEWS[locale]);
    expect(body.news[0].date).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(body.handling_class.length).toBeGreaterThan(0);
    expect(body.stores.map((s: { name: string }) => s.name)).toContain(NAHA_CITY[locale]);
  });

  it("custompages/{id}: by address and by id; unknown and another site's are 404", async () => {
    const byUrl = await get(prefix, "/custompages/pricelist");
    expect(byUrl.status).toBe(200);
    expect(byUrl.body).toMatchObject({ page_url: "pricelist", page_title: PRICE_LIST[locale] });
    const byId = await get(prefix, `/custompages/${byUrl.body.page_id}`);
    expect(byId.body.page_title).toBe(PRICE_LIST[locale]);

    const unknown = await get(prefix, "/custompages/nothing-here");
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(msg(locale, "error.notFound"));
    const kaedeGuide = await get("", "/custompages/guide", "kaede");
    expect(kaedeGuide.status).toBe(200);
    expect((await get(prefix, "/custompages/guide")).status).toBe(404);
    expect((await get(prefix, `/custompages/${kaedeGuide.body.page_id}`)).status).toBe(404);
  });

  it("seo-settings and seo-settings/{id}: per page kind; an unknown kind is 404", async () => {
    const list = await get(prefix, "/seo-settings");
    const kinds = list.body.seo_settings.map((s: { page_kind: string }) => s.page_kind);
    expect(kinds).toEqual(expect.arrayContaining(["top", "store", "fee", "reserve", "custom_page:pricelist"]));
    const store = await get(prefix, "/seo-settings/store");
    expect(store.status).toBe(200);
    expect(store.body.page_kind).toBe("store");
    expect(store.body.description).toBe(
      list.body.seo_settings.find((s: { page_kind: string }) => s.page_kind === "store").description,
    );
    if (locale === "en") expect(store.body.description).toContain("Naha Airport, Naha City and Ishigaki stores");
    expect((await get(prefix, "/seo-settings/custom_page%3Apricelist")).status).toBe(200);
    const unknown = await get(prefix, "/seo-settings/no_such_kind");
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(msg(locale, "error.notFound"));
    expect((await get(prefix, "/seo-settings/custom_page%3Aguide")).status).toBe(404);
  });

  it("driver-setting and driver-setting/required-list", async () => {
    const { body } = await get(prefix, "/driver-setting");
    const name = body.fields.find((f: { name: string }) => f.name === "name");
    expect(name).toEqual({ name: "name", mode: 2, shown: true, required: true });
    expect(body.fields.map((f: { name: string }) => f.name)).toContain("license_expiration_date");
    const required = await get(prefix, "/driver-setting/required-list");
    expect(required.body.required).toEqual(
      expect.arrayContaining(["name", "license_type", "license_number", "license_expiration_date"]),
    );
    const shownRequired = body.fields
      .filter((f: { required: boolean }) => f.required)
      .map((f: { name: string }) => f.name);
    expect(required.body.required.slice(0, shownRequired.length)).toEqual(shownRequired);
  });

  it("stores/{id}/regarding-reservation-setting: accepting; another site's store is 404", async () => {
    const ok = await get(prefix, `/stores/${sakuraCity()}/regarding-reservation-setting`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ store_id: sakuraCity(), web_reserve_accepting: true, message: null });
    expect(ok.body.last_bookable_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const other = await get(prefix, `/stores/${kaedeStation()}/regarding-reservation-setting`);
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe(msg(locale, "error.notFound"));
    expect((await get(prefix, "/stores/abc/regarding-reservation-setting")).status).toBe(404);
  });

  it("side-bar: the search form's stores and values; a store not of this site is 422", async () => {
    const { status, body } = await get(prefix, "/side-bar");
    expect(status).toBe(200);
    expect(body.store_id).toBeNull();
    expect(body.stores.map((s: { name: string }) => s.name)).toContain(NAHA_CITY[locale]);
    expect(body.values).toMatchObject({ st: "11:00", et: "18:00" });
    expect(body.periods).toHaveLength(10);
    const chosen = await get(prefix, `/side-bar?si=${sakuraCity()}&sd=2099-01-05&st=10:00`);
    expect(chosen.body).toMatchObject({ store_id: sakuraCity(), values: { sd: "2099-01-05", st: "10:00" } });
    const city = chosen.body.stores.find((s: { id: number }) => s.id === sakuraCity());
    expect(city.regular_holiday_week).toEqual([3]);

    for (const bad of [`${kaedeStation()}`, "abc", "999999"]) {
      const refused = await get(prefix, `/side-bar?si=${bad}`);
      expect(refused.status).toBe(422);
      expect(refused.body.calendarErrorMessage).toBe(msg(locale, "reason.store_required"));
      expect(refused.body.errors.si).toEqual([msg(locale, "reason.store_required")]);
    }
  });

  it("calendar: a month of marks; a wrong store or month is 422 with calendarErrorMessage", async () => {
    const { status, body } = await get(prefix, `/calendar?si=${sakuraCity()}`);
    expect(status).toBe(200);
    expect(body.store_name).toBe(NAHA_CITY[locale]);
    expect(body.days.length).toBeGreaterThanOrEqual(28);
    expect(body.days[0].date).toBe(`${body.month}-01`);
    // The Naha City store closes on Wednesdays: every Wednesday of the month is closed or past.
    for (const d of body.days.filter((x: { weekday: number }) => x.weekday === 3)) {
      expect(["closed", "past"]).toContain(d.mark);
    }
    const closed = body.days.find((d: { mark: string }) => d.mark === "closed");
    if (closed) expect(closed.label).toBe(msg(locale, "calendar.mark.closed"));
    expect(body.setting.modes[0].label).toBe(msg(locale, "calendar.modeDeparture"));

    const next = await get(prefix, `/calendar?si=${sakuraCity()}&month=${body.next_month}&mode=2`);
    expect(next.body).toMatchObject({ month: body.next_month, mode: 2, prev_month: body.month });

    for (const [query, field, key] of [
      ["", "si", "reason.store_required"],
      [`?si=${kaedeStation()}`, "si", "reason.store_required"],
      ["?si=0", "si", "reason.store_required"],
      [`?si=${sakuraCity()}&month=2026-13`, "month", "reason.date_invalid"],
    ] as const) {
      const refused = await get(prefix, `/calendar${query}`);
      expect(refused.status, query).toBe(422);
      expect(refused.body.calendarErrorMessage).toBe(msg(locale, key));
      expect(refused.body.errors[field]).toEqual([msg(locale, key)]);
    }
  });

  it("stores/{storeId}/store-holiday: closing days; another site's or an unknown store is 404", async () => {
    const { status, body } = await get(prefix, `/stores/${sakuraCity()}/store-holiday`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ store_id: sakuraCity(), regular_holiday_week: [3], regular_holiday_dates: [] });
    // The demo gives the Naha City store three closing dates ahead.
    expect(body.store_holiday_date).toHaveLength(3);
    expect((await get(prefix, `/stores/${storeIds.get("石垣店")}/store-holiday`)).body.regular_holiday_dates).toEqual([
      15,
    ]);
    for (const bad of [`${kaedeStation()}`, "999999", "x"]) {
      const refused = await get(prefix, `/stores/${bad}/store-holiday`);
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toBe(msg(locale, "error.notFound"));
    }
  });

  it("car-allocation: days that cannot be reserved and cars left; a wrong store is 422", async () => {
    const { status, body } = await get(prefix, `/car-allocation?si=${sakuraAirport()}`);
    expect(status).toBe(200);
    expect(body.store_id).toBe(sakuraAirport());
    expect(body.reservation_frames.length).toBeGreaterThan(0);
    for (const f of body.reservation_frames) expect(f.remaining).toBeGreaterThanOrEqual(0);
    const frameDates = new Set(body.reservation_frames.map((f: { date: string }) => f.date));
    for (const d of body.unable_reserve_dates) {
      const frame = body.reservation_frames.find((f: { date: string }) => f.date === d);
      if (frameDates.has(d)) expect(frame.mark).toBe("cross");
    }
    const refused = await get(prefix, `/car-allocation?si=${kaedeStation()}`);
    expect(refused.status).toBe(422);
    expect(refused.body.calendarErrorMessage).toBe(msg(locale, "reason.store_required"));
    const badType = await get(prefix, `/car-allocation?si=${sakuraAirport()}&car_type_id=999999`);
    expect(badType.status).toBe(422);
    expect(badType.body.errors.car_type_id).toEqual([msg(locale, "reason.invalid_choice")]);
  });

  it("calendars/select-box and calendars/setting", async () => {
    const box = await get(prefix, "/calendars/select-box");
    expect(box.status).toBe(200);
    expect(box.body.stores.map((s: { name: string }) => s.name)).toContain(NAHA_CITY[locale]);
    const months = box.body.stores[0].months;
    expect(months.length).toBeGreaterThanOrEqual(12);
    const [year, month] = months[0].value.split("-");
    expect(months[0].label).toBe(
      msg(locale, "calendar.month")
        .replace("{year}", year)
        .replace("{month}", String(Number(month))),
    );
    const one = await get(prefix, `/calendars/select-box?si=${sakuraCity()}`);
    expect(one.body.stores).toHaveLength(1);
    const refused = await get(prefix, `/calendars/select-box?si=${kaedeStation()}`);
    expect(refused.status).toBe(422);
    expect(refused.body.calendarErrorMessage).toBe(msg(locale, "reason.store_required"));

    const { body } = await get(prefix, "/calendars/setting");
    expect(body).toMatchObject({
      is_disp_empty_car_calendar: 1,
      no_reserve_car_calendar_mark: "×",
      modes: [
        { mode: 1, label: msg(locale, "calendar.modeDeparture") },
        { mode: 2, label: msg(locale, "calendar.modePeriod") },
      ],
    });
  });
});

describe("site reads across sites", () => {
  it("another site answers with its own data: kaede's dark theme, large logo, members only", async () => {
    const setting = await get("/en", "/site-setting", "kaede");
    expect(setting.body).toMatchObject({
      site_title: "Kaede Rent-a-Car Kyoto",
      is_disp_non_member: false,
      site_color: "#1e3a5f",
      font_color: "#ffffff",
      supported_language: "jp,en",
    });
    expect((await get("", "/site-logo", "kaede")).body.logo).toMatchObject({ width: 520, height: 80, resize: true });
    expect((await get("", "/site-client", "kaede")).body).toMatchObject({
      usage_plan_name: "standard_plus",
      is_premium_over: false,
    });
  });

  it("a site without a logo, an unpublished site, a light plan", async () => {
    expect((await get("", "/site-logo", "fuji")).body).toEqual({ logo: null });
    expect((await get("", "/site-setting-public-status", "tsuki")).body).toEqual({ public_status: 2 });
    const light = await get("", "/site-client", "hana");
    expect(light.body).toMatchObject({
      usage_plan_name: "light",
      features: { full_header_menu: false, footer: false, login_link: false, language_switcher: false },
    });
    expect((await get("", "/site-footer", "hana")).body.shown).toBe(false);
  });

  it("a site that suspends web reservations says so for its store, in Japanese", async () => {
    const { body } = await get("", `/stores/${hanaStore()}/regarding-reservation-setting`, "hana");
    expect(body).toMatchObject({ web_reserve_accepting: false, message: msg("ja", "reason.web_reserve_suspended") });
  });

  it.each(LANGS)("a missing or unknown X-Site-Id is 404 (%s)", async (prefix, locale) => {
    for (const site of [null, "nosuchsite", "BAD SITE"]) {
      const { status, body } = await get(prefix, "/site-setting", site);
      expect(status).toBe(404);
      expect(body.detail).toBe(msg(locale, "error.notFound"));
    }
  });

  it.each([
    ["/en", "fuji"],
    ["/kr", "fuji"],
    ["/tw", "kaede"],
    ["/kr", "kaede"],
  ])("a language the site does not offer is 404 (%s, %s)", async (prefix, site) => {
    for (const path of ["/site-client", "/top", "/calendars/setting"]) {
      expect((await get(prefix, path, site)).status).toBe(404);
    }
    expect((await get("", "/site-client", site)).status).toBe(200);
  });
});
