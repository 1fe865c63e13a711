import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditLog } from "#server/audit/audit-log";
import { reservations, storeHolidays, stores } from "#server/db/schema";
import { createCatalogue } from "#server/db/seed/catalogue-factory";
import { AppError } from "#server/errors";
import type { Actor, StaffRole } from "#server/staff/permissions";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { type StoreInput, StoreSchema } from "./store.schema";
import { createStore, deleteStore, getStore, listStores, updateStore } from "./stores";

let handle: TestDb;
let siteId: string;
let storeIds: number[];
let otherSiteStore: number;
let otherSiteId: string;

const actor = (role: StaffRole, ids: number[] = []): Actor => ({
  id: 1,
  staffId: 1,
  email: `${role}@example.com`,
  name: `${role}@example.com`,
  role,
  storeIds: ids,
});
const owner = actor("owner");

/** A store form as the browser sends it. */
function raw(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    store_name: "港店",
    store_name_en: "Harbour Store",
    zip: "900-0001",
    pref_code: "47",
    address_a: "那覇市港町1-1",
    tel: "098-000-0000",
    email: "",
    business_hours_type: "2",
    business_start_time: "09:00",
    business_end_time: "18:00",
    regular_holiday_week: ["3"],
    regular_holiday_dates: "",
    holiday_dates: "2099-12-31\n2099-01-01",
    high_season_week: [],
    high_season_dates: "",
    reserve_max_date: "",
    closed_date: "",
    display_order: "5",
    turnaround_minutes: "0",
    management_status: "1",
    ...overrides,
  };
}

/** The same, parsed by the form's schema. */
function input(overrides: Record<string, unknown> = {}): StoreInput {
  const parsed = StoreSchema.safeParse(raw(overrides));
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, code: error.details.reason?.code, fields: error.details.fieldErrors ?? {} };
  }
  throw new Error("expected a refusal");
}

beforeAll(async () => {
  handle = await createTestDb();
  const site = await makeSite(handle.owner, {
    stores: [{ storeName: "本店" }, { storeName: "空港店" }],
  });
  siteId = site.siteId;
  storeIds = site.storeIds;
  const otherSite = await makeSite(handle.owner);
  otherSiteId = otherSite.siteId;
  otherSiteStore = otherSite.storeIds[0] as number;
});
afterAll(() => handle.close());

describe("the store form's schema", () => {
  it("reads weekday lists, day numbers and dates in any common notation, and refuses hours the wrong way round", () => {
    const v = input({ regular_holiday_dates: "15，1 15", high_season_dates: "2099/08/10, 2099-08-11" });
    expect(v.regular_holiday_dates).toEqual([1, 15]);
    expect(v.high_season_dates).toEqual(["2099-08-10", "2099-08-11"]);
    expect(v.holiday_dates).toEqual(["2099-01-01", "2099-12-31"]);
    const bad = StoreSchema.safeParse(
      raw({ business_start_time: "19:00", business_end_time: "18:00", regular_holiday_dates: "32" }),
    );
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    expect(paths).toEqual(
      expect.arrayContaining(["business_end_time:hours_order", "regular_holiday_dates:number_range"]),
    );
  });
});

describe("stores in the back office", () => {
  it("creates a store with its holidays and audits it; a change audits only the fields that changed", async () => {
    const { storeId } = await createStore(handle.forSite(siteId), siteId, owner, input());
    const store = await getStore(handle.forSite(siteId), siteId, owner, storeId);
    expect(store).toMatchObject({
      storeName: "港店",
      storeNameEn: "Harbour Store",
      storeNameKr: null,
      prefCode: 47,
      regularHolidayWeek: [3],
      holidayDates: ["2099-01-01", "2099-12-31"],
      displayOrder: 5,
    });
    await updateStore(
      handle.forSite(siteId),
      siteId,
      owner,
      storeId,
      input({ tel: "098-111-1111", holiday_dates: "2099-01-01" }),
    );
    const [update, create] = await listAuditLog(handle.forSite(siteId), siteId, owner);
    expect(create).toMatchObject({ action: "store.create", entityId: String(storeId) });
    expect(update).toMatchObject({
      action: "store.update",
      before: { tel: "098-000-0000", holidayDates: ["2099-01-01", "2099-12-31"] },
      after: { tel: "098-111-1111", holidayDates: ["2099-01-01"] },
    });
    const holidays = await handle
      .forSite(siteId)
      .select()
      .from(storeHolidays)
      .where(eq(storeHolidays.storeId, storeId));
    expect(holidays.map((h) => h.holidayDate)).toEqual(["2099-01-01"]);
  });

  it("refuses a holiday newly added in the past, but keeps one saved earlier", async () => {
    const { storeId } = await createStore(handle.forSite(siteId), siteId, owner, input({ holiday_dates: "" }));
    expect(
      await refusal(
        updateStore(handle.forSite(siteId), siteId, owner, storeId, input({ holiday_dates: "2020-05-05" })),
      ),
    ).toMatchObject({
      status: 422,
      fields: { holiday_dates: { code: "date_past" } },
    });
    await handle.owner.insert(storeHolidays).values({ siteId, storeId, holidayDate: "2020-05-05" });
    await updateStore(
      handle.forSite(siteId),
      siteId,
      owner,
      storeId,
      input({ holiday_dates: "2020-05-05\n2099-05-05", tel: "1" }),
    );
    expect((await getStore(handle.forSite(siteId), siteId, owner, storeId)).holidayDates).toEqual([
      "2020-05-05",
      "2099-05-05",
    ]);
  });

  it("store staff see and edit only their stores; read-only staff change nothing; another site's store is not found", async () => {
    const [mine, theirs] = storeIds as [number, number];
    const clerk = actor("store_staff", [mine]);
    expect((await listStores(handle.forSite(siteId), siteId, clerk)).map((s) => s.id)).toEqual([mine]);
    await updateStore(handle.forSite(siteId), siteId, clerk, mine, input({ store_name: "本店（改）" }));
    expect(await refusal(updateStore(handle.forSite(siteId), siteId, clerk, theirs, input()))).toMatchObject({
      status: 403,
    });
    expect(await refusal(getStore(handle.forSite(siteId), siteId, clerk, theirs))).toMatchObject({ status: 404 });
    expect(await refusal(createStore(handle.forSite(siteId), siteId, clerk, input()))).toMatchObject({ status: 403 });
    expect(await refusal(updateStore(handle.forSite(siteId), siteId, actor("read_only"), mine, input()))).toMatchObject(
      {
        status: 403,
      },
    );
    expect(await refusal(getStore(handle.forSite(siteId), siteId, owner, otherSiteStore))).toMatchObject({
      status: 404,
    });
    expect(await refusal(updateStore(handle.forSite(siteId), siteId, owner, otherSiteStore, input()))).toMatchObject({
      status: 404,
    });
    const [untouched] = await handle.forSite(otherSiteId).select().from(stores).where(eq(stores.id, otherSiteStore));
    expect(untouched?.storeName).not.toBe("港店");
  });

  it("deletes an unused store; one with bookings to come or a past is refused", async () => {
    const { storeId: unused } = await createStore(handle.forSite(siteId), siteId, owner, input({ holiday_dates: "" }));
    await deleteStore(handle.forSite(siteId), siteId, owner, unused);
    expect(await refusal(getStore(handle.forSite(siteId), siteId, owner, unused))).toMatchObject({ status: 404 });

    const site = await makeSite(handle.owner);
    const storeId = site.storeIds[0] as number;
    const catalogue = await createCatalogue(handle.owner, site.siteId, [storeId], {
      classes: [{ key: "c", className: "C" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "T", capacity: 4 }],
      vehicles: [{ store: 0, typeKey: "t", count: 2 }],
    });
    const carTypeId = Object.values(catalogue.typeIds)[0] as number;
    const day = 86_400_000;
    const [booking] = await handle.owner
      .insert(reservations)
      .values({
        siteId: site.siteId,
        reserveNo: "T-1",
        storeId,
        carTypeId,
        startAt: new Date(Date.now() + 5 * day),
        endAt: new Date(Date.now() + 6 * day),
      })
      .returning({ id: reservations.id });
    const siteOwner = { ...owner };
    expect(await refusal(deleteStore(handle.forSite(site.siteId), site.siteId, siteOwner, storeId))).toMatchObject({
      status: 422,
      code: "has_future_bookings",
    });
    await handle.owner
      .update(reservations)
      .set({ startAt: new Date(Date.now() - 6 * day), endAt: new Date(Date.now() - 5 * day) })
      .where(eq(reservations.id, booking?.id ?? 0));
    expect(await refusal(deleteStore(handle.forSite(site.siteId), site.siteId, siteOwner, storeId))).toMatchObject({
      code: "in_use",
    });
    expect(
      await refusal(deleteStore(handle.forSite(site.siteId), site.siteId, actor("manager"), 999_999)),
    ).toMatchObject({
      status: 404,
    });
  });
});
