import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, siteSettings } from "#server/db/schema";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, MANAGER, OWNER, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { getCancellationSettings, updateCancellationSettings } from "./cancellation-settings";
import {
  CancellationSettingsSchema,
  cancellationFormValues,
  feeRowsIn,
  scheduleRanges,
} from "./cancellation-settings.schema";

let handle: TestDb;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

/** The page's form as the browser sends it: three rows, the ones not given left empty. */
function form(rows: [string, string][], extra: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = { customer_cancel: "1", customer_cancel_deadline_hours: "24" };
  for (let row = 0; row < Math.max(rows.length, 3); row++) {
    fields[`fee_days_${row}`] = rows[row]?.[0] ?? "";
    fields[`fee_percent_${row}`] = rows[row]?.[1] ?? "";
  }
  return { ...fields, ...extra };
}

/** What the schema refuses, as `field:reason`. */
function refused(fields: Record<string, string>): string[] {
  const result = CancellationSettingsSchema.safeParse(fields);
  if (result.success) return [];
  return result.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
}

function parsed(fields: Record<string, string>) {
  const result = CancellationSettingsSchema.safeParse(fields);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

const stored = async (siteId: string) =>
  (await handle.forSite(siteId).select().from(siteSettings).where(eq(siteSettings.siteId, siteId)))[0];

describe("the cancellation settings' schema", () => {
  it("reads the rows nearest first, skips empty rows, and reads full-width digits", () => {
    expect(
      parsed(
        form([
          ["３", "50"],
          ["", ""],
          ["0", "100"],
        ]),
      ),
    ).toEqual({
      customerCancel: true,
      customerCancelDeadlineHours: 24,
      cancellationFees: [
        { daysBefore: 0, percent: 100 },
        { daysBefore: 3, percent: 50 },
      ],
    });
    expect(parsed(form([], { customer_cancel: "0" }))).toMatchObject({ customerCancel: false, cancellationFees: [] });
  });

  it("refuses a repeated number of days, out-of-range and broken numbers, and a half-filled row, each at its field", () => {
    expect(
      refused(
        form([
          ["3", "50"],
          ["0", "100"],
          ["3", "30"],
        ]),
      ),
    ).toEqual(["fee_days_2:fee_step_duplicate"]);
    expect(
      refused(
        form([
          ["366", "50"],
          ["1", "101"],
          ["2", "-1"],
        ]),
      ),
    ).toEqual(["fee_days_0:number_range", "fee_percent_1:number_range", "fee_percent_2:number_range"]);
    expect(
      refused(
        form([
          ["1.5", "50"],
          ["2", "abc"],
        ]),
      ),
    ).toEqual(["fee_days_0:number_invalid", "fee_percent_1:number_invalid"]);
    expect(
      refused(
        form([
          ["3", ""],
          ["", "20"],
        ]),
      ),
    ).toEqual(["fee_percent_0:required", "fee_days_1:required"]);
    expect(refused(form([], { customer_cancel_deadline_hours: "8761" }))).toEqual([
      "customer_cancel_deadline_hours:number_range",
    ]);
    // A duplicate shows together with another field's message.
    expect(
      refused(
        form([
          ["1", "50"],
          ["1", "500"],
        ]),
      ),
    ).toEqual(expect.arrayContaining(["fee_percent_1:number_range", "fee_days_1:fee_step_duplicate"]));
  });

  it("gives the page back its rows, and says the schedule in ranges", () => {
    const values = cancellationFormValues({
      customerCancel: false,
      customerCancelDeadlineHours: 48,
      cancellationFees: [
        { daysBefore: 0, percent: 100 },
        { daysBefore: 3, percent: 50 },
      ],
    });
    expect(values).toMatchObject({ customer_cancel: "", fee_days_1: "3", fee_percent_1: "50" });
    expect(feeRowsIn(values)).toBe(2);
    expect(
      scheduleRanges([
        { daysBefore: 3, percent: 50 },
        { daysBefore: 0, percent: 100 },
      ]),
    ).toEqual([
      { from: 0, to: 0, percent: 100 },
      { from: 1, to: 3, percent: 50 },
      { from: 4, to: null, percent: 0 },
    ]);
  });
});

describe("saving the cancellation settings", () => {
  it("saves the schedule sorted and audits only what changed; saving it again records nothing", async () => {
    const { siteId } = await makeSite(handle.owner);
    expect(await getCancellationSettings(handle.forSite(siteId), siteId, READ_ONLY)).toEqual({
      customerCancel: false,
      customerCancelDeadlineHours: 24,
      cancellationFees: [],
    });
    const input = parsed(
      form([
        ["3", "50"],
        ["0", "100"],
      ]),
    );
    await updateCancellationSettings(handle.forSite(siteId), siteId, MANAGER, input);
    expect(await stored(siteId)).toMatchObject({
      customerCancel: true,
      customerCancelDeadlineHours: 24,
      cancellationFees: [
        { daysBefore: 0, percent: 100 },
        { daysBefore: 3, percent: 50 },
      ],
    });
    await updateCancellationSettings(handle.forSite(siteId), siteId, OWNER, input);
    const entries = await handle
      .forSite(siteId)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, siteId), eq(auditLog.action, "site.cancellation.update")));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entity: "site_settings",
      entityId: siteId,
      actor: MANAGER.name,
      before: { customerCancel: false, cancellationFees: [] },
      after: {
        customerCancel: true,
        cancellationFees: [
          { daysBefore: 0, percent: 100 },
          { daysBefore: 3, percent: 50 },
        ],
      },
    });
    expect(entries[0]?.after).not.toHaveProperty("customerCancelDeadlineHours");
  });

  it("only staff who may edit the site's settings save them; a refusal changes nothing, here or on another site", async () => {
    const { siteId } = await makeSite(handle.owner);
    const other = await makeSite(handle.owner);
    await updateCancellationSettings(handle.forSite(siteId), siteId, OWNER, parsed(form([["0", "100"]])));
    const before = await stored(siteId);
    const change = parsed(form([["7", "20"]], { customer_cancel_deadline_hours: "72" }));
    for (const actor of [READ_ONLY, actorAs("store_staff", [1])]) {
      const error = await refusal(updateCancellationSettings(handle.forSite(siteId), siteId, actor, change));
      expect(error.status).toBe(403);
    }
    expect(await stored(siteId)).toEqual(before);
    expect(
      await handle
        .forSite(siteId)
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.siteId, siteId), eq(auditLog.action, "site.cancellation.update"))),
    ).toHaveLength(1);
    // Saving one site's settings leaves another's as they were.
    expect(await stored(other.siteId)).toMatchObject({ customerCancel: false, cancellationFees: [] });
  });
});
