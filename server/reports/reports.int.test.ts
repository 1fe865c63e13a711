import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservations } from "#server/db/schema";
import { NIGHTS } from "#tests/fixtures/fee-plans";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, MANAGER, OWNER, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { bookingsReport } from "./bookings";
import { occupancyReport } from "./occupancy";
import { type ReportPeriod, reportPeriod } from "./report.schema";

/** The owner's numbers against bookings made here, read as the app role (issue 41). */

let handle: TestDb;
let site: { siteId: string; naha: number; ishigaki: number; aqua: number; van: number; compact: number; large: number };

const TZ = "Asia/Tokyo";
/** A Tokyo wall-clock time as an instant. */
const jst = (date: string, time = "10:00") => new Date(`${date}T${time}:00+09:00`);

beforeAll(async () => {
  handle = await createTestDb();
  const made = await makeSite(handle.owner, {
    stores: [
      { storeName: "那覇空港店", storeNameEn: "Naha Airport", tel: "098-000-0000" },
      { storeName: "石垣店", tel: "0980-00-0000" },
    ],
    catalogue: {
      classes: [
        { key: "c", className: "コンパクト", classNameEn: "Compact" },
        { key: "l", className: "ワゴン" },
      ],
      carTypes: [
        { key: "aqua", classKey: "c", typeName: "アクア", capacity: 5 },
        { key: "van", classKey: "l", typeName: "ノア", capacity: 8 },
      ],
      vehicles: [
        { store: 0, typeKey: "aqua", count: 2 },
        { store: 0, typeKey: "van", count: 1 },
        { store: 1, typeKey: "aqua", count: 1 },
      ],
      feePlans: [
        { store: 0, classKey: "c", ...NIGHTS },
        { store: 0, classKey: "l", ...NIGHTS },
        { store: 1, classKey: "c", ...NIGHTS },
      ],
    },
  });
  site = {
    siteId: made.siteId,
    naha: made.storeIds[0] as number,
    ishigaki: made.storeIds[1] as number,
    aqua: made.catalogue?.typeIds.aqua as number,
    van: made.catalogue?.typeIds.van as number,
    compact: made.catalogue?.classIds.c as number,
    large: made.catalogue?.classIds.l as number,
  };
  let n = 0;
  const book = (values: Partial<typeof reservations.$inferInsert>) =>
    handle.owner.insert(reservations).values({
      siteId: site.siteId,
      reserveNo: `R-${++n}`,
      storeId: site.naha,
      carTypeId: site.aqua,
      startAt: jst("2026-12-10"),
      endAt: jst("2026-12-11"),
      status: "confirmed",
      locale: "ja",
      totalFee: 10_000,
      ...values,
    });
  // Naha, compact: 24 h inside the period, plus a rental that began before it (12 h inside).
  await book({ createdAt: jst("2026-12-01"), startAt: jst("2026-12-10"), endAt: jst("2026-12-11") });
  await book({
    createdAt: jst("2026-11-20"),
    startAt: jst("2026-11-30", "12:00"),
    endAt: jst("2026-12-01", "12:00"),
    totalFee: 8_000,
  });
  // Naha, van: booked the same day, in English, on the phone at the counter, with an extra charge.
  await book({
    createdAt: jst("2026-12-02", "08:00"),
    startAt: jst("2026-12-02", "12:00"),
    endAt: jst("2026-12-02", "18:00"),
    carTypeId: site.van,
    locale: "en",
    channel: "counter",
    counterContact: "phone",
    totalFee: 6_000,
    extraFee: 1_500,
  });
  // Cancelled (keeps its fee), lapsed and held bookings rent nothing; only the cancelled one counts as booked.
  await book({
    createdAt: jst("2026-12-08"),
    startAt: jst("2026-12-20"),
    endAt: jst("2026-12-22"),
    status: "cancelled",
    cancelledAt: jst("2026-12-09"),
    cancellationFee: 3_000,
    locale: "ko",
  });
  await book({ createdAt: jst("2026-12-08"), status: "expired" });
  await book({
    createdAt: jst("2026-12-08"),
    status: "held",
    holdExpiresAt: jst("2026-12-08", "11:00"),
  });
  // Ishigaki: booked 40 days ahead through the API.
  await book({
    createdAt: jst("2026-12-03"),
    storeId: site.ishigaki,
    startAt: jst("2027-01-12"),
    endAt: jst("2027-01-13"),
    channel: "api",
    locale: "zh-TW",
  });
});
afterAll(() => handle.close());

const december = (step: ReportPeriod["step"] = "day", storeId: number | null = null): ReportPeriod => ({
  from: "2026-12-01",
  to: "2026-12-31",
  storeId,
  step,
  timeZone: TZ,
});

describe("occupancy", () => {
  it("is rented vehicle-hours over available vehicle-hours, per store and class", async () => {
    const rows = await occupancyReport(handle.forSite(site.siteId), site.siteId, OWNER, december());
    const hours = 31 * 24;
    expect(rows.map((r) => [r.storeName, r.className, r.vehicles, r.availableHours, r.rentedHours])).toEqual([
      ["那覇空港店", "コンパクト", 2, 2 * hours, 24 + 12],
      ["那覇空港店", "ワゴン", 1, hours, 6],
      ["石垣店", "コンパクト", 1, hours, 0],
    ]);
    expect(rows[0]?.rate).toBeCloseTo(36 / (2 * hours), 6);
    expect(rows[0]?.storeNameEn).toBe("Naha Airport");
    expect(rows[0]?.classNameEn).toBe("Compact");
  });

  it("keeps to one store when asked", async () => {
    const rows = await occupancyReport(
      handle.forSite(site.siteId),
      site.siteId,
      MANAGER,
      december("day", site.ishigaki),
    );
    expect(rows.map((r) => r.storeId)).toEqual([site.ishigaki]);
  });

  it("is for owners and managers only", async () => {
    const db = handle.forSite(site.siteId);
    await expect(occupancyReport(db, site.siteId, READ_ONLY, december())).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      bookingsReport(db, site.siteId, actorAs("store_staff", [site.naha]), december()),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("bookings taken", () => {
  it("counts bookings, sales and cancellations by day, week and month", async () => {
    const db = handle.forSite(site.siteId);
    const byDay = await bookingsReport(db, site.siteId, OWNER, december("day"));
    // The November booking, the lapsed and the held one are not December's bookings.
    expect(byDay.totals).toEqual({
      bookings: 4,
      sales: 10_000 + 7_500 + 3_000 + 10_000,
      cancelled: 1,
      cancellationRate: 0.25,
    });
    expect(byDay.series).toHaveLength(31);
    const day = (d: string) => byDay.series.find((b) => b.start === d);
    expect(day("2026-12-01")).toMatchObject({ bookings: 1, sales: 10_000, cancelled: 0 });
    expect(day("2026-12-02")).toMatchObject({ bookings: 1, sales: 7_500 });
    expect(day("2026-12-08")).toMatchObject({ bookings: 1, sales: 3_000, cancelled: 1, cancellationRate: 1 });
    expect(day("2026-12-05")).toMatchObject({ bookings: 0, sales: 0, cancellationRate: null });

    const byWeek = await bookingsReport(db, site.siteId, OWNER, december("week"));
    // Weeks start on Monday: 2026-11-30 holds December 1st to 6th.
    expect(byWeek.series.map((b) => [b.start, b.bookings, b.sales])).toEqual([
      ["2026-11-30", 3, 27_500],
      ["2026-12-07", 1, 3_000],
      ["2026-12-14", 0, 0],
      ["2026-12-21", 0, 0],
      ["2026-12-28", 0, 0],
    ]);
    const byMonth = await bookingsReport(db, site.siteId, OWNER, december("month"));
    expect(byMonth.series).toEqual([
      { start: "2026-12-01", bookings: 4, sales: 30_500, cancelled: 1, cancellationRate: 0.25 },
    ]);
  });

  it("gives the lead time's distribution and the language and channel mix", async () => {
    const report = await bookingsReport(handle.forSite(site.siteId), site.siteId, OWNER, december());
    const bands = Object.fromEntries(report.leadTime.bands.map((b) => [b.key, b.bookings]));
    // 9 days (12/01 → 12/10), 0 (same day), 12 (12/08 → 12/20), 40 (12/03 → 01/12).
    expect(bands).toEqual({ "0": 1, "1-3": 0, "4-7": 0, "8-14": 2, "15-30": 0, "31-60": 1, "61+": 0 });
    expect(report.leadTime.medianDays).toBe(10.5);
    expect(report.languages.map((l) => [l.key, l.bookings, l.sales])).toEqual([
      ["en", 1, 7_500],
      ["ja", 1, 10_000],
      ["ko", 1, 3_000],
      ["zh-TW", 1, 10_000],
    ]);
    expect(report.channels.map((c) => [c.key, c.bookings, c.share])).toEqual([
      ["web", 2, 0.5],
      ["api", 1, 0.25],
      ["counter_phone", 1, 0.25],
    ]);
  });

  it("keeps to one store when asked", async () => {
    const report = await bookingsReport(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      december("month", site.ishigaki),
    );
    expect(report.totals).toMatchObject({ bookings: 1, sales: 10_000, cancelled: 0 });
  });
});

describe("the period from the query string", () => {
  it("defaults to the last 30 days, swaps a reversed range and caps it at 366 days", () => {
    const p = (q: string) => reportPeriod(new URLSearchParams(q), "2026-12-31", TZ);
    expect(p("")).toMatchObject({ from: "2026-12-02", to: "2026-12-31", storeId: null, step: "day" });
    expect(p("from=2026/12/10&to=2026-12-01&step=week&store=4")).toMatchObject({
      from: "2026-12-01",
      to: "2026-12-10",
      step: "week",
      storeId: 4,
    });
    expect(p("from=2020-01-01&to=2026-12-31").from).toBe("2025-12-31");
    expect(p("from=nonsense&step=year")).toMatchObject({ from: "2026-12-02", step: "day" });
  });
});
