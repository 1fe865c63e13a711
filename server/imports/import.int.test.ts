import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditLog } from "#server/audit/audit-log";
import { carClasses, carTypes, stores, vehicles } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "#server/staff/permissions";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { carTypesImporter, vehiclesImporter } from "./catalog-import";
import { commitImport, previewImport } from "./import";
import { storesImporter } from "./stores-import";

let handle: TestDb;
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
  siteId = (await makeSite(handle.owner)).siteId;
});
afterAll(() => handle.close());

describe("importing stores from CSV", () => {
  it("previews a Shift_JIS file row by row, with each problem at its column, and writes nothing", async () => {
    const before = await handle.forSite(siteId).select().from(stores).where(eq(stores.siteId, siteId));
    const preview = await previewImport(handle.forSite(siteId), siteId, owner, storesImporter, SJIS_WITH_ERRORS);
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
      await refusal(
        commitImport(handle.forSite(siteId), siteId, owner, storesImporter, { text: preview.text, fileName: "s.csv" }),
      ),
    ).toMatchObject({
      status: 422,
      reason: "import_has_errors",
    });
    expect(await handle.forSite(siteId).select().from(stores).where(eq(stores.siteId, siteId))).toHaveLength(
      before.length,
    );
  });

  it("imports a correct file in one go, with English headers too, and audits it once", async () => {
    const text =
      "store_name,store_name_en,regular_holiday_week,is_open_24h\n港店,Harbour,日・土,はい\n丘店,Hill,Wed,0\n";
    const preview = await previewImport(
      handle.forSite(siteId),
      siteId,
      owner,
      storesImporter,
      new TextEncoder().encode(text),
    );
    expect(preview).toMatchObject({ encoding: "utf-8", total: 2, withErrors: 0 });
    const { count } = await commitImport(handle.forSite(siteId), siteId, owner, storesImporter, {
      text: preview.text,
      fileName: "stores.csv",
    });
    expect(count).toBe(2);
    const rows = await handle.forSite(siteId).select().from(stores).where(eq(stores.siteId, siteId));
    expect(rows.filter((s) => s.storeNameEn === "Harbour" || s.storeNameEn === "Hill")).toEqual([
      expect.objectContaining({
        storeName: "港店",
        regularHolidayWeek: [0, 6],
        isOpen24h: true,
        businessStartTime: "10:00",
      }),
      expect.objectContaining({ storeName: "丘店", regularHolidayWeek: [3], isOpen24h: false }),
    ]);
    const [entry] = await listAuditLog(handle.forSite(siteId), siteId, owner);
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
      handle.forSite(siteId),
      siteId,
      owner,
      storesImporter,
      new TextEncoder().encode("tel\n098\n"),
    );
    expect(noName.missingColumns).toEqual(["store_name"]);
    expect(
      await refusal(
        commitImport(handle.forSite(siteId), siteId, owner, storesImporter, { text: noName.text, fileName: "x" }),
      ),
    ).toMatchObject({
      reason: "import_has_errors",
    });
    expect(
      await refusal(
        previewImport(handle.forSite(siteId), siteId, owner, storesImporter, new TextEncoder().encode("store_name\n")),
      ),
    ).toMatchObject({
      fields: { file: { code: "import_empty" } },
    });
    const clerk: Actor = { ...owner, role: "store_staff", storeIds: [1] };
    expect(
      await refusal(
        previewImport(
          handle.forSite(siteId),
          siteId,
          clerk,
          storesImporter,
          new TextEncoder().encode("store_name\nA\n"),
        ),
      ),
    ).toMatchObject({
      status: 403,
    });
  });
});

describe("importing car types and vehicles from CSV", () => {
  it("reads classes, stores and car types by name or id, and common ways of writing codes and yes/no", async () => {
    const site = await makeSite(handle.owner, { stores: [{ storeName: "那覇空港店" }, { storeName: "石垣店" }] });
    const csvTypes = [
      "車両クラス,車種名,車種名（英語）,定員,燃料,ミッション,喫煙,カーナビ,4WD,公開",
      "コンパクト,ヤリス,Yaris,5,ハイオク,MT,喫煙,いいえ,はい,いいえ",
      "9999,ノート,Note,5,,,,,,",
    ].join("\n");
    await handle.owner.execute(
      sql`insert into car_classes (site_id, class_name) values (${site.siteId}, 'コンパクト')`,
    );
    const typePreview = await previewImport(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      carTypesImporter,
      new TextEncoder().encode(csvTypes),
    );
    expect(typePreview.rows.find((r) => r.line === 3)?.errors).toEqual([
      { field: "class", reason: { code: "choose_from", params: { value: "9999", choices: "コンパクト" } } },
    ]);
    const fixed = await previewImport(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      carTypesImporter,
      new TextEncoder().encode(csvTypes.replace("9999,", "コンパクト,")),
    );
    expect(fixed.withErrors).toBe(0);
    await commitImport(handle.forSite(site.siteId), site.siteId, owner, carTypesImporter, {
      text: fixed.text,
      fileName: "types.csv",
    });
    const types = await handle.forSite(site.siteId).select().from(carTypes).where(eq(carTypes.siteId, site.siteId));
    expect(
      types.map((t) => [t.typeName, t.fuel, t.transmission, t.smoking, t.hasNavigation, t.isFourWd, t.isPublished]),
    ).toEqual([
      ["ヤリス", 2, 2, 2, false, true, false],
      ["ノート", 1, 1, 1, false, false, true],
    ]);

    const plate = (n: number) => `沖縄 500 わ ${String(n).padStart(4, "0")}`;
    const rows = Array.from(
      { length: 40 },
      (_, i) => `${i % 2 ? "石垣店" : "那覇空港店"},${i % 3 ? "ヤリス" : types[1]?.id},${plate(i)},白,${i * 100},`,
    );
    const duplicate = `那覇空港店,ヤリス,${plate(3)},黒,0,いいえ`;
    const unknown = `宮古店,ヤリス,${plate(99)},,,`;
    const file = ["store,car_type,registration_number,color,mileage_km,in_service", ...rows, duplicate, unknown].join(
      "\n",
    );
    const preview = await previewImport(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      vehiclesImporter,
      new TextEncoder().encode(file),
    );
    expect(preview.withErrors).toBe(2);
    expect(preview.rows.map((r) => [r.line, r.errors])).toEqual([
      [42, [{ field: "registration_number", reason: { code: "registration_duplicate", params: { line: 5 } } }]],
      [43, [{ field: "store", reason: expect.objectContaining({ code: "choose_from" }) }]],
    ]);
    const good = ["store,car_type,registration_number,color,mileage_km,in_service", ...rows].join("\n");
    await commitImport(handle.forSite(site.siteId), site.siteId, owner, vehiclesImporter, {
      text: good,
      fileName: "fleet.csv",
    });
    const fleet = await handle.forSite(site.siteId).select().from(vehicles).where(eq(vehicles.siteId, site.siteId));
    expect(fleet).toHaveLength(40);
    expect(fleet.filter((v) => v.storeId === site.storeIds[1])).toHaveLength(20);
    // The same file again: every number is taken now, and nothing more is written.
    const again = await previewImport(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      vehiclesImporter,
      new TextEncoder().encode(good),
    );
    expect(again.withErrors).toBe(40);
    expect(again.rows[0]?.errors).toEqual([{ field: "registration_number", reason: { code: "registration_taken" } }]);
  });

  it("writes a fleet of 5,000 vehicles in one transaction (batched past the 65,535 parameters of a statement)", async () => {
    const site = await makeSite(handle.owner);
    await handle.owner.execute(sql`insert into car_classes (site_id, class_name) values (${site.siteId}, 'C')`);
    const [cls] = await handle
      .forSite(site.siteId)
      .select({ id: carClasses.id })
      .from(carClasses)
      .where(eq(carClasses.siteId, site.siteId));
    await handle.owner
      .insert(carTypes)
      .values({ siteId: site.siteId, classId: cls?.id as number, typeName: "T", capacity: 5 });
    const lines = Array.from({ length: 5000 }, (_, i) => `本店,T,P-${i},,${i},1`);
    const text = ["店舗,車種,登録番号,色,走行距離,稼働", ...lines].join("\r\n");
    const preview = await previewImport(
      handle.forSite(site.siteId),
      site.siteId,
      owner,
      vehiclesImporter,
      new TextEncoder().encode(text),
    );
    expect(preview).toMatchObject({ total: 5000, withErrors: 0 });
    expect(preview.rows).toHaveLength(100);
    expect(
      (
        await commitImport(handle.forSite(site.siteId), site.siteId, owner, vehiclesImporter, {
          text,
          fileName: "big.csv",
        })
      ).count,
    ).toBe(5000);
    const [row] = await handle
      .forSite(site.siteId)
      .select({ n: count() })
      .from(vehicles)
      .where(eq(vehicles.siteId, site.siteId));
    expect(row?.n).toBe(5000);
  });
});
