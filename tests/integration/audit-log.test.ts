import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntryViews } from "#app/presenters/audit.server";
import { localDate } from "#common/calendar-date";
import { auditFilter } from "#server/audit/audit.schema";
import { auditNames, listAuditLog, recordAudit, recordRefusal } from "#server/audit/audit-log";
import { hashPassword } from "#server/auth/passwords";
import { assignVehicle } from "#server/counter/rental";
import { auditLog, reservations, staff, vehicles } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { verifyStaffLogin } from "#server/staff/accounts";
import { makeSite } from "#tests/fixtures/sites";
import { OWNER } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * Issue 41 item 6: the audit log lists sign-ins and refused attempts, is found by who, what, when
 * and booking, and never holds a change that failed as done.
 */

let handle: TestDb;
let site: CreatedSite;
let staffId: number;
const EMAIL = "hanako.staff@example.com";
const PASSWORD = "correct horse battery staple";

async function booking(reserveNo: string, values: Partial<typeof reservations.$inferInsert> = {}) {
  const [row] = await handle.owner
    .insert(reservations)
    .values({
      siteId: site.siteId,
      reserveNo,
      storeId: site.storeIds[0] as number,
      carTypeId: site.catalogue?.typeIds.t as number,
      startAt: new Date("2026-12-10T01:00:00Z"),
      endAt: new Date("2026-12-12T09:00:00Z"),
      status: "confirmed",
      totalFee: 11_660,
      payMethod: 2,
      borrower: { name: "山田 花子" },
      ...values,
    })
    .returning();
  return row as typeof reservations.$inferSelect;
}

const entries = async (action: string) =>
  handle
    .forSite(site.siteId)
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.siteId, site.siteId), eq(auditLog.action, action)));

beforeAll(async () => {
  handle = await createTestDb();
  site = await makeSite(handle.owner, {
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 3 }],
    },
  });
  const [row] = await handle.owner
    .insert(staff)
    .values({
      siteId: site.siteId,
      email: EMAIL,
      name: "受付 花子",
      role: "owner",
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning({ id: staff.id });
  staffId = row?.id as number;
});

afterAll(async () => {
  await handle?.close();
});

describe("sign-ins and refused attempts", () => {
  it("records a sign-in, a wrong password (for a known and an unknown address) and a refused page", async () => {
    const db = handle.forSite(site.siteId);
    const sleep = async () => {};
    await verifyStaffLogin(db, site.siteId, { email: EMAIL, password: PASSWORD, clientIp: "198.51.100.1" }, { sleep });
    await expect(
      verifyStaffLogin(db, site.siteId, { email: EMAIL, password: "wrong", clientIp: "198.51.100.2" }, { sleep }),
    ).rejects.toMatchObject({ code: "invalid_input" });
    await expect(
      verifyStaffLogin(
        db,
        site.siteId,
        { email: "nobody@example.com", password: "x", clientIp: "198.51.100.3" },
        { sleep },
      ),
    ).rejects.toMatchObject({ code: "invalid_input" });
    await recordRefusal(
      db,
      site.siteId,
      { staffId, name: EMAIL },
      { method: "GET", path: `/admin/${site.siteId}/staff` },
    );

    const [signIn] = await entries("staff.sign_in");
    expect(signIn).toMatchObject({ staffId, actor: EMAIL, after: { outcome: "signed_in", ip: "198.51.100.1" } });
    const failed = await entries("staff.sign_in_failed");
    expect(failed.map((f) => [f.staffId, f.actor, (f.after as { outcome: string }).outcome])).toEqual([
      [staffId, EMAIL, "wrong_password"],
      [null, "nobody@example.com", "wrong_password"],
    ]);
    // Nothing secret is kept: the password typed never reaches the log.
    expect(JSON.stringify(failed)).not.toContain('wrong"');

    const rows = await listAuditLog(db, site.siteId, OWNER, { kind: "sign_ins" });
    const names = await auditNames(db, site.siteId, rows);
    expect(auditEntryViews(rows, names, "ja").map((e) => [e.who, e.sentence, e.refused])).toEqual([
      ["受付 花子", "権限のない操作を拒否しました（/staff）", true],
      ["nobody@example.com", "ログインを拒否しました（メールアドレスまたはパスワードの誤り）", true],
      ["受付 花子", "ログインを拒否しました（メールアドレスまたはパスワードの誤り）", true],
      ["受付 花子", "管理画面にログインしました", false],
    ]);
    expect(auditEntryViews(rows, names, "en").map((e) => e.sentence)).toEqual([
      "Refused a page or action they have no right to (/staff)",
      "Sign-in refused (wrong e-mail address or password)",
      "Sign-in refused (wrong e-mail address or password)",
      "Signed in to the back office",
    ]);
  });
});

describe("nothing failed is logged as done", () => {
  it("a car given to another booking over the same days is refused, and no assignment is logged", async () => {
    const db = handle.forSite(site.siteId);
    const [car] = await handle.forSite(site.siteId).select().from(vehicles).where(eq(vehicles.siteId, site.siteId));
    const actor = { ...OWNER, staffId, name: EMAIL };
    await booking("261210-AAAA", { vehicleId: car?.id as number });
    await booking("261210-BBBB");
    const before = (await entries("reservation.assign")).length;
    await expect(
      assignVehicle(db, site.siteId, actor, "261210-BBBB", { vehicle_id: car?.id as number }),
    ).rejects.toMatchObject({
      code: "rejected",
    });
    expect(await entries("reservation.assign")).toHaveLength(before);
    const [unchanged] = await handle
      .forSite(site.siteId)
      .select()
      .from(reservations)
      .where(eq(reservations.reserveNo, "261210-BBBB"));
    expect(unchanged?.vehicleId).toBeNull();
  });

  it("a change whose write fails inside its transaction leaves no entry", async () => {
    const db = handle.forSite(site.siteId);
    const failing = db.transaction(async (tx) => {
      await recordAudit(
        tx,
        site.siteId,
        { staffId, name: EMAIL },
        {
          action: "store.update",
          entity: "store",
          entityId: site.storeIds[0] as number,
          after: { storeName: "新しい名前" },
        },
      );
      // The change itself is refused by the database (a check constraint) after the entry was written.
      await tx.update(reservations).set({ endAt: new Date("2000-01-01T00:00:00Z") });
    });
    await expect(failing).rejects.toThrow();
    expect(await entries("store.update")).toEqual([]);
  });
});

describe("filters and sentences", () => {
  it("finds a cancellation by booking, kind, who and date, and says it as a sentence with a link", async () => {
    const db = handle.forSite(site.siteId);
    await booking("261211-CCCC");
    const actor = { ...OWNER, staffId, name: EMAIL };
    // What the counter's cancellation records (server/counter/cancellation.ts), in its transaction.
    await db.transaction(async (tx) => {
      await tx
        .update(reservations)
        .set({ status: "cancelled", cancellationFee: 5_830 })
        .where(eq(reservations.reserveNo, "261211-CCCC"));
      await recordAudit(tx, site.siteId, actor, {
        action: "reservation.cancel",
        entity: "reservation",
        entityId: "261211-CCCC",
        before: { status: "confirmed" },
        after: { status: "cancelled", cancellationFee: 5_830, refundAttempted: 0, note: "" },
      });
    });
    const byBooking = await listAuditLog(
      db,
      site.siteId,
      OWNER,
      auditFilter(new URLSearchParams({ reserve: "261211-CCCC" })),
    );
    expect(byBooking.map((r) => r.action)).toEqual(["reservation.cancel"]);
    const names = await auditNames(db, site.siteId, byBooking);
    const [ja] = auditEntryViews(byBooking, names, "ja");
    expect(ja?.sentence).toBe("山田 花子 様の予約 261211-CCCC をキャンセルしました（手数料 5,830円）");
    expect(ja?.link).toBe("/reservations/261211-CCCC");
    expect(auditEntryViews(byBooking, names, "en")[0]?.sentence).toBe(
      "Cancelled booking 261211-CCCC for 山田 花子 (fee ¥5,830)",
    );

    const kinds = async (query: Record<string, string>) =>
      (await listAuditLog(db, site.siteId, OWNER, auditFilter(new URLSearchParams(query)))).map((r) => r.action);
    expect(await kinds({ kind: "reservations" })).toContain("reservation.cancel");
    expect(await kinds({ kind: "reservations" })).not.toContain("staff.sign_in");
    expect(await kinds({ kind: "staff" })).not.toContain("staff.sign_in");
    expect(await kinds({ staff: String(staffId), kind: "reservations" })).toContain("reservation.cancel");
    expect(await kinds({ staff: "999999" })).toEqual([]);
    expect(await kinds({ from: "2000-01-01", to: "2000-01-31" })).toEqual([]);
    const today = localDate(new Date(), "Asia/Tokyo");
    expect(await kinds({ from: today, to: today, reserve: "261211-CCCC" })).toEqual(["reservation.cancel"]);
  });
});
