import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSite } from "../../tests/fixtures/sites";
import { actorAs, MANAGER, OWNER, parsed, READ_ONLY } from "../../tests/fixtures/staff-actors";
import { createTestDb } from "../../tests/setup/test-db";
import type { DbHandle } from "../db/client";
import { auditLog, siteSettings } from "../db/schema";
import type { AppError } from "../errors";
import { getSettlementMethods, updateSettlementMethods } from "./settlement";
import { SettlementSchema } from "./settlement.schema";
import { loadSiteBundle } from "./site-bundle";

let handle: DbHandle;
let siteId: string;
let otherSiteId: string;

beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.db)).siteId;
  otherSiteId = (await makeSite(handle.db)).siteId;
});
afterAll(() => handle.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as AppError,
  );

describe("settlement methods", () => {
  it("the owner sees the defaults and changes them; the confirmation offers what was saved; the log has before and after", async () => {
    expect(await getSettlementMethods(handle.db, siteId, OWNER)).toEqual([1, 2, 3]);
    await updateSettlementMethods(
      handle.db,
      siteId,
      OWNER,
      parsed(SettlementSchema, { settlement_methods: ["4", "2"] }),
    );
    expect((await loadSiteBundle(handle.db, siteId))?.settings.settlementMethods).toEqual([2, 4]);
    const [audit] = await handle.db
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
    const [other] = await handle.db
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
    expect(SettlementSchema.safeParse({ settlement_methods: ["1", "9", "1"] }).data).toEqual({
      settlement_methods: [1],
    });
    const error = await refusal(updateSettlementMethods(handle.db, siteId, OWNER, { settlement_methods: [] }));
    expect(error?.status).toBe(422);
    expect(error?.details.fieldErrors?.settlement_methods?.code).toBe("settlement_required");
  });

  it("is the owner's only: managers, store staff and read-only get a 403 that says so, and nothing changes", async () => {
    for (const actor of [MANAGER, READ_ONLY, actorAs("store_staff", [1])]) {
      for (const call of [
        () => getSettlementMethods(handle.db, siteId, actor),
        () => updateSettlementMethods(handle.db, siteId, actor, { settlement_methods: [1] }),
      ]) {
        const error = await refusal(call());
        expect(error?.status, actor.role).toBe(403);
        expect(error?.details.reason?.code).toBe("owner_only");
      }
    }
    expect(await getSettlementMethods(handle.db, siteId, OWNER)).toEqual([2, 4]);
  });
});
