import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionsFor } from "#server/catalog/options";
import { auditLog, carOptions } from "#server/db/schema";
import { createSiteCache } from "#server/sites/site-cache";
import type { Actor } from "#server/staff/permissions";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { type CarOptionInput, CarOptionSchema } from "./car-option.schema";
import { createCarOption, deleteCarOption, getCarOption, listCarOptions, updateCarOption } from "./car-options";

let handle: TestDb;
let siteId: string;
let otherSiteId: string;
let storeIds: number[];
let classIds: Record<string, number>;
let otherStoreId: number;
let otherClassId: number;

const actor = (role: Actor["role"], storeIds: number[] = []): Actor => ({
  id: 7,
  staffId: 7,
  email: `${role}@example.com`,
  name: `${role}@example.com`,
  role,
  storeIds,
});
const owner = actor("owner");
const manager = actor("manager");

beforeAll(async () => {
  handle = await createTestDb();
  const site = await makeSite(handle.owner, {
    stores: [{ storeName: "本店" }, { storeName: "空港店" }],
    catalogue: {
      classes: [
        { key: "compact", className: "コンパクト" },
        { key: "van", className: "バン" },
      ],
      carTypes: [],
      vehicles: [],
    },
  });
  siteId = site.siteId;
  storeIds = site.storeIds;
  classIds = site.catalogue?.classIds ?? {};
  const other = await makeSite(handle.owner, {
    catalogue: { classes: [{ key: "c", className: "他社" }], carTypes: [], vehicles: [] },
  });
  otherSiteId = other.siteId;
  otherStoreId = other.storeIds[0] as number;
  otherClassId = other.catalogue?.classIds.c as number;
});
afterAll(() => handle.close());

function input(form: Record<string, string | string[]> = {}): CarOptionInput {
  const parsed = CarOptionSchema.safeParse({
    option_name: "チャイルドシート",
    option_name_en: "Child seat",
    price: "５５０",
    price_unit: "2",
    max_quantity: "2",
    display_order: "1",
    store_ids: [],
    class_ids: [],
    ...form,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const auditOf = (action: string, entityId: number) =>
  handle
    .forSite(siteId)
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.siteId, siteId), eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id));

describe("the option form", () => {
  it("reads names, yen with full-width digits, the unit, 1-20 at most, and the ticked stores and classes", () => {
    expect(input({ store_ids: ["3", "x", "3", "1"], may_be_unavailable: "1" })).toMatchObject({
      option_name: "チャイルドシート",
      price: 550,
      price_unit: "2",
      max_quantity: 2,
      store_ids: [1, 3],
      may_be_unavailable: true,
    });
    const refused = CarOptionSchema.safeParse({
      option_name: "",
      price: "-1",
      price_unit: "3",
      max_quantity: "21",
      display_order: "0",
    });
    expect(refused.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["option_name", "required"],
      ["price", "number_range"],
      ["price_unit", "invalid_choice"],
      ["max_quantity", "number_range"],
    ]);
  });
});

describe("options", () => {
  it("creates an option for one store, which the booking then offers there only, and audits it", async () => {
    const { optionId } = await createCarOption(
      handle.forSite(siteId),
      siteId,
      owner,
      input({ store_ids: [String(storeIds[1])], may_be_unavailable: "1", covers_noc: "1" }),
    );
    const option = await getCarOption(handle.forSite(siteId), siteId, actor("read_only"), optionId);
    expect(option).toMatchObject({
      optionName: "チャイルドシート",
      optionNameEn: "Child seat",
      optionNameKr: null,
      price: 550,
      priceUnit: 2,
      maxQuantity: 2,
      storeIds: [storeIds[1]],
      classIds: [],
      mayBeUnavailable: true,
      coversNoc: true,
    });
    const [entry] = await auditOf("option.create", optionId);
    expect(entry).toMatchObject({ entity: "option", actor: "owner@example.com", before: null });
    expect(entry?.after).toMatchObject({ optionName: "チャイルドシート", price: 550, storeIds: [storeIds[1]] });

    const bundle = await createSiteCache({ freshMs: 0 }).get(handle.forSite(siteId), siteId);
    const offered = (storeId: number) => optionsFor(bundle?.catalogue.options ?? [], storeId).map((o) => o.id);
    expect(offered(storeIds[1] as number)).toContain(optionId);
    expect(offered(storeIds[0] as number)).not.toContain(optionId);
  });

  it("refuses another site's store or class as a wrong choice", async () => {
    const error = await refusal(
      createCarOption(
        handle.forSite(siteId),
        siteId,
        owner,
        input({ store_ids: [String(storeIds[0]), String(otherStoreId)], class_ids: [String(otherClassId)] }),
      ),
    );
    expect(error.status).toBe(422);
    expect(error.details.fieldErrors).toEqual({
      store_ids: { code: "invalid_choice" },
      class_ids: { code: "invalid_choice" },
    });
  });

  it("updates only what changed in the audit log, and is refused to store staff and read-only staff", async () => {
    const { optionId } = await createCarOption(
      handle.forSite(siteId),
      siteId,
      manager,
      input({ option_name: "スノータイヤ" }),
    );
    await updateCarOption(
      handle.forSite(siteId),
      siteId,
      manager,
      optionId,
      input({ option_name: "スノータイヤ", price: "1,100", class_ids: [String(classIds.van)] }),
    );
    const [entry] = await auditOf("option.update", optionId);
    expect(entry?.before).toEqual({ price: 550, classIds: [] });
    expect(entry?.after).toEqual({ price: 1100, classIds: [classIds.van] });
    for (const who of [actor("store_staff", storeIds), actor("read_only")]) {
      expect((await refusal(createCarOption(handle.forSite(siteId), siteId, who, input()))).status).toBe(403);
      expect((await refusal(updateCarOption(handle.forSite(siteId), siteId, who, optionId, input()))).status).toBe(403);
      expect((await refusal(deleteCarOption(handle.forSite(siteId), siteId, who, optionId))).status).toBe(403);
    }
  });

  it("lists in display order, deletes with the option kept in the audit log, and another site's option is not found", async () => {
    const { optionId } = await createCarOption(
      handle.forSite(siteId),
      siteId,
      owner,
      input({ option_name: "ETC", display_order: "0" }),
    );
    const list = await listCarOptions(handle.forSite(siteId), siteId, actor("read_only"));
    expect(list[0]?.id).toBe(optionId);
    expect(await listCarOptions(handle.forSite(otherSiteId), otherSiteId, owner)).toEqual([]);
    expect((await refusal(getCarOption(handle.forSite(otherSiteId), otherSiteId, owner, optionId))).status).toBe(404);
    expect(
      (await refusal(updateCarOption(handle.forSite(otherSiteId), otherSiteId, owner, optionId, input()))).status,
    ).toBe(404);
    expect((await refusal(deleteCarOption(handle.forSite(otherSiteId), otherSiteId, owner, optionId))).status).toBe(
      404,
    );
    await deleteCarOption(handle.forSite(siteId), siteId, owner, optionId);
    expect(await handle.forSite(siteId).select().from(carOptions).where(eq(carOptions.id, optionId))).toEqual([]);
    const [entry] = await auditOf("option.delete", optionId);
    expect(entry?.before).toMatchObject({ optionName: "ETC", price: 550 });
  });
});
