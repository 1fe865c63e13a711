import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carClasses, carTypes, stores } from "#server/db/schema";
import type { Actor } from "#server/staff/permissions";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { toCsv } from "./csv";
import { commitImport, type ImportKind, previewImport } from "./import";
import { IMPORTERS, importTemplate } from "./importers";

let handle: TestDb;
let siteId: string;
const owner: Actor = { id: 1, staffId: 1, email: "o@example.com", name: "o@example.com", role: "owner", storeIds: [] };

beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
  await handle.owner.insert(carClasses).values({ siteId, className: "ワゴン" });
});
afterAll(() => handle.close());

/** The template the back office hands this site (app/routes/admin/import-template.ts), as CSV text. */
async function template(kind: ImportKind, locale: "ja" | "en") {
  const importer = IMPORTERS[kind];
  const examples = importer.examples?.(await importer.lookups(handle.forSite(siteId), siteId));
  return toCsv(importTemplate(importer, locale, examples));
}

describe("CSV templates (issue 41)", () => {
  // In this order, each template finds what the one before it added (a store, then a car type).
  for (const [kind, locale] of [
    ["stores", "ja"],
    ["car_types", "ja"],
    ["vehicles", "ja"],
    ["vehicles", "en"],
  ] as const) {
    it(`the ${kind} template in ${locale} imports as it is`, async () => {
      const text = await template(kind, locale);
      const preview = await previewImport(
        handle.forSite(siteId),
        siteId,
        owner,
        IMPORTERS[kind],
        new TextEncoder().encode(text),
      );
      expect(preview.rows.flatMap((r) => r.errors)).toEqual([]);
      expect(preview.withErrors).toBe(0);
      await expect(
        commitImport(handle.forSite(siteId), siteId, owner, IMPORTERS[kind], { text, fileName: `${kind}.csv` }),
      ).resolves.toEqual({ count: 1 });
    });
  }

  it("the vehicles template names one of this site's own stores and car types", async () => {
    const [, example] = (await template("vehicles", "ja")).trim().split(/\r?\n/);
    const [store, carType] = example?.split(",") ?? [];
    const db = handle.forSite(siteId);
    const storeNames = (await db.select({ name: stores.storeName }).from(stores)).map((r) => r.name);
    const typeNames = (await db.select({ name: carTypes.typeName }).from(carTypes)).map((r) => r.name);
    expect(storeNames).toContain(store);
    expect(typeNames).toContain(carType);
  });

  it("an unknown store, car type or class is refused with the names it may take", async () => {
    const vehicles = await previewImport(
      handle.forSite(siteId),
      siteId,
      owner,
      IMPORTERS.vehicles,
      new TextEncoder().encode("店舗,車種,登録番号\nどこか店,セダン（カローラ等）,沖縄 500 わ 99-99\n"),
    );
    const errors = Object.fromEntries(vehicles.rows[0]?.errors.map((e) => [e.field, e.reason]) ?? []);
    expect(errors.car_type).toEqual({
      code: "choose_from",
      params: { value: "セダン（カローラ等）", choices: expect.stringContaining("コンパクトカー") },
    });
    expect(errors.store).toMatchObject({ code: "choose_from", params: { value: "どこか店" } });
    const types = await previewImport(
      handle.forSite(siteId),
      siteId,
      owner,
      IMPORTERS.car_types,
      new TextEncoder().encode("車両クラス,車種名,定員\nスポーツ,ロードスター,2\n"),
    );
    expect(types.rows[0]?.errors).toEqual([
      { field: "class", reason: { code: "choose_from", params: { value: "スポーツ", choices: "ワゴン" } } },
    ]);
  });
});
