import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createMemberReservation } from "#server/db/seed/members-factory";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { getMemberReservation, listMemberReservations, reservationStatus } from "./reservations";

const DAY = 86_400_000;
const now = new Date("2026-06-15T03:00:00Z");
const at = (days: number) => new Date(now.getTime() + days * DAY);

let handle: TestDb;
let siteId: string;
let otherSiteId: string;
let hanako: number;
let ken: number;
const ids: Record<string, number> = {};

async function siteWithCar() {
  const site = await makeSite(handle.owner, {
    catalogue: {
      classes: [{ key: "c", className: "コンパクト", classNameEn: "Compact" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", typeNameEn: "Aqua", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 10 }],
    },
  });
  return { siteId: site.siteId, storeId: site.storeIds[0] as number, typeId: site.catalogue?.typeIds.t as number };
}

beforeAll(async () => {
  handle = await createTestDb();
  const a = await siteWithCar();
  const b = await siteWithCar();
  siteId = a.siteId;
  otherSiteId = b.siteId;
  hanako = await createMember(handle.owner, siteId, { name: "花子", email: "hanako@example.com" });
  ken = await createMember(handle.owner, siteId, { name: "健", email: "ken@example.com" });
  const other = await createMember(handle.owner, otherSiteId, { name: "花子", email: "hanako@example.com" });
  const book = (site: typeof a, memberId: number, no: string, from: number, to: number, isCancelled = false) =>
    createMemberReservation(handle.owner, site.siteId, memberId, {
      reserveNo: no,
      storeId: site.storeId,
      carTypeId: site.typeId,
      startAt: at(from),
      endAt: at(to),
      status: isCancelled ? ("cancelled" as const) : ("confirmed" as const),
      totalFee: 10_000,
    });
  ids.past = await book(a, hanako, "R-1", -10, -8);
  ids.current = await book(a, hanako, "R-2", -1, 1);
  ids.later = await book(a, hanako, "R-3", 30, 31);
  ids.soon = await book(a, hanako, "R-4", 5, 6);
  ids.cancelled = await book(a, hanako, "R-5", 3, 4, true);
  ids.ken = await book(a, ken, "R-6", 2, 3);
  ids.otherSite = await book(b, other, "R-7", 2, 3);
});
afterAll(() => handle.close());

describe("a member's reservations", () => {
  it("lists only the member's own, coming ones first (soonest first), then the rest (latest first)", async () => {
    const rows = await listMemberReservations(handle.forSite(siteId), siteId, hanako, now);
    expect(rows.map((r) => r.reservation.reserveNo)).toEqual(["R-2", "R-4", "R-3", "R-5", "R-1"]);
    expect(rows[0]?.carClass.classNameEn).toBe("Compact");
    expect(rows[0]?.carType.typeName).toBe("アクア");
  });

  it("gives each its status", async () => {
    const rows = await listMemberReservations(handle.forSite(siteId), siteId, hanako, now);
    expect(rows.map((r) => reservationStatus(r.reservation, now))).toEqual([
      "in_progress",
      "upcoming",
      "upcoming",
      "cancelled",
      "returned",
    ]);
  });

  it("follows the counter once it records the departure and the return, whatever the booked times say", () => {
    const later = {
      status: "confirmed",
      startAt: new Date(now.getTime() + 86_400_000),
      endAt: new Date(now.getTime() + 2 * 86_400_000),
    };
    expect(reservationStatus({ ...later, departedAt: now, returnedAt: null }, now)).toBe("in_progress");
    expect(reservationStatus({ ...later, departedAt: now, returnedAt: now }, now)).toBe("returned");
    const overdue = {
      status: "confirmed",
      startAt: new Date(0),
      endAt: new Date(1),
      departedAt: new Date(0),
      returnedAt: null,
    };
    expect(reservationStatus(overdue, now)).toBe("in_progress");
  });

  it("finds one of the member's own by id, never another member's or another site's", async () => {
    expect(
      (await getMemberReservation(handle.forSite(siteId), siteId, hanako, ids.past as number))?.reservation.reserveNo,
    ).toBe("R-1");
    expect(await getMemberReservation(handle.forSite(siteId), siteId, hanako, ids.ken as number)).toBeNull();
    expect(await getMemberReservation(handle.forSite(siteId), siteId, hanako, ids.otherSite as number)).toBeNull();
    expect(await getMemberReservation(handle.forSite(otherSiteId), otherSiteId, hanako, ids.past as number)).toBeNull();
  });
});
