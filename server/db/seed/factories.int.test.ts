import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, reservations, siteSettings, vehicles } from "#server/db/schema";
import { makeSite, siteInput } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { createSite } from "./factories";

let handle: TestDb;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

function sqlState(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

describe("site factory and tenancy constraints", () => {
  it("applies the price-list rule for client ids 83 and 51", async () => {
    const a = await makeSite(handle.owner, { clientId: 83 });
    const b = await makeSite(handle.owner, { clientId: 51 });
    const c = await makeSite(handle.owner, { clientId: 7 });
    const rows = await Promise.all(
      [a, b, c].map(
        async ({ siteId }) =>
          (await handle.forSite(siteId).select().from(siteSettings).where(eq(siteSettings.siteId, siteId)))[0],
      ),
    );
    expect(rows.map((r) => r?.priceListPageUrl)).toEqual(["pricelist", "pricelist", null]);
  });

  it("rejects a duplicate site id and a duplicate client id", async () => {
    const first = siteInput();
    await createSite(handle.owner, first);
    await expect(createSite(handle.owner, { ...siteInput(), siteId: first.siteId })).rejects.toSatisfy(
      (e) => sqlState(e) === "23505",
    );
    await expect(createSite(handle.owner, { ...siteInput(), clientId: first.clientId })).rejects.toSatisfy(
      (e) => sqlState(e) === "23505",
    );
  });

  it("rejects a site id that is not a slug and a plan outside 1-4", async () => {
    await expect(createSite(handle.owner, { ...siteInput(), siteId: "Bad Id" })).rejects.toSatisfy(
      (e) => sqlState(e) === "23514",
    );
    await expect(createSite(handle.owner, { ...siteInput(), usagePlanType: 5 })).rejects.toSatisfy(
      (e) => sqlState(e) === "23514",
    );
  });

  it("creates nothing when a part fails", async () => {
    const input = siteInput({ customPages: [{ pageUrl: "Not A Slug", pageTitle: "x" }] });
    await expect(createSite(handle.owner, input)).rejects.toThrow();
    const left = await handle
      .forSite(input.siteId)
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.siteId, input.siteId));
    expect(left).toEqual([]);
  });
});

describe("removing a site", () => {
  it("deletes its configuration and catalogue with it", async () => {
    const { siteId } = await makeSite(handle.owner, {
      customPages: [{ pageUrl: "about", pageTitle: "会社概要" }],
      catalogue: {
        classes: [{ key: "c", className: "クラス" }],
        carTypes: [{ key: "t", classKey: "c", typeName: "車種", capacity: 5 }],
        vehicles: [{ store: 0, typeKey: "t", count: 2 }],
      },
    });
    await handle.owner.delete(clients).where(eq(clients.siteId, siteId));
    expect(await handle.forSite(siteId).select().from(siteSettings).where(eq(siteSettings.siteId, siteId))).toEqual([]);
    expect(await handle.forSite(siteId).select().from(vehicles).where(eq(vehicles.siteId, siteId))).toEqual([]);
  });
});

describe("tenancy in the database", () => {
  it("refuses a row that points at another site's store or car type", async () => {
    const a = await makeSite(handle.owner, {
      catalogue: {
        classes: [{ key: "c", className: "クラス" }],
        carTypes: [{ key: "t", classKey: "c", typeName: "車種", capacity: 5 }],
        vehicles: [{ store: 0, typeKey: "t", count: 1 }],
      },
    });
    const b = await makeSite(handle.owner);
    const typeOfA = a.catalogue?.typeIds.t as number;
    const storeOfA = a.storeIds[0] as number;
    const storeOfB = b.storeIds[0] as number;
    await expect(
      handle.owner
        .insert(vehicles)
        .values({ siteId: b.siteId, storeId: storeOfB, carTypeId: typeOfA, registrationNumber: "x-1" }),
    ).rejects.toSatisfy((e) => sqlState(e) === "23503");
    await expect(
      handle.owner.insert(reservations).values({
        siteId: b.siteId,
        reserveNo: "X-1",
        storeId: storeOfA,
        carTypeId: typeOfA,
        startAt: new Date("2030-01-01T01:00:00Z"),
        endAt: new Date("2030-01-01T09:00:00Z"),
      }),
    ).rejects.toSatisfy((e) => sqlState(e) === "23503");
  });
});
