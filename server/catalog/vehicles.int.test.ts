import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, reservations, vehicles } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import type { AppError } from "#server/errors";
import { isFullyBooked } from "#server/reservations/booking";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb, usingPostgres } from "#tests/setup/test-db";
import { type VehicleInput, VehicleSchema } from "./vehicle.schema";
import { createVehicle, deleteVehicle, getVehicle, listVehicles, updateVehicle } from "./vehicles";

let handle: TestDb;
const owner = actorAs("owner");
const manager = actorAs("manager");
const readOnly = actorAs("read_only");

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const HOUR = 3_600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

/** Two stores; at the first, `cars` vehicles of type "t" (class "c") and one of type "u". */
async function siteWith(cars: number): Promise<CreatedSite & { t: number; u: number }> {
  const site = await makeSite(handle.owner, {
    stores: [{ storeName: "本店" }, { storeName: "空港店" }],
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [
        { key: "t", classKey: "c", typeName: "アクア", capacity: 5 },
        { key: "u", classKey: "c", typeName: "ノート", capacity: 5 },
      ],
      vehicles: [
        { store: 0, typeKey: "t", count: cars },
        { store: 0, typeKey: "u", count: 1 },
      ],
    },
  });
  const ids = site.catalogue?.typeIds ?? {};
  return { ...site, t: ids.t as number, u: ids.u as number };
}

function input(values: Record<string, string>): VehicleInput {
  const parsed = VehicleSchema.safeParse({ mileage_km: "1200", in_service: "1", color: "白", ...values });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const fleet = (siteId: string, storeId: number, carTypeId: number) =>
  handle
    .forSite(siteId)
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.siteId, siteId), eq(vehicles.storeId, storeId), eq(vehicles.carTypeId, carTypeId)))
    .orderBy(vehicles.id);

let booked = 0;
async function book(site: CreatedSite, carTypeId: number, from: Date, to: Date, extra: Record<string, unknown> = {}) {
  booked += 1;
  await handle.owner.insert(reservations).values({
    siteId: site.siteId,
    reserveNo: `R-${booked}`,
    storeId: site.storeIds[0] as number,
    carTypeId,
    startAt: from,
    endAt: to,
    status: "confirmed",
    ...extra,
  });
}

const lastAudit = async (siteId: string) =>
  (
    await handle
      .forSite(siteId)
      .select()
      .from(auditLog)
      .where(eq(auditLog.siteId, siteId))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe("createVehicle", () => {
  it("adds a vehicle with its colour and audits it", async () => {
    const site = await siteWith(1);
    const store = site.storeIds[1] as number;
    const { vehicleId } = await createVehicle(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      input({ store_id: String(store), car_type_id: String(site.t), registration_number: "那覇 500 わ １２-３４" }),
    );
    const row = await getVehicle(handle.forSite(site.siteId), site.siteId, owner, vehicleId);
    expect(row).toMatchObject({
      storeId: store,
      carTypeId: site.t,
      registrationNumber: "那覇 500 わ 12-34",
      color: "白",
    });
    expect(await lastAudit(site.siteId)).toMatchObject({
      action: "vehicle.create",
      entity: "vehicle",
      entityId: String(vehicleId),
      staffId: owner.staffId,
      after: { storeId: store, registrationNumber: "那覇 500 わ 12-34", mileageKm: 1200, inService: true },
    });
  });

  it("refuses a registration number the site has already, judged by the unique constraint", async () => {
    const site = await siteWith(1);
    const [taken] = await fleet(site.siteId, site.storeIds[0] as number, site.t);
    const values = { store_id: String(site.storeIds[0]), car_type_id: String(site.t) };
    const error = await refusal(
      createVehicle(
        handle.forSite(site.siteId),
        site.siteId,
        owner,
        input({ ...values, registration_number: taken?.registrationNumber ?? "" }),
      ),
    );
    expect(error.details.fieldErrors?.registration_number).toEqual({ code: "registration_taken" });
    // Two saves of one new number at once: one is stored, the other refused the same way.
    const both = await Promise.allSettled(
      [0, 1].map(() =>
        createVehicle(
          handle.forSite(site.siteId),
          site.siteId,
          owner,
          input({ ...values, registration_number: "沖縄 1" }),
        ),
      ),
    );
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = both.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((lost.reason as AppError).details.fieldErrors?.registration_number).toEqual({ code: "registration_taken" });
    // Another site may use the same number.
    const other = await siteWith(0);
    await createVehicle(
      handle.forSite(other.siteId),
      other.siteId,
      owner,
      input({ store_id: String(other.storeIds[0]), car_type_id: String(other.t), registration_number: "沖縄 1" }),
    );
  });

  it("refuses another site's store or car type as a wrong choice", async () => {
    const site = await siteWith(0);
    const other = await siteWith(0);
    const error = await refusal(
      createVehicle(
        handle.forSite(site.siteId),
        site.siteId,
        owner,
        input({ store_id: String(other.storeIds[0]), car_type_id: String(other.t), registration_number: "X 1" }),
      ),
    );
    expect(error.details.fieldErrors).toEqual({
      store_id: { code: "invalid_choice" },
      car_type_id: { code: "invalid_choice" },
    });
  });

  it("lets store staff add cars to their store only, and read-only staff none", async () => {
    const site = await siteWith(0);
    const [mine, theirs] = site.storeIds as [number, number];
    const staff = actorAs("store_staff", [mine]);
    await createVehicle(
      handle.forSite(site.siteId),
      site.siteId,
      staff,
      input({ store_id: String(mine), car_type_id: String(site.t), registration_number: "S 1" }),
    );
    for (const [actor, store] of [
      [staff, theirs],
      [readOnly, mine],
    ] as const) {
      const error = await refusal(
        createVehicle(
          handle.forSite(site.siteId),
          site.siteId,
          actor,
          input({ store_id: String(store), car_type_id: String(site.t), registration_number: "S 2" }),
        ),
      );
      expect(error.status).toBe(403);
    }
    await createVehicle(
      handle.forSite(site.siteId),
      site.siteId,
      manager,
      input({ store_id: String(theirs), car_type_id: String(site.t), registration_number: "M 1" }),
    );
  });
});

describe("listVehicles and getVehicle", () => {
  it("filters by store and car type, shows store staff their stores only, and answers 404 for another site's", async () => {
    const site = await siteWith(3);
    const [first, second] = site.storeIds as [number, number];
    await createVehicle(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      input({ store_id: String(second), car_type_id: String(site.u), registration_number: "B 1" }),
    );
    const all = await listVehicles(handle.forSite(site.siteId), site.siteId, owner, {
      storeId: null,
      carTypeId: null,
      page: 1,
    });
    expect(all.total).toBe(5);
    const byType = await listVehicles(handle.forSite(site.siteId), site.siteId, owner, {
      storeId: null,
      carTypeId: site.u,
      page: 1,
    });
    expect(byType.rows.map((r) => r.storeId).sort()).toEqual([first, second].sort());
    const byBoth = await listVehicles(handle.forSite(site.siteId), site.siteId, owner, {
      storeId: second,
      carTypeId: site.u,
      page: 9,
    });
    expect(byBoth).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(byBoth.rows[0]).toMatchObject({
      registrationNumber: "B 1",
      storeName: "空港店",
      carTypeName: "ノート",
      className: "コンパクト",
    });
    const staff = actorAs("store_staff", [second]);
    const seen = await listVehicles(handle.forSite(site.siteId), site.siteId, staff, {
      storeId: null,
      carTypeId: null,
      page: 1,
    });
    expect(seen.rows.map((r) => r.registrationNumber)).toEqual(["B 1"]);
    const hidden = byType.rows.find((r) => r.storeId === first) as { id: number };
    expect((await refusal(getVehicle(handle.forSite(site.siteId), site.siteId, staff, hidden.id))).status).toBe(404);
    const other = await siteWith(0);
    expect((await refusal(getVehicle(handle.forSite(other.siteId), other.siteId, owner, hidden.id))).status).toBe(404);
    expect(
      (
        await listVehicles(handle.forSite(other.siteId), other.siteId, owner, {
          storeId: first,
          carTypeId: null,
          page: 1,
        })
      ).total,
    ).toBe(0);
  });
});

describe("updateVehicle", () => {
  it("records only what changed", async () => {
    const site = await siteWith(1);
    const [car] = await fleet(site.siteId, site.storeIds[0] as number, site.t);
    const values = vehicleValues(car as typeof vehicles.$inferSelect);
    await updateVehicle(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      car?.id as number,
      input({ ...values, mileage_km: "20,000", color: "赤" }),
    );
    expect(await lastAudit(site.siteId)).toMatchObject({
      action: "vehicle.update",
      before: { mileageKm: car?.mileageKm, color: "" },
      after: { mileageKm: 20000, color: "赤" },
    });
    const entries = await handle.forSite(site.siteId).select().from(auditLog).where(eq(auditLog.siteId, site.siteId));
    await updateVehicle(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      car?.id as number,
      input({ ...values, mileage_km: "20000", color: "赤" }),
    );
    expect(
      await handle.forSite(site.siteId).select().from(auditLog).where(eq(auditLog.siteId, site.siteId)),
    ).toHaveLength(entries.length);
  });

  it("moves a car only for someone with the right on both stores", async () => {
    const site = await siteWith(1);
    const [first, second] = site.storeIds as [number, number];
    const [car] = await fleet(site.siteId, first, site.t);
    const id = car?.id as number;
    const moved = input({ ...vehicleValues(car as typeof vehicles.$inferSelect), store_id: String(second) });
    const onlyFirst = actorAs("store_staff", [first]);
    expect((await refusal(updateVehicle(handle.forSite(site.siteId), site.siteId, onlyFirst, id, moved))).status).toBe(
      403,
    );
    const onlySecond = actorAs("store_staff", [second]);
    expect((await refusal(updateVehicle(handle.forSite(site.siteId), site.siteId, onlySecond, id, moved))).status).toBe(
      404,
    );
    expect((await refusal(updateVehicle(handle.forSite(site.siteId), site.siteId, readOnly, id, moved))).status).toBe(
      403,
    );
    await updateVehicle(handle.forSite(site.siteId), site.siteId, actorAs("store_staff", [first, second]), id, moved);
    expect((await getVehicle(handle.forSite(site.siteId), site.siteId, owner, id)).storeId).toBe(second);
  });
});

function vehicleValues(v: typeof vehicles.$inferSelect): Record<string, string> {
  return {
    store_id: String(v.storeId),
    car_type_id: String(v.carTypeId),
    registration_number: v.registrationNumber,
    mileage_km: String(v.mileageKm),
    in_service: v.inService ? "1" : "0",
    color: v.color,
  };
}

describe("the capacity guard on vehicles (migration 0013)", () => {
  it("refuses taking a car out of service, moving it or deleting it while the bookings to come need it, with when and how many", async () => {
    const site = await siteWith(2);
    const [first, second] = site.storeIds as [number, number];
    const [a, b] = (await fleet(site.siteId, first, site.t)) as [
      typeof vehicles.$inferSelect,
      typeof vehicles.$inferSelect,
    ];
    const from = new Date(Date.UTC(2099, 0, 10, 2, 0));
    const to = new Date(Date.UTC(2099, 0, 12, 8, 0));
    await book(site, site.t, from, to);
    await book(site, site.t, new Date(Date.UTC(2099, 0, 11, 1, 0)), new Date(Date.UTC(2099, 0, 11, 9, 0)));
    const out = input({ ...vehicleValues(a), in_service: "0" });
    const error = await refusal(updateVehicle(handle.forSite(site.siteId), site.siteId, owner, a.id, out));
    expect(error.status).toBe(422);
    expect(error.details.reason).toEqual({
      code: "capacity_conflict",
      params: {
        from: "2099/01/11 10:00",
        until: "2099/01/11 18:00",
        booked: 2,
        left: 1,
        detail: "2099/01/11 10:00–2099/01/11 18:00: 2 booked, 1 left",
      },
    });
    for (const change of [
      () =>
        updateVehicle(
          handle.forSite(site.siteId),
          site.siteId,
          owner,
          a.id,
          input({ ...vehicleValues(a), store_id: String(second) }),
        ),
      () =>
        updateVehicle(
          handle.forSite(site.siteId),
          site.siteId,
          owner,
          b.id,
          input({ ...vehicleValues(b), car_type_id: String(site.u) }),
        ),
      () => deleteVehicle(handle.forSite(site.siteId), site.siteId, owner, b.id),
    ]) {
      expect((await refusal(change())).details.reason?.code).toBe("capacity_conflict");
    }
    expect((await fleet(site.siteId, first, site.t)).map((v) => v.inService)).toEqual([true, true]);
    // Other changes of a needed car go through.
    await updateVehicle(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      a.id,
      input({ ...vehicleValues(a), mileage_km: "9" }),
    );
  });

  it("ignores bookings that ended, were cancelled or whose hold lapsed, and counts a live hold", async () => {
    const site = await siteWith(1);
    const [car] = (await fleet(site.siteId, site.storeIds[0] as number, site.t)) as [typeof vehicles.$inferSelect];
    const out = input({ ...vehicleValues(car), in_service: "0" });
    await handle.owner.insert(reservations).values([
      {
        siteId: site.siteId,
        reserveNo: "P-1",
        storeId: car.storeId,
        carTypeId: site.t,
        startAt: later(-30),
        endAt: later(-1),
      },
    ]);
    await book(site, site.t, later(10), later(20), { status: "held", holdExpiresAt: later(1) });
    expect(
      (await refusal(updateVehicle(handle.forSite(site.siteId), site.siteId, owner, car.id, out))).details.reason?.code,
    ).toBe("capacity_conflict");
    await handle.owner
      .update(reservations)
      .set({ holdExpiresAt: later(-0.01) })
      .where(and(eq(reservations.siteId, site.siteId), eq(reservations.status, "held")));
    await book(site, site.t, later(30), later(40), { status: "cancelled" });
    await updateVehicle(handle.forSite(site.siteId), site.siteId, owner, car.id, out);
    // Back in service, the car may be booked again; a car out of service may be deleted whatever the bookings.
    await updateVehicle(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      car.id,
      input({ ...vehicleValues(car), in_service: "1" }),
    );
    await book(site, site.t, later(50), later(60));
    const [spare] = (await fleet(site.siteId, site.storeIds[0] as number, site.u)) as [typeof vehicles.$inferSelect];
    await updateVehicle(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      spare.id,
      input({ ...vehicleValues(spare), in_service: "0" }),
    );
    await deleteVehicle(handle.forSite(site.siteId), site.siteId, owner, spare.id);
    expect(await lastAudit(site.siteId)).toMatchObject({
      action: "vehicle.delete",
      before: { registrationNumber: spare.registrationNumber },
    });
  });

  it("holds for a statement that bypasses the domain: the database itself refuses", async () => {
    const site = await siteWith(1);
    await book(site, site.t, later(5), later(8));
    const error = await handle.owner
      .update(vehicles)
      .set({ inService: false })
      .where(and(eq(vehicles.siteId, site.siteId), eq(vehicles.carTypeId, site.t)))
      .then(
        () => null,
        (e: unknown) => e as { cause?: { code?: string; detail?: string } },
      );
    expect(error?.cause?.code).toBe("RB002");
    expect(error?.cause?.detail).toMatch(/^store=\d+ car_type=\d+ cars=0 peak=1 from=\S+Z until=\S+Z$/);
  });

  it("lets exactly one of a booking and taking the last car out of service win, whatever the timing", async () => {
    const rounds = usingPostgres ? 10 : 2;
    for (let round = 0; round < rounds; round++) {
      const site = await siteWith(1);
      const [car] = (await fleet(site.siteId, site.storeIds[0] as number, site.t)) as [typeof vehicles.$inferSelect];
      // The booking starts a little later each round, so either one reaches the cars' locks first.
      const [booking, withdrawal] = await Promise.allSettled([
        new Promise((resolve) => setTimeout(resolve, round * 2)).then(() => book(site, site.t, later(24), later(48))),
        updateVehicle(
          handle.forSite(site.siteId),
          site.siteId,
          owner,
          car.id,
          input({ ...vehicleValues(car), in_service: "0" }),
        ),
      ]);
      const won = [booking, withdrawal].filter((r) => r.status === "fulfilled");
      expect(won, `round ${round}`).toHaveLength(1);
      if (booking.status === "rejected") expect(isFullyBooked(booking.reason)).toBe(true);
      if (withdrawal.status === "rejected") {
        expect((withdrawal.reason as AppError).details.reason?.code).toBe("capacity_conflict");
      }
      const [after] = await fleet(site.siteId, site.storeIds[0] as number, site.t);
      const rows = await handle
        .forSite(site.siteId)
        .select()
        .from(reservations)
        .where(eq(reservations.siteId, site.siteId));
      expect(after?.inService ? rows.length : 1 - rows.length).toBe(1);
    }
  });
});
