import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormFailure, handleForm } from "#app/lib/form-action.server";
import { oneEach } from "#app/lib/refusals";
import { dispatchBoard } from "#server/counter/boards";
import { AssignSchema } from "#server/counter/counter.schema";
import { assignVehicle } from "#server/counter/rental";
import { reservations, vehicles } from "#server/db/schema";
import { makeSite } from "#tests/fixtures/sites";
import { OWNER } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

// Issue 41: a move on the dispatch board (a drop posts the same form as the move panel) is checked
// by the server and decided by the exclusion constraint, as the app role; a refusal says so once.
const HOUR = 3_600_000;
let handle: TestDb;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

describe("a move on the dispatch board", () => {
  it("moves a booking to a free car, and refuses a car taken then once, naming the booking that has it", async () => {
    const site = await makeSite(handle.owner, {
      catalogue: {
        classes: [{ key: "c", className: "コンパクト" }],
        carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
        vehicles: [
          { store: 0, typeKey: "t", count: 3, plates: ["沖縄 500 わ 10-01", "沖縄 500 わ 10-02", "沖縄 500 わ 10-03"] },
        ],
      },
    });
    const siteId = site.siteId;
    const storeId = site.storeIds[0] as number;
    const carTypeId = site.catalogue?.typeIds.t as number;
    const cars = await handle
      .forSite(site.siteId)
      .select()
      .from(vehicles)
      .where(eq(vehicles.siteId, siteId))
      .orderBy(vehicles.registrationNumber);
    const [a, b, c] = cars;
    const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR);
    const book = async (reserveNo: string, from: number, to: number, vehicleId: number | null) =>
      handle.owner.insert(reservations).values({
        siteId,
        reserveNo,
        storeId,
        carTypeId,
        vehicleId,
        startAt: new Date(start.getTime() + from * HOUR),
        endAt: new Date(start.getTime() + to * HOUR),
        status: "confirmed",
        totalFee: 7_700,
        borrower: { name: "配車 太郎" },
      });
    await book("261201-AAAA", 0, 30, b?.id ?? null);
    await book("261201-BBBB", 10, 20, a?.id ?? null);
    const app = handle.forSite(siteId);
    const drop = (reserveNo: string, vehicleId: number) => {
      const form = new FormData();
      form.set("vehicle_id", String(vehicleId));
      return handleForm(form, AssignSchema, () =>
        assignVehicle(app, siteId, OWNER, reserveNo, { vehicle_id: vehicleId }),
      );
    };

    // Onto a car taken then: the database refuses, and the page has one message to show.
    const refused = (await drop("261201-BBBB", b?.id as number)) as { data: FormFailure };
    const shown = Object.values(oneEach(refused.data.errors));
    expect(shown).toEqual([
      { code: "vehicle_taken", params: { reserveNo: "261201-AAAA", vehicle: "沖縄 500 わ 10-02" } },
    ]);
    const [kept] = await app
      .select({ vehicleId: reservations.vehicleId })
      .from(reservations)
      .where(and(eq(reservations.siteId, siteId), eq(reservations.reserveNo, "261201-BBBB")));
    expect(kept?.vehicleId).toBe(a?.id);

    // Onto a free car: moved, and the board shows it on that car's row.
    await drop("261201-BBBB", c?.id as number);
    const board = await dispatchBoard(app, siteId, OWNER, { storeId, date: "2026-01-01", days: 30 }, new Date());
    expect(board?.vehicles.map((v) => v.registrationNumber)).toEqual([
      "沖縄 500 わ 10-01",
      "沖縄 500 わ 10-02",
      "沖縄 500 わ 10-03",
    ]);
    const [moved] = await app
      .select({ vehicleId: reservations.vehicleId })
      .from(reservations)
      .where(and(eq(reservations.siteId, siteId), eq(reservations.reserveNo, "261201-BBBB")));
    expect(moved?.vehicleId).toBe(c?.id);
  });
});
