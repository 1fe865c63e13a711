import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "#server/db/schema";
import { createMember } from "#server/db/seed/members-factory";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import {
  createSession,
  deleteMemberSessions,
  deleteSession,
  hashToken,
  readSession,
  rotateSession,
  SESSION_TIMEOUTS,
  saveSessionData,
} from "./sessions";

let handle: TestDb;
let siteId: string;
let otherSiteId: string;
let memberId: number;
beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
  otherSiteId = (await makeSite(handle.owner)).siteId;
  memberId = await createMember(handle.owner, siteId, { name: "花子", email: "hanako@example.com" });
});
afterAll(() => handle.close());

describe("server-side sessions", () => {
  it("stores only the SHA-256 of a 256-bit token", async () => {
    const token = await createSession(handle.forSite(siteId), siteId, { memberId });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await handle
      .forSite(siteId)
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const all = await handle.forSite(siteId).select({ idHash: sessions.idHash }).from(sessions);
    expect(all.some((r) => r.idHash === token)).toBe(false);
  });

  it("reads the member in one query, on its own site only", async () => {
    const token = await createSession(handle.forSite(siteId), siteId, { memberId });
    expect((await readSession(handle.forSite(siteId), siteId, token))?.member).toMatchObject({
      id: memberId,
      name: "花子",
    });
    expect(await readSession(handle.forSite(otherSiteId), otherSiteId, token)).toBeNull();
    expect(await readSession(handle.forSite(siteId), siteId, "not-a-token")).toBeNull();
  });

  it("ends after the idle timeout and after the absolute timeout", async () => {
    const start = new Date("2026-01-01T00:00:00Z");
    const token = await createSession(handle.forSite(siteId), siteId, { memberId }, start);
    const justIdle = new Date(start.getTime() + SESSION_TIMEOUTS.idleMs - 1000);
    expect(await readSession(handle.forSite(siteId), siteId, token, justIdle)).not.toBeNull();
    const idle = new Date(start.getTime() + SESSION_TIMEOUTS.idleMs + 1000);
    expect(await readSession(handle.forSite(siteId), siteId, token, idle)).toBeNull();

    // Kept alive by activity, it still ends at the absolute timeout.
    const active = await createSession(handle.forSite(siteId), siteId, { memberId }, start);
    const late = new Date(start.getTime() + SESSION_TIMEOUTS.absoluteMs + 1000);
    await handle.owner
      .update(sessions)
      .set({ lastSeenAt: new Date(late.getTime() - 1000) })
      .where(eq(sessions.idHash, hashToken(active)));
    expect(await readSession(handle.forSite(siteId), siteId, active, late)).toBeNull();
  });

  it("rotates the id and keeps the data; the old token opens nothing", async () => {
    const guest = await createSession(handle.forSite(siteId), siteId, {
      memberId: null,
      data: { reservation: { storeId: 1 } },
    });
    const before = await readSession(handle.forSite(siteId), siteId, guest);
    const rotated = await rotateSession(handle.forSite(siteId), siteId, before?.idHash ?? null, memberId);
    expect(rotated).not.toBe(guest);
    expect(await readSession(handle.forSite(siteId), siteId, guest)).toBeNull();
    const after = await readSession(handle.forSite(siteId), siteId, rotated);
    expect(after?.member?.id).toBe(memberId);
    expect(after?.data).toEqual({ reservation: { storeId: 1 } });
  });

  it("saves data, deletes one session, or all of a member's but one", async () => {
    const a = await createSession(handle.forSite(siteId), siteId, { memberId });
    const b = await createSession(handle.forSite(siteId), siteId, { memberId });
    const c = await createSession(handle.forSite(siteId), siteId, { memberId });
    await saveSessionData(handle.forSite(siteId), hashToken(a), { x: 1 });
    expect((await readSession(handle.forSite(siteId), siteId, a))?.data).toEqual({ x: 1 });
    await deleteSession(handle.forSite(siteId), hashToken(a));
    expect(await readSession(handle.forSite(siteId), siteId, a)).toBeNull();
    await deleteMemberSessions(handle.forSite(siteId), siteId, memberId, hashToken(b));
    expect(await readSession(handle.forSite(siteId), siteId, b)).not.toBeNull();
    expect(await readSession(handle.forSite(siteId), siteId, c)).toBeNull();
  });
});
