import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, localDate, localTime, zonedInstant } from "#common/calendar-date";
import { CHECK_ITEMS } from "#common/counter";
import { hashPassword } from "#server/auth/passwords";
import { quoteChange } from "#server/counter/change";
import { ChangeSchema, PhoneBookingSchema } from "#server/counter/counter.schema";
import { quoteAtCounter } from "#server/counter/phone-booking";

import {
  carOptions,
  customPages,
  feePlans,
  members,
  reservations,
  siteNews,
  siteSettings,
  staff,
  staffStores,
  stores,
  vehicles,
} from "#server/db/schema";
import { createCatalogue } from "#server/db/seed/catalogue-factory";
import { createMember } from "#server/db/seed/members-factory";
import { createApp } from "#server/http/app";
import { loadSiteBundle } from "#server/sites/site-bundle";
import type { StaffRole } from "#server/staff/permissions";
import { startStaffSession } from "#server/staff/sessions";
import { NIGHTS } from "#tests/fixtures/fee-plans";
import { testServices } from "#tests/fixtures/services";
import { makeSite } from "#tests/fixtures/sites";
import { OWNER, parsed } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * Issue 23's role matrix and tenancy, through the whole HTTP stack and the production build: every
 * back-office action posted by each role is allowed or refused with a 403 on the server (whatever
 * the page shows), store staff are held to their stores by URL and by form field, and nothing of
 * one site's back office answers another site's staff.
 */

const ORIGIN = "http://127.0.0.1:3000";
const CSRF = "c".repeat(43);
const ROLES: readonly StaffRole[] = ["owner", "manager", "store_staff", "read_only"];

let handle: TestDb;
let build: ServerBuild;
let app: ReturnType<typeof createApp>;
let siteId: string;
let otherSiteId: string;
/** The first store is the store staff's; the second is not. */
let storeIds: [number, number];
let otherSiteStore: number;
const cookies = new Map<string, string>();
/** Rows the edit pages of the matrix open. */
const ids = {
  classId: 0,
  carTypeId: 0,
  ownVehicle: 0,
  otherVehicle: 0,
  pageId: 0,
  newsId: 0,
  feePlanId: 0,
  optionId: 0,
};

async function addStaff(
  site: string,
  role: StaffRole,
  storesOf: number[] = [],
): Promise<{ cookie: string; id: number }> {
  const [row] = await handle.owner
    .insert(staff)
    .values({
      siteId: site,
      email: `${role}-${Math.random().toString(36).slice(2)}@example.com`,
      role,
      passwordHash: await hashPassword("not-used-here"),
    })
    .returning({ id: staff.id });
  if (!row) throw new Error("no staff");
  if (storesOf.length) {
    await handle.owner
      .insert(staffStores)
      .values(storesOf.map((storeId) => ({ siteId: site, staffId: row.id, storeId })));
  }
  const token = await startStaffSession(handle.forSite(site), site, { staffId: row.id, twoFactorPending: false });
  return { cookie: `asid_${site}=${token}; csrf=${CSRF}`, id: row.id };
}

const request = (target: string, init: RequestInit = {}) =>
  app.request(`${ORIGIN}${target}`, init, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });

/** A form post as the back office's pages send it: same origin, the CSRF token first. */
function post(target: string, cookie: string, fields: Record<string, string | readonly string[]>) {
  const body = new URLSearchParams({ _csrf: CSRF });
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  return request(target, {
    method: "POST",
    headers: {
      cookie,
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
      Accept: "text/html",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: body.toString(),
    redirect: "manual",
  });
}

const get = (target: string, cookie: string) =>
  request(target, { headers: { cookie, Accept: "text/html" }, redirect: "manual" });

/** A store form that passes every rule. */
const storeForm = (name: string) => ({
  store_name: name,
  pref_code: "0",
  business_hours_type: "2",
  business_start_time: "09:00",
  business_end_time: "18:00",
  display_order: "1",
  turnaround_minutes: "0",
  management_status: "1",
});

async function newStore(name: string): Promise<number> {
  const [row] = await handle.owner.insert(stores).values({ siteId, storeName: name }).returning({ id: stores.id });
  return row?.id as number;
}

/** A member the store registered who has no password yet (the first-password mail can go again). */
const storeMember = (site = siteId) =>
  createMember(handle.owner, site, {
    name: "店頭 登録",
    kana: "テントウ トウロク",
    email: `store-${Math.random().toString(36).slice(2)}@example.com`,
    passwordHash: null,
    registeredByStore: true,
  });

/** A member form that passes every rule (issue 24: registered at the store). */
const memberForm = (email = `walk-in-${Math.random().toString(36).slice(2)}@example.com`) => ({
  user_type: "1",
  name: "来店 花子",
  kana: "ライテン ハナコ",
  email,
  birth_year: "1990",
  birth_month: "4",
  birth_day: "15",
  tel: "090-1234-5678",
  zip: "1000001",
  pref_code: "13",
  address_a: "千代田区千代田1-1",
  locale: "en",
});

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decode(m[1] as string) : null;
};

/**
 * The fields a page's form (by its test id) would send as it stands: text, hidden, date and time
 * inputs, ticked boxes and radios, selected options and text areas. Posting them back is a save
 * that changes nothing, which every role allowed to save must be able to make.
 */
async function formAsItStands(target: string, testId: string): Promise<Record<string, string[]>> {
  const html = await (await get(target, cookies.get("owner") as string)).text();
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) throw new Error(`no form ${testId} on ${target}`);
  const form = html.slice(html.lastIndexOf("<form", start), html.indexOf("</form>", start));
  const fields: Record<string, string[]> = {};
  const add = (name: string | null, value: string) => {
    if (!name || name === "_csrf") return;
    fields[name] = [...(fields[name] ?? []), value];
  };
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const type = attr(tag, "type") ?? "text";
    if (type === "file" || type === "submit" || type === "button") continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked(=|\s|>|\/)/.test(tag)) continue;
    add(attr(tag, "name"), attr(tag, "value") ?? (type === "checkbox" ? "on" : ""));
  }
  for (const m of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g))
    add(attr(m[1] as string, "name"), decode(m[2] as string));
  for (const m of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const options = [...(m[2] as string).matchAll(/<option\b[^>]*>/g)].map((o) => o[0]);
    const chosen = options.find((o) => /\sselected(=|\s|>)/.test(o)) ?? options[0];
    if (chosen) add(attr(m[1] as string, "name"), attr(chosen, "value") ?? "");
  }
  return fields;
}

/** An action that saves a page's form unchanged. */
const saveAsItStands = (name: string, allowed: readonly StaffRole[], page: () => string, testId: string): Action => ({
  name,
  allowed,
  prepare: async () => ({ path: page(), fields: await formAsItStands(page(), testId) }),
});

interface Action {
  name: string;
  /** Roles that may; every other role gets a 403. */
  allowed: readonly StaffRole[];
  /** Roles to whom the target does not exist (another store's booking, for store staff): a 404. */
  hiddenFrom?: readonly StaffRole[];
  /** The path and the fields to post (a fresh target each time, so an allowed action succeeds every time). */
  prepare: () => Promise<{ path: string; fields: Record<string, string | readonly string[]> }>;
}

let counterBookings = 0;
const TOKYO = "Asia/Tokyo";
/** A booking paid at the store, at the store staff's store (0) or the other (1), on a day of its own. */
async function counterBooking(store: 0 | 1, extra: Partial<typeof reservations.$inferInsert> = {}) {
  counterBookings += 1;
  const day = addDays(localDate(new Date(), TOKYO), 20 + counterBookings);
  const [row] = await handle.owner
    .insert(reservations)
    .values({
      siteId,
      reserveNo: `M-${counterBookings}`,
      storeId: storeIds[store],
      carTypeId: ids.carTypeId,
      startAt: zonedInstant(day, "10:00", TOKYO),
      endAt: zonedInstant(day, "17:00", TOKYO),
      status: "confirmed",
      rentalFee: 5000,
      totalFee: 5000,
      locale: "ja",
      borrower: { name: "窓口 太郎", email: "madoguchi@example.com", tel: "+819011112222" },
      ...extra,
    })
    .returning();
  if (!row) throw new Error("no booking");
  return row;
}

/** A car of its own for a booking happening now (departures and returns need one free today). */
async function carNow(store: 0 | 1): Promise<number> {
  const [row] = await handle.owner
    .insert(vehicles)
    .values({ siteId, storeId: storeIds[store], carTypeId: ids.carTypeId, registrationNumber: `わ ${Math.random()}` })
    .returning({ id: vehicles.id });
  return row?.id as number;
}

const checks = Object.fromEntries(CHECK_ITEMS.map((item) => [`check_${item}`, "ok"]));
const nowAt = () => ({ date: localDate(new Date(), TOKYO), time: localTime(new Date(), TOKYO) });
const detailOf = (reserveNo: string) => `/admin/${siteId}/reservations/${reserveNo}`;

/** A booking happening now at `store`, with its own car: ready to depart, or (`departed`) to come back. */
async function bookingNow(store: 0 | 1, departed: boolean) {
  const vehicleId = await carNow(store);
  const now = Date.now();
  const row = await counterBooking(store, {
    startAt: new Date(now - (departed ? 2 : -1) * 3_600_000),
    endAt: new Date(now + 5 * 3_600_000),
    vehicleId,
    ...(departed ? { departedAt: new Date(now - 3_600_000), departureMileage: 0, departureFuel: 8 } : {}),
  });
  return { reserveNo: row.reserveNo, vehicleId };
}

/** The form of a change that keeps the booking as it is, with the total the quote reads out. */
async function unchangedBooking(store: 0 | 1) {
  const r = await counterBooking(store);
  const bundle = await loadSiteBundle(handle.forSite(siteId), siteId);
  if (!bundle) throw new Error("no bundle");
  const day = localDate(r.startAt, TOKYO);
  const input = parsed(ChangeSchema, {
    store_id: String(r.storeId),
    car_type_id: String(r.carTypeId),
    start_date: day,
    start_time: "10:00",
    end_date: day,
    end_time: "17:00",
    revision: "0",
  });
  const quote = await quoteChange(handle.forSite(siteId), siteId, r, { ...input, options: [] }, bundle, new Date());
  return {
    path: `${detailOf(r.reserveNo)}/change`,
    fields: {
      intent: "change",
      store_id: String(r.storeId),
      car_type_id: String(r.carTypeId),
      start_date: day,
      start_time: "10:00",
      end_date: day,
      end_time: "17:00",
      revision: "0",
      shown_total: String(quote.fees?.total),
    },
  };
}

/** A phone booking's form at `store`, with the total the counter's quote reads out. */
async function phoneBooking(store: 0 | 1) {
  counterBookings += 1;
  const day = addDays(localDate(new Date(), TOKYO), 20 + counterBookings);
  const fields = {
    store_id: String(storeIds[store]),
    car_type_id: String(ids.carTypeId),
    start_date: day,
    start_time: "10:00",
    end_date: day,
    end_time: "17:00",
    name: "電話 予約",
    tel: "090-1111-2222",
    locale: "ja",
    pay_method: "2",
    idempotency_key: `matrix-${Math.random().toString(36).slice(2)}-key`,
  };
  const bundle = await loadSiteBundle(handle.forSite(siteId), siteId);
  if (!bundle) throw new Error("no bundle");
  const quote = await quoteAtCounter(
    handle.forSite(siteId),
    siteId,
    OWNER,
    { ...parsed(PhoneBookingSchema, fields), options: [] },
    bundle,
    new Date(),
  );
  return {
    path: `/admin/${siteId}/reservations/new`,
    fields: { ...fields, intent: "book", shown_total: String(quote.fees?.total) },
  };
}

const COUNTER = ["owner", "manager", "store_staff"] as const;
const EVERY_STORE = ["owner", "manager"] as const;

/** Issue 24's counter: each action at the store staff's store, and (where it differs) at another. */
const COUNTER_ACTIONS: Action[] = [
  {
    name: "give a car to a booking at the store staff's store",
    allowed: COUNTER,
    prepare: async () => ({
      path: detailOf((await counterBooking(0)).reserveNo),
      fields: { intent: "assign", vehicle_id: String(ids.ownVehicle) },
    }),
  },
  {
    name: "give a car to a booking at another store",
    allowed: EVERY_STORE,
    hiddenFrom: ["store_staff"],
    prepare: async () => ({
      path: detailOf((await counterBooking(1)).reserveNo),
      fields: { intent: "assign", vehicle_id: String(ids.otherVehicle) },
    }),
  },
  {
    name: "record a departure",
    allowed: COUNTER,
    prepare: async () => {
      const { reserveNo, vehicleId } = await bookingNow(0, false);
      const at = nowAt();
      return {
        path: detailOf(reserveNo),
        fields: {
          intent: "depart",
          vehicle_id: String(vehicleId),
          departed_date: at.date,
          departed_time: at.time,
          mileage_km: "100",
          fuel: "8",
          ...checks,
        },
      };
    },
  },
  {
    name: "record a return",
    allowed: COUNTER,
    prepare: async () => {
      const { reserveNo } = await bookingNow(0, true);
      const at = nowAt();
      return {
        path: `${detailOf(reserveNo)}/return`,
        fields: {
          intent: "return",
          returned_date: at.date,
          returned_time: at.time,
          mileage_km: "120",
          fuel: "8",
          ...checks,
          other_charge: "0",
          shown_total: "0",
        },
      };
    },
  },
  {
    name: "cancel a booking at the store staff's store",
    allowed: COUNTER,
    prepare: async () => ({
      path: detailOf((await counterBooking(0)).reserveNo),
      // The confirmation's button, with the token of what it showed (no fee, nothing on a card).
      fields: { intent: "cancel", fee: "0", revision: "0", proposed_fee: "0", balance: "0" },
    }),
  },
  {
    name: "cancel a booking at another store",
    allowed: EVERY_STORE,
    hiddenFrom: ["store_staff"],
    prepare: async () => ({
      path: detailOf((await counterBooking(1)).reserveNo),
      // The confirmation's button, with the token of what it showed (no fee, nothing on a card).
      fields: { intent: "cancel", fee: "0", revision: "0", proposed_fee: "0", balance: "0" },
    }),
  },
  {
    name: "send the confirmation again",
    allowed: COUNTER,
    prepare: async () => ({ path: detailOf((await counterBooking(0)).reserveNo), fields: { intent: "resend" } }),
  },
  { name: "change a booking at the store staff's store", allowed: COUNTER, prepare: () => unchangedBooking(0) },
  { name: "take a phone booking at the store staff's store", allowed: COUNTER, prepare: () => phoneBooking(0) },
  { name: "take a phone booking at another store", allowed: EVERY_STORE, prepare: () => phoneBooking(1) },
  {
    name: "change a booking at another store",
    allowed: EVERY_STORE,
    hiddenFrom: ["store_staff"],
    prepare: () => unchangedBooking(1),
  },
];

const ACTIONS: Action[] = [
  {
    name: "add a store",
    allowed: ["owner", "manager"],
    prepare: async () => ({ path: `/admin/${siteId}/stores/new`, fields: storeForm("新店") }),
  },
  {
    name: "edit the store staff's store",
    allowed: ["owner", "manager", "store_staff"],
    prepare: async () => ({ path: `/admin/${siteId}/stores/${storeIds[0]}`, fields: storeForm("本店") }),
  },
  {
    name: "edit another store (by URL)",
    allowed: ["owner", "manager"],
    prepare: async () => ({ path: `/admin/${siteId}/stores/${storeIds[1]}`, fields: storeForm("空港店") }),
  },
  {
    name: "delete a store",
    allowed: ["owner", "manager"],
    prepare: async () => ({
      path: `/admin/${siteId}/stores/${await newStore("消す店")}`,
      fields: { intent: "delete" },
    }),
  },
  saveAsItStands("save the site settings", ["owner", "manager"], () => `/admin/${siteId}/settings`, "settings-form"),
  saveAsItStands("save the design", ["owner", "manager"], () => `/admin/${siteId}/theme`, "theme-form"),
  saveAsItStands(
    "save the cancellation settings",
    ["owner", "manager"],
    () => `/admin/${siteId}/cancellation`,
    "cancellation-form",
  ),
  saveAsItStands(
    "save a car class",
    ["owner", "manager"],
    () => `/admin/${siteId}/classes/${ids.classId}`,
    "class-form",
  ),
  saveAsItStands(
    "save a car type",
    ["owner", "manager"],
    () => `/admin/${siteId}/car-types/${ids.carTypeId}`,
    "car-type-form",
  ),
  saveAsItStands(
    "save a vehicle of the store staff's store",
    ["owner", "manager", "store_staff"],
    () => `/admin/${siteId}/vehicles/${ids.ownVehicle}`,
    "vehicle-form",
  ),
  saveAsItStands(
    "save a vehicle of another store",
    ["owner", "manager"],
    () => `/admin/${siteId}/vehicles/${ids.otherVehicle}`,
    "vehicle-form",
  ),
  saveAsItStands(
    "save a fee plan",
    ["owner", "manager"],
    () => `/admin/${siteId}/fee-plans/${ids.feePlanId}`,
    "fee-plan-form",
  ),
  saveAsItStands(
    "save an option",
    ["owner", "manager"],
    () => `/admin/${siteId}/options/${ids.optionId}`,
    "option-form",
  ),
  saveAsItStands("save the damage waiver", ["owner", "manager"], () => `/admin/${siteId}/immunity`, "immunity-form"),
  saveAsItStands("save a custom page", ["owner", "manager"], () => `/admin/${siteId}/pages/${ids.pageId}`, "page-form"),
  saveAsItStands("save the top page's text", ["owner", "manager"], () => `/admin/${siteId}/pages/top`, "top-text-form"),
  saveAsItStands("save a news item", ["owner", "manager"], () => `/admin/${siteId}/news/${ids.newsId}`, "news-form"),
  saveAsItStands("save an SEO text", ["owner", "manager"], () => `/admin/${siteId}/seo/top`, "seo-form"),
  saveAsItStands(
    "save the driver fields",
    ["owner", "manager"],
    () => `/admin/${siteId}/driver-settings`,
    "driver-settings-form",
  ),
  saveAsItStands("save the payment methods", ["owner"], () => `/admin/${siteId}/settlement`, "settlement-form"),
  {
    name: "register a member at the store",
    allowed: ["owner", "manager", "store_staff"],
    prepare: async () => ({ path: `/admin/${siteId}/members/new`, fields: memberForm() }),
  },
  {
    name: "send a member's first-password mail again",
    allowed: ["owner", "manager", "store_staff"],
    prepare: async () => ({ path: `/admin/${siteId}/members/${await storeMember()}`, fields: { intent: "resend" } }),
  },
  {
    name: "invite staff",
    allowed: ["owner"],
    prepare: async () => ({
      path: `/admin/${siteId}/staff/new`,
      fields: { email: `inv-${Math.random().toString(36).slice(2)}@example.com`, role: "read_only", locale: "ja" },
    }),
  },
  {
    name: "change a staff member's role",
    allowed: ["owner"],
    prepare: async () => ({
      path: `/admin/${siteId}/staff/${(await addStaff(siteId, "read_only")).id}`,
      fields: { role: "manager", active: "1" },
    }),
  },
];

beforeAll(async () => {
  handle = await createTestDb();
  const site = await makeSite(handle.owner, { stores: [{ storeName: "本店" }, { storeName: "空港店" }] });
  siteId = site.siteId;
  storeIds = site.storeIds as [number, number];
  const catalogue = await createCatalogue(handle.owner, siteId, storeIds, {
    classes: [{ key: "c", className: "コンパクト" }],
    carTypes: [{ key: "t", classKey: "c", typeName: "ヤリス", capacity: 5 }],
    vehicles: [
      { store: 0, typeKey: "t", count: 1 },
      { store: 1, typeKey: "t", count: 1 },
    ],
    feePlans: [
      { store: 0, classKey: "c", ...NIGHTS },
      { store: 1, classKey: "c", ...NIGHTS },
    ],
    options: [{ optionName: "チャイルドシート", price: 550, priceUnit: 2 }],
  });
  ids.classId = catalogue.classIds.c as number;
  ids.carTypeId = catalogue.typeIds.t as number;
  const cars = await handle
    .forSite(siteId)
    .select()
    .from(vehicles)
    .where(eq(vehicles.siteId, siteId))
    .orderBy(vehicles.id);
  ids.ownVehicle = cars.find((v) => v.storeId === storeIds[0])?.id as number;
  ids.otherVehicle = cars.find((v) => v.storeId === storeIds[1])?.id as number;
  ids.feePlanId = (
    await handle.forSite(siteId).select({ id: feePlans.id }).from(feePlans).where(eq(feePlans.siteId, siteId))
  )[0]?.id as number;
  ids.optionId = (
    await handle.forSite(siteId).select({ id: carOptions.id }).from(carOptions).where(eq(carOptions.siteId, siteId))
  )[0]?.id as number;
  const [page] = await handle.owner
    .insert(customPages)
    .values({ siteId, pageUrl: "company", pageTitle: "会社案内", pageContents: "本文" })
    .returning({ id: customPages.id });
  ids.pageId = page?.id as number;
  const [news] = await handle.owner
    .insert(siteNews)
    .values({ siteId, publishedOn: "2026-11-01", title: "お知らせ", body: "本文" })
    .returning({ id: siteNews.id });
  ids.newsId = news?.id as number;
  const other = await makeSite(handle.owner);
  otherSiteId = other.siteId;
  otherSiteStore = other.storeIds[0] as number;
  const entry = pathToFileURL(path.resolve("build/server/index.js")).href;
  build = (await import(/* @vite-ignore */ entry)) as ServerBuild;
  app = createApp({ ...testServices(handle.forSite("")), database: handle.server, build, mode: "production" });
  for (const role of ROLES) {
    cookies.set(role, (await addStaff(siteId, role, role === "store_staff" ? [storeIds[0]] : [])).cookie);
  }
  cookies.set("other-owner", (await addStaff(otherSiteId, "owner")).cookie);
});
afterAll(() => handle?.close());

describe("the role matrix: each role × each back-office action, on the server", () => {
  for (const action of [...ACTIONS, ...COUNTER_ACTIONS]) {
    for (const role of ROLES) {
      const allowed = action.allowed.includes(role);
      it(`${role} ${allowed ? "may" : "may not"} ${action.name}`, async () => {
        const { path: target, fields } = await action.prepare();
        const response = await post(target, cookies.get(role) as string, fields);
        if (allowed) {
          expect(response.status, await response.clone().text()).toBe(302);
        } else if (action.hiddenFrom?.includes(role)) {
          expect(response.status).toBe(404);
        } else {
          expect(response.status).toBe(403);
          // The refusal says why, in the staff member's language.
          expect(await response.text()).toMatch(/権限がありません|permission/);
        }
      });
    }
  }

  it("owner-only pages answer 403 to everyone else, and every role may read the stores", async () => {
    for (const role of ROLES) {
      const cookie = cookies.get(role) as string;
      expect((await get(`/admin/${siteId}/staff`, cookie)).status, role).toBe(role === "owner" ? 200 : 403);
      expect((await get(`/admin/${siteId}/audit`, cookie)).status, role).toBe(role === "owner" ? 200 : 403);
      expect((await get(`/admin/${siteId}/stores`, cookie)).status, role).toBe(200);
    }
  });

  it("the integrations (API keys, webhooks, calendar feeds) are the owner's alone, read and change", async () => {
    for (const role of ROLES) {
      const cookie = cookies.get(role) as string;
      const owner = role === "owner";
      for (const page of ["api-keys", "webhooks", "calendar-feeds"]) {
        expect((await get(`/admin/${siteId}/${page}`, cookie)).status, `${role} ${page}`).toBe(owner ? 200 : 403);
      }
      const key = await post(`/admin/${siteId}/api-keys`, cookie, {
        intent: "create",
        name: `key of ${role}`,
        scopes: ["catalog:read"],
        rate_limit: "60",
      });
      expect(key.status, role).toBe(owner ? 200 : 403);
      if (owner) expect(await key.text()).toMatch(/rcb_[A-Za-z0-9_-]{43}/);
      const hook = await post(`/admin/${siteId}/webhooks`, cookie, {
        intent: "create",
        url: "https://hooks.example.com/rentacar",
      });
      expect(hook.status, role).toBe(owner ? 302 : 403);
      const feed = await post(`/admin/${siteId}/calendar-feeds`, cookie, {
        intent: "create",
        store_id: String(storeIds[0]),
      });
      expect(feed.status, role).toBe(owner ? 200 : 403);
    }
  });

  it("every role may find and read members; registering one needs the right to", async () => {
    const memberId = await storeMember();
    for (const role of ROLES) {
      const cookie = cookies.get(role) as string;
      expect((await get(`/admin/${siteId}/members?q=店頭`, cookie)).status, role).toBe(200);
      expect((await get(`/admin/${siteId}/members/${memberId}`, cookie)).status, role).toBe(200);
      expect((await get(`/admin/${siteId}/members/new`, cookie)).status, role).toBe(role === "read_only" ? 403 : 200);
    }
  });
});

describe("tenancy of the back office", () => {
  it("another site's staff session opens nothing here: every page asks to sign in, every post is refused", async () => {
    const foreign = cookies.get("other-owner") as string;
    for (const target of [
      "",
      "/stores",
      `/stores/${storeIds[0]}`,
      "/staff",
      "/audit",
      "/import",
      "/members",
      "/today",
      "/takings",
      "/takings/export",
      "/reservations",
      "/dispatch",
      "/reservations/new",
    ]) {
      const response = await get(`/admin/${siteId}${target}`, foreign);
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location")).toContain(`/admin/${siteId}/login`);
    }
    const write = await post(`/admin/${siteId}/stores/${storeIds[0]}`, foreign, storeForm("乗っ取り"));
    expect([302, 403]).toContain(write.status);
    expect(write.headers.get("location") ?? "").toContain("/login");
  });

  it("another site's ids answer 404, whether named by URL or by form field", async () => {
    const owner = cookies.get("owner") as string;
    expect((await get(`/admin/${siteId}/stores/${otherSiteStore}`, owner)).status).toBe(404);
    expect((await post(`/admin/${siteId}/stores/${otherSiteStore}`, owner, storeForm("x"))).status).toBe(404);
    const invite = await post(`/admin/${siteId}/staff/new`, owner, {
      email: "tenant@example.com",
      role: "store_staff",
      store_ids: [String(otherSiteStore)],
      locale: "ja",
    });
    expect(invite.status).toBe(422);
    expect(await invite.text()).toContain("一覧から選択してください");
    // A member of another site, or a number that is none, is the back office's 404, never a 500.
    const foreignMember = await storeMember(otherSiteId);
    for (const target of [`/members/${foreignMember}`, "/members/abc", "/members/99999999999"]) {
      expect((await get(`/admin/${siteId}${target}`, owner)).status, target).toBe(404);
    }
    expect((await post(`/admin/${siteId}/members/${foreignMember}`, owner, { intent: "resend" })).status).toBe(404);
  });

  it("another site's bookings and cars answer 404 or a field error at the counter, never a change", async () => {
    const owner = cookies.get("owner") as string;
    const theirs = await createCatalogue(handle.owner, otherSiteId, [otherSiteStore], {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "フィット", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 1 }],
    });
    const [booking] = await handle.owner
      .insert(reservations)
      .values({
        siteId: otherSiteId,
        reserveNo: "THEIRS-1",
        storeId: otherSiteStore,
        carTypeId: theirs.typeIds.t as number,
        startAt: new Date(Date.now() + 100 * 3_600_000),
        endAt: new Date(Date.now() + 105 * 3_600_000),
        status: "confirmed",
        locale: "ja",
      })
      .returning();
    for (const target of ["/reservations/THEIRS-1", "/reservations/THEIRS-1/change"]) {
      expect((await get(`/admin/${siteId}${target}`, owner)).status, target).toBe(404);
    }
    expect((await post(`/admin/${siteId}/reservations/THEIRS-1`, owner, { intent: "cancel", fee: "0" })).status).toBe(
      404,
    );
    const [theirCar] = await handle
      .forSite(otherSiteId)
      .select()
      .from(vehicles)
      .where(eq(vehicles.siteId, otherSiteId));
    const mine = await counterBooking(0);
    const assign = await post(detailOf(mine.reserveNo), owner, { intent: "assign", vehicle_id: String(theirCar?.id) });
    expect(assign.status).toBe(422);
    const [after] = await handle
      .forSite(otherSiteId)
      .select()
      .from(reservations)
      .where(eq(reservations.id, booking?.id as number));
    expect(after).toMatchObject({ status: "confirmed", vehicleId: null });
  });

  it("a member's address already registered on this site is a field error, and the form keeps what was typed", async () => {
    const owner = cookies.get("owner") as string;
    const email = `twice-${Math.random().toString(36).slice(2)}@example.com`;
    expect((await post(`/admin/${siteId}/members/new`, owner, memberForm(email))).status).toBe(302);
    const again = await post(`/admin/${siteId}/members/new`, owner, memberForm(email.toUpperCase()));
    expect(again.status).toBe(422);
    const html = await again.text();
    expect(html).toContain("このメールアドレスの会員はすでに登録されています");
    expect(html).toContain(`value="${email.toUpperCase()}"`);
    expect(html).toContain('value="来店 花子"');
    const rows = await handle.forSite(siteId).select({ id: members.id }).from(members).where(eq(members.email, email));
    expect(rows).toHaveLength(1);
  });
});

describe("the cancellation settings' page", () => {
  const stored = async () =>
    (
      await handle
        .forSite(siteId)
        .select({ on: siteSettings.customerCancel, fees: siteSettings.cancellationFees })
        .from(siteSettings)
        .where(eq(siteSettings.siteId, siteId))
    )[0];
  const page = () => `/admin/${siteId}/cancellation`;
  const schedule = (rows: [string, string][]) => ({
    customer_cancel: ["0", "1"],
    customer_cancel_deadline_hours: "24",
    ...Object.fromEntries(
      rows.flatMap(([days, percent], row) => [
        [`fee_days_${row}`, days],
        [`fee_percent_${row}`, percent],
      ]),
    ),
  });

  it("refuses a repeated day and a percent over 100 at their fields, with what was typed, and saves nothing", async () => {
    const owner = cookies.get("owner") as string;
    const before = await stored();
    const response = await post(
      page(),
      owner,
      schedule([
        ["3", "50"],
        ["3", "150"],
        ["", ""],
      ]),
    );
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toMatch(/3日前の段階が重複しています|already a step for 3 days before/);
    expect(html).toMatch(/0〜100の範囲で入力してください|from 0 to 100/);
    expect(html).toContain('value="150"');
    expect(await stored()).toEqual(before);
  });

  it("saves a good schedule nearest first", async () => {
    const owner = cookies.get("owner") as string;
    const response = await post(
      page(),
      owner,
      schedule([
        ["3", "50"],
        ["", ""],
        ["0", "100"],
      ]),
    );
    expect(response.status).toBe(302);
    expect(await stored()).toEqual({
      on: true,
      fees: [
        { daysBefore: 0, percent: 100 },
        { daysBefore: 3, percent: 50 },
      ],
    });
  });
});

describe("the flash after a save", () => {
  it("waits for the page's data: the root's own data request (a route with a clientLoader) neither takes nor clears it", async () => {
    const owner = cookies.get("owner") as string;
    const saved = await post(`/admin/${siteId}/stores/${storeIds[0]}`, owner, storeForm("本店"));
    expect(saved.status).toBe(302);
    const flash = /admin_flash=([^;]*)/.exec(saved.headers.get("set-cookie") ?? "")?.[1];
    expect(flash).toBeTruthy();
    const withFlash = `${owner}; admin_flash=${flash}`;
    const page = `/admin/${siteId}/stores/${storeIds[0]}.data`;
    // React Router sends both at once after a form; either answer may come first.
    const root = await get(`${page}?_routes=root`, withFlash);
    expect(root.status).toBe(200);
    expect(root.headers.getSetCookie().filter((c) => c.startsWith("admin_flash="))).toEqual([]);
    const data = await get(`${page}?_routes=admin%2Cadmin-store-edit`, withFlash);
    expect(await data.text()).toContain("admin.flash.saved");
    expect(data.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^admin_flash=;.*Max-Age=0/));
  });
});
