import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSite } from "../../tests/fixtures/sites";
import { createTestDb } from "../../tests/setup/test-db";
import { listAuditLog } from "../audit/audit-log";
import type { DbHandle } from "../db/client";
import { stores } from "../db/schema";
import { AppError } from "../errors";
import type { Actor } from "../staff/permissions";
import { commitImport, previewImport } from "./import";
import { storesImporter } from "./stores-import";

let handle: DbHandle;
let siteId: string;
const owner: Actor = { id: 1, staffId: 1, email: "o@example.com", name: "o@example.com", role: "owner", storeIds: [] };

/**
 * "店舗名,郵便番号,営業開始,営業終了,定休日（曜日）,表示順 / 港店,900-0001,09:00,18:00,日・土,3 /
 * "丘店, 北",12-34,19:00,18:00,,x" in Shift_JIS with CRLF, as Excel in Japan saves it.
 */
const SJIS_WITH_ERRORS = Buffer.from(
  "935895dc96bc2c975895d694d48d862c89638bc68a4a8e6e2c89638bc68f4997b92c92e88b7893fa8169976a93fa816a2c955c8ea68f870d0a8d6093582c3930302d303030312c30393a30302c31383a30302c93fa814593792c330d0a228b7593582c20966b222c31322d33342c31393a30302c31383a30302c2c780d0a",
  "hex",
);

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError)
      return { status: error.status, reason: error.details.reason?.code, fields: error.details.fieldErrors };
    throw error;
  }
  throw new Error("expected a refusal");
}

beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.db)).siteId;
});
afterAll(() => handle.close());

describe("importing stores from CSV", () => {
  it("previews a Shift_JIS file row by row, with each problem at its column, and writes nothing", async () => {
    const before = await handle.db.select().from(stores).where(eq(stores.siteId, siteId));
    const preview = await previewImport(handle.db, siteId, owner, storesImporter, SJIS_WITH_ERRORS);
    expect(preview).toMatchObject({
      kind: "stores",
      encoding: "shift_jis",
      total: 2,
      withErrors: 1,
      missingColumns: [],
    });
    expect(preview.rows).toEqual([
      {
        line: 3,
        cells: expect.objectContaining({ store_name: "丘店, 北", zip: "12-34" }),
        errors: expect.arrayContaining([
          { field: "zip", reason: { code: "zip_invalid" } },
          { field: "display_order", reason: { code: "number_invalid" } },
          { field: "business_end_time", reason: { code: "hours_order" } },
        ]),
      },
    ]);
    expect(
      await refusal(commitImport(handle.db, siteId, owner, storesImporter, { text: preview.text, fileName: "s.csv" })),
    ).toMatchObject({
      status: 422,
      reason: "import_has_errors",
    });
    expect(await handle.db.select().from(stores).where(eq(stores.siteId, siteId))).toHaveLength(before.length);
  });

  it("imports a correct file in one go, with English headers too, and audits it once", async () => {
    const text =
      "store_name,store_name_en,regular_holiday_week,is_open_24h\n港店,Harbour,日・土,はい\n丘店,Hill,Wed,0\n";
    const preview = await previewImport(handle.db, siteId, owner, storesImporter, new TextEncoder().encode(text));
    expect(preview).toMatchObject({ encoding: "utf-8", total: 2, withErrors: 0 });
    const { count } = await commitImport(handle.db, siteId, owner, storesImporter, {
      text: preview.text,
      fileName: "stores.csv",
    });
    expect(count).toBe(2);
    const rows = await handle.db.select().from(stores).where(eq(stores.siteId, siteId));
    expect(rows.filter((s) => s.storeNameEn === "Harbour" || s.storeNameEn === "Hill")).toEqual([
      expect.objectContaining({
        storeName: "港店",
        regularHolidayWeek: [0, 6],
        isOpen24h: true,
        businessStartTime: "10:00",
      }),
      expect.objectContaining({ storeName: "丘店", regularHolidayWeek: [3], isOpen24h: false }),
    ]);
    const [entry] = await listAuditLog(handle.db, siteId, owner);
    expect(entry).toMatchObject({
      action: "import.stores",
      after: {
        file: "stores.csv",
        count: 2,
        rows: [expect.objectContaining({ storeName: "港店" }), expect.objectContaining({ storeName: "丘店" })],
      },
    });
  });

  it("refuses a file without the required column, an empty file, and staff who may not add stores", async () => {
    const noName = await previewImport(
      handle.db,
      siteId,
      owner,
      storesImporter,
      new TextEncoder().encode("tel\n098\n"),
    );
    expect(noName.missingColumns).toEqual(["store_name"]);
    expect(
      await refusal(commitImport(handle.db, siteId, owner, storesImporter, { text: noName.text, fileName: "x" })),
    ).toMatchObject({
      reason: "import_has_errors",
    });
    expect(
      await refusal(previewImport(handle.db, siteId, owner, storesImporter, new TextEncoder().encode("store_name\n"))),
    ).toMatchObject({
      fields: { file: { code: "import_empty" } },
    });
    const clerk: Actor = { ...owner, role: "store_staff", storeIds: [1] };
    expect(
      await refusal(
        previewImport(handle.db, siteId, clerk, storesImporter, new TextEncoder().encode("store_name\nA\n")),
      ),
    ).toMatchObject({
      status: 403,
    });
  });
});
