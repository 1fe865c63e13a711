import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, reservations, storeCalendarFeeds, vehicles } from "#server/db/schema";
import { NIGHTS } from "#tests/fixtures/fee-plans";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, MANAGER, OWNER, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { calendarFeedResponse } from "./feed-http";
import { createStoreFeed, listStoreFeeds, revokeStoreFeed } from "./feeds";

/** The stores' calendar feeds against the database, through the site-scoped path (decision 022). */

let handle: TestDb;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const NOW = new Date("2026-12-01T00:00:00Z");
const DAY = 86_400_000;
const at = (days: number, hourUtc = 2) => new Date(NOW.getTime() + days * DAY + (hourUtc - 0) * 3_600_000);
const ORIGIN = "https://booking.example.com";

/** A site with two stores (Naha, Ishigaki), five cars of one type at each. */
async function twoStoreSite() {
  const site = await makeSite(handle.owner, {
    stores: [
      { storeName: "那覇空港店", storeNameEn: "Naha Airport", tel: "098-000-0000", timeZone: "Asia/Tokyo" },
      { storeName: "石垣店", storeNameEn: "Ishigaki", tel: "0980-00-0000" },
    ],
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", typeNameEn: "Aqua", capacity: 5 }],
      vehicles: [
        { store: 0, typeKey: "t", count: 5 },
        { store: 1, typeKey: "t", count: 5 },
      ],
      feePlans: [
        { store: 0, classKey: "c", ...NIGHTS },
        { store: 1, classKey: "c", ...NIGHTS },
      ],
    },
  });
  return {
    siteId: site.siteId,
    naha: site.storeIds[0] as number,
    ishigaki: site.storeIds[1] as number,
    type: site.catalogue?.typeIds.t as number,
  };
}

type Site = Awaited<ReturnType<typeof twoStoreSite>>;

async function book(site: Site, reserveNo: string, values: Partial<typeof reservations.$inferInsert>) {
  await handle.owner.insert(reservations).values({
    siteId: site.siteId,
    reserveNo,
    storeId: site.naha,
    carTypeId: site.type,
    startAt: at(3),
    endAt: at(5),
    status: "confirmed",
    locale: "ja",
    borrower: { name: "山田, 花子", email: "hanako@example.com", tel: "090-0000-0000" },
    ...values,
  });
}

const feed = (siteId: string, file: string, lang?: string) =>
  calendarFeedResponse(handle, siteId, file, { origin: ORIGIN, publicOrigin: ORIGIN, now: NOW, lang });

const unfold = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");
const summaries = (ics: string) =>
  unfold(ics)
    .filter((l) => l.startsWith("SUMMARY:"))
    .map((l) => l.slice("SUMMARY:".length));

describe("a store's feed", () => {
  let a: Site;
  let b: Site;
  let token: string;

  beforeAll(async () => {
    a = await twoStoreSite();
    b = await twoStoreSite();
    const [car] = await handle
      .forSite(a.siteId)
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.siteId, a.siteId), eq(vehicles.storeId, a.naha)))
      .orderBy(vehicles.id)
      .limit(1);
    if (!car) throw new Error("no car");
    // Naha: leaves and comes back, with a car given.
    await book(a, "A-HOME", { vehicleId: car.id });
    // Leaves Ishigaki, comes back to Naha: a return at Naha only.
    await book(a, "A-INBOUND", { storeId: a.ishigaki, returnStoreId: a.naha, startAt: at(10), endAt: at(12) });
    // Ishigaki's own: not Naha's.
    await book(a, "A-OTHER-STORE", { storeId: a.ishigaki, returnStoreId: a.ishigaki });
    // Cancelled, held and out of the window: not listed.
    await book(a, "A-CANCELLED", { status: "cancelled", cancelledAt: NOW });
    await book(a, "A-HELD", { status: "held", holdExpiresAt: at(0, 3) });
    await book(a, "A-LONG-AGO", { startAt: at(-60), endAt: at(-45) });
    await book(a, "A-FAR-AHEAD", { startAt: at(400), endAt: at(402) });
    // Departed 40 days ago, returns in 2 days: the return only.
    await book(a, "A-LONG-RENTAL", { startAt: at(-40), endAt: at(2) });
    // Another site's booking at its own Naha.
    await book(b, "B-HOME", {});
    token = (await createStoreFeed(handle.forSite(a.siteId), a.siteId, OWNER, a.naha)).token;
  });

  it("lists the store's departures and returns only, in its zone, as text/calendar", async () => {
    const res = await feed(a.siteId, `${token}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, max-age=300");
    const text = await res.text();
    expect(text.startsWith("BEGIN:VCALENDAR")).toBe(true);
    const lines = unfold(text);
    expect(lines).toContain("X-WR-CALNAME:那覇空港店 出発・返却");
    const registration = (
      await handle
        .forSite(a.siteId)
        .select({ r: vehicles.registrationNumber })
        .from(vehicles)
        .innerJoin(reservations, eq(reservations.vehicleId, vehicles.id))
        .where(eq(reservations.reserveNo, "A-HOME"))
    )[0]?.r;
    expect(summaries(text)).toEqual([
      `返却 A-LONG-RENTAL アクア 山田\\, 花子`,
      `出発 A-HOME アクア 山田\\, 花子 ${registration}`,
      `返却 A-HOME アクア 山田\\, 花子 ${registration}`,
      `返却 A-INBOUND アクア 山田\\, 花子`,
    ]);
    expect(lines).toContain(`UID:A-HOME-departure.${a.siteId}@booking.example.com`);
    expect(lines).toContain(`UID:A-HOME-return.${a.siteId}@booking.example.com`);
    // 11:00 in Tokyo is 02:00 UTC.
    expect(lines).toContain("DTSTART;TZID=Asia/Tokyo:20261204T110000");
    expect(lines).toContain(`URL;VALUE=URI:${ORIGIN}/admin/${a.siteId}/reservations/A-HOME`);
    for (const absent of ["A-OTHER-STORE", "A-CANCELLED", "A-HELD", "A-LONG-AGO", "A-FAR-AHEAD", "B-HOME"]) {
      expect(text).not.toContain(absent);
    }
  });

  it("speaks English with ?lang=en", async () => {
    const text = await (await feed(a.siteId, `${token}.ics`, "en")).text();
    expect(unfold(text)).toContain("X-WR-CALNAME:Naha Airport departures and returns");
    expect(summaries(text)).toContain("Return A-INBOUND Aqua 山田\\, 花子");
    expect(text).toContain("Car: not assigned");
  });

  it("answers 404 to another site's path, a malformed site or token, and never throws", async () => {
    expect((await feed(b.siteId, `${token}.ics`)).status).toBe(404);
    const bad: [string, string][] = [
      [a.siteId, `${token}`],
      [a.siteId, `${token}.ICS`],
      [a.siteId, `${token.slice(1)}.ics`],
      [a.siteId, `${token}x.ics`],
      [a.siteId, `${"A".repeat(43)}.ics`],
      [a.siteId, "..%2F..%2Fetc.ics"],
      [a.siteId, `${token.slice(0, 42)}\u0000.ics`],
      [a.siteId.toUpperCase(), `${token}.ics`],
      ["", `${token}.ics`],
      ["a b", `${token}.ics`],
      ["x".repeat(200), `${token}.ics`],
      ["nosuchsite", `${token}.ics`],
    ];
    for (const [site, file] of bad) {
      const res = await feed(site, file);
      expect(res.status, `${site} ${file}`).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toBe("Not Found");
    }
  });

  it("stops answering once revoked, and a new URL replaces the old one", async () => {
    const site = await twoStoreSite();
    await book(site, "R-1", {});
    const db = handle.forSite(site.siteId);
    const first = await createStoreFeed(db, site.siteId, OWNER, site.naha);
    expect((await feed(site.siteId, `${first.token}.ics`)).status).toBe(200);

    // Replacing: the old URL is dead, the new one lives; one live feed per store.
    const second = await createStoreFeed(db, site.siteId, OWNER, site.naha);
    expect(second.token).not.toBe(first.token);
    expect((await feed(site.siteId, `${first.token}.ics`)).status).toBe(404);
    expect((await feed(site.siteId, `${second.token}.ics`)).status).toBe(200);
    const listed = await listStoreFeeds(db, site.siteId, OWNER);
    expect(listed.map((s) => [s.storeId, s.feed?.id ?? null])).toEqual([
      [site.naha, second.id],
      [site.ishigaki, null],
    ]);

    await revokeStoreFeed(db, site.siteId, OWNER, second.id);
    expect((await feed(site.siteId, `${second.token}.ics`)).status).toBe(404);
    expect((await listStoreFeeds(db, site.siteId, OWNER))[0]?.feed).toBeNull();
    // Twice, or another site's feed: not found.
    expect((await refusal(revokeStoreFeed(db, site.siteId, OWNER, second.id))).status).toBe(404);
    const [other] = await handle
      .forSite(a.siteId)
      .select({ id: storeCalendarFeeds.id })
      .from(storeCalendarFeeds)
      .where(and(eq(storeCalendarFeeds.siteId, a.siteId), eq(storeCalendarFeeds.storeId, a.naha)));
    expect((await refusal(revokeStoreFeed(db, site.siteId, OWNER, other?.id ?? 0))).status).toBe(404);
    expect((await feed(a.siteId, `${token}.ics`)).status).toBe(200);
    // Another site's store: not found.
    expect((await refusal(createStoreFeed(db, site.siteId, OWNER, a.naha))).status).toBe(404);

    // Only hashes are stored, and the audit log names the changes without the token.
    const rows = await handle
      .forSite(site.siteId)
      .select()
      .from(storeCalendarFeeds)
      .where(eq(storeCalendarFeeds.siteId, site.siteId));
    expect(rows.map((r) => r.tokenHash)).not.toContain(first.token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
    const audit = await handle.forSite(site.siteId).select().from(auditLog).where(eq(auditLog.siteId, site.siteId));
    expect(audit.map((e) => e.action)).toEqual([
      "calendar_feed.create",
      "calendar_feed.create",
      "calendar_feed.revoke",
    ]);
    expect(JSON.stringify(audit)).not.toContain(first.token);
    expect(JSON.stringify(audit)).not.toContain(second.token);
  });

  it("is managed by owners only: everyone else gets 403 and nothing changes", async () => {
    const site = await twoStoreSite();
    const db = handle.forSite(site.siteId);
    const made = await createStoreFeed(db, site.siteId, OWNER, site.naha);
    for (const actor of [MANAGER, READ_ONLY, actorAs("store_staff", [site.naha])]) {
      expect((await refusal(createStoreFeed(db, site.siteId, actor, site.naha))).status).toBe(403);
      expect((await refusal(listStoreFeeds(db, site.siteId, actor))).status).toBe(403);
      expect((await refusal(revokeStoreFeed(db, site.siteId, actor, made.id))).status).toBe(403);
    }
    expect((await feed(site.siteId, `${made.token}.ics`)).status).toBe(200);
    expect((await listStoreFeeds(db, site.siteId, OWNER))[0]?.feed?.id).toBe(made.id);
  });
});
