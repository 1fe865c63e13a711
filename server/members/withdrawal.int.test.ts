import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, readSession } from "#server/auth/sessions";
import type { Db } from "#server/db/client";
import { driverImages, drivers, memberCards, members, passwordResetTokens, reservations } from "#server/db/schema";
import {
  createDriver,
  createDriverImage,
  createMember,
  createMemberCard,
  createMemberReservation,
} from "#server/db/seed/members-factory";
import { AppError } from "#server/errors";
import { testServices } from "#tests/fixtures/services";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { checkWithdrawal, withdraw } from "./withdrawal";

const DAY = 86_400_000;
const now = new Date("2026-06-15T03:00:00Z");
const at = (days: number) => new Date(now.getTime() + days * DAY);

let handle: TestDb;
let site: { siteId: string; storeId: number; typeId: number };
let services: ReturnType<typeof testServices>;
let seq = 0;

beforeAll(async () => {
  handle = await createTestDb();
  const created = await makeSite(handle.owner, {
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 10 }],
    },
  });
  site = {
    siteId: created.siteId,
    storeId: created.storeIds[0] as number,
    typeId: created.catalogue?.typeIds.t as number,
  };
  services = testServices(handle.forSite(site.siteId));
});
afterAll(() => handle.close());

async function member(email: string) {
  return createMember(handle.owner, site.siteId, { name: "退会 太郎", email, tel: "090-0000-0000", zip: "1000001" });
}

function book(
  memberId: number,
  from: number,
  to: number,
  extra: { status?: "cancelled"; driverId?: number } = {},
  db?: Db,
) {
  return createMemberReservation(db ?? handle.owner, site.siteId, memberId, {
    reserveNo: `W-${++seq}`,
    storeId: site.storeId,
    carTypeId: site.typeId,
    startAt: at(from),
    endAt: at(to),
    borrower: { name: "退会 太郎", tel: "090-0000-0000" },
    ...extra,
  });
}

async function refusal(memberId: number): Promise<string | undefined> {
  const error = await withdraw(handle.forSite(site.siteId), site.siteId, memberId, services, now).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).details.reason?.code;
}

describe("withdrawal", () => {
  it("is refused while a rental is in progress, and while a reservation is coming", async () => {
    const renting = await member("renting@example.com");
    await book(renting, -1, 1);
    await book(renting, 10, 11);
    expect(await checkWithdrawal(handle.forSite(site.siteId), site.siteId, renting, now)).toBe("renting");
    expect(await refusal(renting)).toBe("withdrawal_renting");

    const reserved = await member("reserved@example.com");
    await book(reserved, 10, 11);
    expect(await checkWithdrawal(handle.forSite(site.siteId), site.siteId, reserved, now)).toBe("reserved");
    expect(await refusal(reserved)).toBe("withdrawal_reserved");
    const [row] = await handle.forSite(site.siteId).select().from(members).where(eq(members.id, reserved));
    expect(row?.withdrawnAt).toBeNull();
  });

  it("is allowed with only past and cancelled reservations", async () => {
    const id = await member("past@example.com");
    await book(id, -10, -9);
    await book(id, 5, 6, { status: "cancelled" });
    expect(await checkWithdrawal(handle.forSite(site.siteId), site.siteId, id, now)).toBe("ok");
  });

  it("erases the member's personal data, keeps reservations as booked, and frees the address", async () => {
    const id = await member("leaving@example.com");
    const usedDriver = await createDriver(handle.owner, site.siteId, id, { name: "使用 済", licenseNumber: "111" });
    const unusedDriver = await createDriver(handle.owner, site.siteId, id, { name: "未使用", licenseNumber: "222" });
    const blobKey = await services.blobs.put(new Uint8Array([1, 2, 3]));
    await createDriverImage(handle.owner, site.siteId, {
      driverId: usedDriver,
      slot: 1,
      blobKey,
      contentType: "image/jpeg",
      byteSize: 3,
    });
    await createMemberCard(handle.owner, site.siteId, id, {
      gatewayCardId: "sim_pm_x",
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2030,
      holder: "TARO",
      isDefault: true,
    });
    await handle.owner.update(members).set({ paymentCustomerId: "sim_cus_x" }).where(eq(members.id, id));
    await handle.owner.insert(passwordResetTokens).values({
      siteId: site.siteId,
      memberId: id,
      tokenHash: `h-${id}`,
      expiresAt: at(1),
    });
    const reservationId = await book(id, -20, -19, { driverId: usedDriver });
    const token = await createSession(handle.forSite(site.siteId), site.siteId, { memberId: id });

    await withdraw(handle.forSite(site.siteId), site.siteId, id, services, now);

    const [row] = await handle.forSite(site.siteId).select().from(members).where(eq(members.id, id));
    expect(row).toMatchObject({ email: null, passwordHash: null, name: "", tel: "", zip: "", withdrawnAt: now });
    expect(await readSession(handle.forSite(site.siteId), site.siteId, token, now)).toBeNull();
    expect(await handle.forSite(site.siteId).select().from(memberCards).where(eq(memberCards.memberId, id))).toEqual(
      [],
    );
    expect(
      await handle.forSite(site.siteId).select().from(passwordResetTokens).where(eq(passwordResetTokens.memberId, id)),
    ).toEqual([]);
    expect(
      await handle.forSite(site.siteId).select().from(driverImages).where(eq(driverImages.driverId, usedDriver)),
    ).toEqual([]);
    expect(await services.blobs.get(blobKey)).toBeNull();
    const left = await handle.forSite(site.siteId).select().from(drivers).where(eq(drivers.memberId, id));
    // The driver a reservation points at stays, blanked; the unused one is gone.
    expect(left.map((d) => [d.id, d.name, d.licenseNumber])).toEqual([[usedDriver, "", ""]]);
    expect(left.some((d) => d.id === unusedDriver)).toBe(false);
    const [reservation] = await handle
      .forSite(site.siteId)
      .select()
      .from(reservations)
      .where(and(eq(reservations.siteId, site.siteId), eq(reservations.id, reservationId)));
    expect(reservation?.borrower).toEqual({ name: "退会 太郎", tel: "090-0000-0000" });

    // The address may become a member again; withdrawing twice finds no member.
    await expect(member("leaving@example.com")).resolves.toBeGreaterThan(id);
    const again = await withdraw(handle.forSite(site.siteId), site.siteId, id, services, now).catch((e: unknown) => e);
    expect((again as AppError).status).toBe(404);
  });

  it("checks again under a lock: a reservation committed while the withdrawal waits refuses it", async () => {
    const id = await member("racing@example.com");
    expect(await checkWithdrawal(handle.forSite(site.siteId), site.siteId, id, now)).toBe("ok");
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let booked!: () => void;
    const bookedInside = new Promise<void>((resolve) => {
      booked = resolve;
    });
    // A booking holds its transaction open (its foreign key locks the member row) while the member withdraws.
    const booking = handle.forSite(site.siteId).transaction(async (tx) => {
      await book(id, 10, 11, {}, tx as unknown as Db);
      booked();
      await gate;
    });
    await bookedInside;
    const withdrawal = withdraw(handle.forSite(site.siteId), site.siteId, id, services, now).catch((e: unknown) => e);
    if (handle.kind === "postgres") {
      // Wait until the withdrawal is blocked on the member row, so the order is the racing one.
      await expect
        .poll(async () => {
          const result = await handle.owner.execute(
            sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          );
          return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
        })
        .toBeGreaterThan(0);
    }
    release();
    await booking;
    const error = await withdrawal;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).details.reason?.code).toBe("withdrawal_reserved");
    const [row] = await handle.forSite(site.siteId).select().from(members).where(eq(members.id, id));
    expect(row?.email).toBe("racing@example.com");
  });

  it("closes the account once when two withdrawals run at the same time", async () => {
    const id = await member("twice@example.com");
    const outcomes = await Promise.allSettled([
      withdraw(handle.forSite(site.siteId), site.siteId, id, services, now),
      withdraw(handle.forSite(site.siteId), site.siteId, id, services, now),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(failed?.reason).toBeInstanceOf(AppError);
    expect((failed?.reason as AppError | undefined)?.status).toBe(404);
  });
});
