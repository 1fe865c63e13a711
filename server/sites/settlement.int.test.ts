import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, siteSettings } from "#server/db/schema";
import type { AppError } from "#server/errors";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, MANAGER, OWNER, parsed, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { getSettlement, getSettlementMethods, updateSettlementMethods } from "./settlement";
import { SettlementSchema } from "./settlement.schema";
import { loadSiteBundle } from "./site-bundle";

let handle: TestDb;
let siteId: string;
let otherSiteId: string;

beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
  otherSiteId = (await makeSite(handle.owner)).siteId;
});
afterAll(() => handle.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as AppError,
  );

describe("settlement methods", () => {
  it("the owner sees the defaults and changes them; the confirmation offers what was saved; the log has before and after", async () => {
    expect(await getSettlementMethods(handle.forSite(siteId), siteId, OWNER)).toEqual([1, 2, 3]);
    await updateSettlementMethods(
      handle.forSite(siteId),
      siteId,
      OWNER,
      parsed(SettlementSchema, { settlement_methods: ["4", "2"] }),
    );
    expect((await loadSiteBundle(handle.forSite(siteId), siteId))?.settings.settlementMethods).toEqual([2, 4]);
    const [audit] = await handle
      .forSite(siteId)
      .select()
      .from(auditLog)
      .where(eq(auditLog.siteId, siteId))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      action: "settlement.update",
      entity: "site_settings",
      staffId: OWNER.staffId,
      before: { settlementMethods: [1, 2, 3] },
      after: { settlementMethods: [2, 4] },
    });
    const [other] = await handle
      .forSite(otherSiteId)
      .select({ m: siteSettings.settlementMethods })
      .from(siteSettings)
      .where(eq(siteSettings.siteId, otherSiteId));
    expect(other?.m).toEqual([1, 2, 3]);
  });

  it("needs at least one method, and drops values that name none", async () => {
    for (const value of [[], undefined, ["9"], ["x"]]) {
      const result = SettlementSchema.safeParse({ settlement_methods: value });
      expect(
        result.error?.issues.map((i) => [i.path[0], i.message]),
        String(value),
      ).toEqual([["settlement_methods", "settlement_required"]]);
    }
    expect(SettlementSchema.safeParse({ settlement_methods: ["1", "9", "1"] }).data).toMatchObject({
      settlement_methods: [1],
    });
    const error = await refusal(
      updateSettlementMethods(handle.forSite(siteId), siteId, OWNER, {
        ...parsed(SettlementSchema, { settlement_methods: ["1"] }),
        settlement_methods: [],
      }),
    );
    expect(error?.status).toBe(422);
    expect(error?.details.fieldErrors?.settlement_methods?.code).toBe("settlement_required");
  });

  it("is the owner's only: managers, store staff and read-only get a 403 that says so, and nothing changes", async () => {
    for (const actor of [MANAGER, READ_ONLY, actorAs("store_staff", [1])]) {
      for (const call of [
        () => getSettlementMethods(handle.forSite(siteId), siteId, actor),
        () =>
          updateSettlementMethods(
            handle.forSite(siteId),
            siteId,
            actor,
            parsed(SettlementSchema, { settlement_methods: ["1"] }),
          ),
      ]) {
        const error = await refusal(call());
        expect(error?.status, actor.role).toBe(403);
        expect(error?.details.reason?.code).toBe("owner_only");
      }
    }
    expect(await getSettlementMethods(handle.forSite(siteId), siteId, OWNER)).toEqual([2, 4]);
  });
});

describe('the note on "other"', () => {
  it("is saved in four languages, reaches the confirmation's bundle, and an empty language stays empty", async () => {
    const db = handle.forSite(siteId);
    await updateSettlementMethods(
      db,
      siteId,
      OWNER,
      parsed(SettlementSchema, {
        settlement_methods: ["2", "4"],
        pay_other_note: "旅行会社経由のお支払い",
        pay_other_note_en: "Paid through your travel agency",
        pay_other_note_kr: "",
        pay_other_note_tw: "透過旅行社付款",
      }),
    );
    expect((await getSettlement(db, siteId, OWNER)).values).toEqual({
      pay_other_note: "旅行会社経由のお支払い",
      pay_other_note_en: "Paid through your travel agency",
      pay_other_note_kr: "",
      pay_other_note_tw: "透過旅行社付款",
    });
    const settings = (await loadSiteBundle(db, siteId))?.settings;
    expect(settings).toMatchObject({
      payOtherNote: "旅行会社経由のお支払い",
      payOtherNoteEn: "Paid through your travel agency",
      payOtherNoteKr: null,
      payOtherNoteTw: "透過旅行社付款",
    });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.siteId, siteId))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.after).toMatchObject({ payOtherNoteEn: "Paid through your travel agency" });
  });

  it("is refused past 500 characters, at its field", () => {
    const result = SettlementSchema.safeParse({ settlement_methods: ["4"], pay_other_note_en: "x".repeat(501) });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(["pay_other_note_en"]);
  });
});
