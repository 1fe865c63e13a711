import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservations, vehicles } from "#server/db/schema";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { seedDemoIfEmpty } from "./demo";
import { isoDay, jstAt, PLATE_PATTERN, RESERVE_NO_PATTERN } from "./demo-records";

// Issue 41: the demo looks like a real company's books. Seeded at a fixed instant (10:00 in Japan),
// read back as the app role of each site.
const today = new Date("2026-11-28T01:00:00Z");
const SITES = ["sakura", "kaede", "fuji", "hana"];
let handle: TestDb;

beforeAll(async () => {
  handle = await createTestDb();
  await seedDemoIfEmpty(handle.owner, today);
});
afterAll(() => handle.close());

const bookingsOf = (siteId: string) =>
  handle.forSite(siteId).select().from(reservations).where(eq(reservations.siteId, siteId));

describe("the demo seed", () => {
  it("gives every booking a renter, a driver and a total, in the product's number format", async () => {
    for (const siteId of SITES) {
      const rows = await bookingsOf(siteId);
      expect(rows.length, siteId).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.reserveNo, `${siteId} ${r.reserveNo}`).toMatch(RESERVE_NO_PATTERN);
        expect(r.borrower?.name, r.reserveNo).toBeTruthy();
        expect(r.driver?.name, r.reserveNo).toBeTruthy();
        expect(r.totalFee, r.reserveNo).toBeGreaterThan(0);
        // The number begins with the day it was booked, never after its start.
        expect(`20${r.reserveNo.slice(0, 2)}-${r.reserveNo.slice(2, 4)}-${r.reserveNo.slice(4, 6)}`).toBe(
          isoDay(r.createdAt, 0),
        );
        expect(r.createdAt.getTime()).toBeLessThanOrEqual(Math.max(r.startAt.getTime(), today.getTime()));
      }
      expect(new Set(rows.map((r) => r.reserveNo)).size).toBe(rows.length);
    }
  });

  it("leaves no past booking booked: each departed and came back, with meters that go forward", async () => {
    for (const siteId of SITES) {
      const past = (await bookingsOf(siteId)).filter((r) => r.status === "confirmed" && r.endAt < today);
      for (const r of past) {
        expect(r.departedAt, r.reserveNo).not.toBeNull();
        expect(r.vehicleId, r.reserveNo).not.toBeNull();
        // The one overdue car is out still; every other past booking is back.
        if (r.returnedAt === null) continue;
        expect(r.returnMileage ?? 0, r.reserveNo).toBeGreaterThan(r.departureMileage ?? Infinity);
      }
      expect(past.filter((r) => r.returnedAt === null).length, siteId).toBe(siteId === "sakura" ? 1 : 0);
    }
  });

  it("names every car by a Japanese rental plate, unique in its site", async () => {
    for (const siteId of SITES) {
      const plates = (await handle.forSite(siteId).select().from(vehicles).where(eq(vehicles.siteId, siteId))).map(
        (v) => v.registrationNumber,
      );
      for (const plate of plates) expect(plate).toMatch(PLATE_PATTERN);
      expect(new Set(plates).size).toBe(plates.length);
    }
    const [aqua] = await handle.forSite("sakura").select().from(vehicles).where(eq(vehicles.siteId, "sakura"));
    expect(aqua?.registrationNumber).toMatch(/^沖縄 500 わ \d\d-\d\d$/);
  });

  it("gives sakura's Naha Airport a day's work today: departures, returns, one overdue car, one booking without a car", async () => {
    const dayStart = jstAt(today, 0, "00:00");
    const dayEnd = jstAt(today, 1, "00:00");
    const rows = (await bookingsOf("sakura")).filter((r) => r.status === "confirmed");
    const departures = rows.filter((r) => r.startAt >= dayStart && r.startAt < dayEnd);
    const returns = rows.filter((r) => r.endAt >= dayStart && r.endAt < dayEnd);
    const overdue = rows.filter((r) => r.departedAt && !r.returnedAt && r.endAt < today);
    expect(departures.length).toBeGreaterThanOrEqual(3);
    expect(returns.length).toBeGreaterThanOrEqual(3);
    expect(overdue).toHaveLength(1);
    expect(departures.filter((r) => r.vehicleId === null)).toHaveLength(1);
    // The next week's bookings have their cars, but for that one.
    const soon = rows.filter((r) => r.startAt > today && r.startAt < jstAt(today, 7, "00:00"));
    expect(soon.filter((r) => r.vehicleId === null)).toHaveLength(1);
  });
});
