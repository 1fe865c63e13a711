import { mkdtempSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, reservations } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { parseMediaPath } from "#server/media/images";
import { createDiskBlobStore } from "#server/uploads/blob-store";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { type CarTypeInput, CarTypeSchema, MAX_PHOTOS, photoFilesProblem } from "./car-type.schema";
import { createCarType, deleteCarType, getCarType, listCarTypes, updateCarType } from "./car-types";

let handle: TestDb;
let site: CreatedSite;
let classId: number;
let otherClassId: number;
const mediaDir = mkdtempSync(path.join(tmpdir(), "media-"));
const media = createDiskBlobStore(mediaDir);
const mediaFiles = async () =>
  (await readdir(mediaDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
const owner = actorAs("owner");
let jpeg: Uint8Array;
let png: Uint8Array;

beforeAll(async () => {
  handle = await createTestDb();
  site = await makeSite(handle.owner, {
    catalogue: {
      classes: [
        { key: "c", className: "コンパクト" },
        { key: "d", className: "ワゴン" },
      ],
      carTypes: [],
      vehicles: [],
    },
  });
  classId = site.catalogue?.classIds.c as number;
  otherClassId = site.catalogue?.classIds.d as number;
  jpeg = new Uint8Array(
    await sharp({ create: { width: 2000, height: 1500, channels: 3, background: "#3366aa" } })
      .jpeg()
      .toBuffer(),
  );
  png = new Uint8Array(
    await sharp({ create: { width: 400, height: 300, channels: 4, background: "#aa3366" } })
      .png()
      .toBuffer(),
  );
});
afterAll(() => handle.close());

function input(values: Record<string, string | string[]> = {}): CarTypeInput {
  const parsed = CarTypeSchema.safeParse({
    class_id: String(classId),
    type_name: "アクア",
    type_name_en: "Aqua",
    capacity: "5",
    fuel: "1",
    transmission: "1",
    smoking: "1",
    has_navigation: "1",
    display_order: "0",
    is_published: "1",
    ...values,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const stored = async (p: string) => {
  const parsed = parseMediaPath(p);
  return parsed ? media.get(parsed.key) : null;
};
const lastAudit = async () =>
  (
    await handle
      .forSite(site.siteId)
      .select()
      .from(auditLog)
      .where(eq(auditLog.siteId, site.siteId))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe("CarTypeSchema", () => {
  it("checks every car field of spec §3 and orders the kept photos", () => {
    const bad = CarTypeSchema.safeParse({
      class_id: "x",
      type_name: "",
      capacity: "61",
      displacement_cc: "abc",
      doors: "0",
      fuel: "6",
      transmission: "3",
      smoking: "",
      display_order: "",
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => `${String(i.path[0])}:${i.message}`)).toEqual([
      "class_id:invalid_choice",
      "type_name:required",
      "capacity:number_range",
      "displacement_cc:number_invalid",
      "doors:number_range",
      "fuel:invalid_choice",
      "transmission:invalid_choice",
      "smoking:invalid_choice",
      "display_order:required",
    ]);
    const ok = input({
      photo: ["/a", "/b", "/c"],
      photo_order: ["3", "1", "x"],
      photo_remove: "/b",
      has_etc: "0",
      is_four_wd: "on",
      displacement_cc: "1,500",
    });
    expect(ok).toMatchObject({ photos: { kept: ["/a", "/c"], removed: ["/b"] }, has_etc: false, is_four_wd: true });
    expect(ok.displacement_cc).toBe(1500);
  });

  it("says why chosen files cannot be added, as the browser and the server both judge them", () => {
    const photo = { size: 1000, type: "image/webp" };
    expect(photoFilesProblem([photo], 0)).toBeNull();
    expect(photoFilesProblem([{ size: 20 * 1024 * 1024, type: "image/png" }], 0)).toEqual({ code: "image_too_large" });
    expect(photoFilesProblem([{ size: 300, type: "image/svg+xml" }], 0)).toEqual({ code: "image_type" });
    expect(photoFilesProblem([photo, photo], MAX_PHOTOS - 1)).toEqual({
      code: "image_too_many",
      params: { max: MAX_PHOTOS },
    });
  });
});

describe("car types", () => {
  it("creates a car type with photos stored at 1280×800 and 320×200, and audits it without the small variants", async () => {
    const { carTypeId } = await createCarType(handle.forSite(site.siteId), media, site.siteId, owner, input(), [
      jpeg,
      png,
    ]);
    const row = await getCarType(handle.forSite(site.siteId), site.siteId, owner, carTypeId);
    expect(row).toMatchObject({
      typeName: "アクア",
      typeNameEn: "Aqua",
      capacity: 5,
      hasNavigation: true,
      hasEtc: false,
    });
    expect(row.photos).toHaveLength(2);
    const [first, second] = row.photos as [{ src: string; thumb: string }, { src: string; thumb: string }];
    expect(first.src).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
    const big = await sharp(Buffer.from((await stored(first.src)) as Uint8Array)).metadata();
    const small = await sharp(Buffer.from((await stored(first.thumb)) as Uint8Array)).metadata();
    expect([big.format, big.width, big.height, small.width, small.height]).toEqual(["webp", 1280, 800, 320, 200]);
    // A small picture is never enlarged.
    const kept = await sharp(Buffer.from((await stored(second.src)) as Uint8Array)).metadata();
    expect([kept.width, kept.height]).toEqual([400, 300]);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: "car_type.create", entityId: String(carTypeId) });
    expect(entry?.after).toMatchObject({ imagePaths: [first.src, second.src], typeName: "アクア" });
    expect(entry?.after).not.toHaveProperty("imageThumbPaths");
    const [listed] = await listCarTypes(handle.forSite(site.siteId), site.siteId, actorAs("read_only"));
    expect(listed).toMatchObject({ id: carTypeId, className: "コンパクト", vehicles: 0, cover: first.thumb });
  });

  it("reorders, removes and adds photos; the removed files go once the change is saved", async () => {
    const { carTypeId } = await createCarType(handle.forSite(site.siteId), media, site.siteId, owner, input(), [
      jpeg,
      png,
      png,
    ]);
    const [a, b, c] = (await getCarType(handle.forSite(site.siteId), site.siteId, owner, carTypeId)).photos as {
      src: string;
      thumb: string;
    }[];
    await updateCarType(
      handle.forSite(site.siteId),
      media,
      site.siteId,
      owner,
      carTypeId,
      input({
        photo: [a?.src ?? "", b?.src ?? "", c?.src ?? ""],
        photo_order: ["2", "9", "1"],
        photo_remove: b?.src ?? "",
      }),
      [jpeg],
    );
    const photos = (await getCarType(handle.forSite(site.siteId), site.siteId, owner, carTypeId)).photos;
    expect(photos.slice(0, 2)).toEqual([c, a]);
    expect(photos).toHaveLength(3);
    expect(await stored(b?.src ?? "")).toBeNull();
    expect(await stored(b?.thumb ?? "")).toBeNull();
    expect(await stored(a?.src ?? "")).not.toBeNull();
    expect(await lastAudit()).toMatchObject({
      action: "car_type.update",
      before: { imagePaths: [a?.src, b?.src, c?.src] },
      after: { imagePaths: photos.map((p) => p.src) },
    });
  });

  it("refuses more than six photos, an undecodable file and another site's class, storing nothing", async () => {
    const { carTypeId } = await createCarType(handle.forSite(site.siteId), media, site.siteId, owner, input(), [
      png,
      png,
      png,
      png,
    ]);
    const before = (await getCarType(handle.forSite(site.siteId), site.siteId, owner, carTypeId)).photos;
    const keep = { photo: before.map((p) => p.src) };
    const files = await mediaFiles();
    const tooMany = await refusal(
      updateCarType(handle.forSite(site.siteId), media, site.siteId, owner, carTypeId, input(keep), [png, png, png]),
    );
    expect(tooMany.details.fieldErrors?.photos).toEqual({ code: "image_too_many", params: { max: MAX_PHOTOS } });
    const broken = new Uint8Array([...png.slice(0, 60)]);
    const bad = await refusal(
      updateCarType(handle.forSite(site.siteId), media, site.siteId, owner, carTypeId, input(keep), [png, broken]),
    );
    expect(bad.details.fieldErrors?.photos).toEqual({ code: "image_type" });
    expect((await getCarType(handle.forSite(site.siteId), site.siteId, owner, carTypeId)).photos).toEqual(before);
    expect(await mediaFiles()).toBe(files);
    const other = await makeSite(handle.owner, {
      catalogue: { classes: [{ key: "x", className: "X" }], carTypes: [], vehicles: [] },
    });
    const foreign = await refusal(
      createCarType(
        handle.forSite(site.siteId),
        media,
        site.siteId,
        owner,
        input({ class_id: String(other.catalogue?.classIds.x) }),
      ),
    );
    expect(foreign.details.fieldErrors?.class_id).toEqual({ code: "invalid_choice" });
  });

  it("moves a car type to another class and records the change only", async () => {
    const { carTypeId } = await createCarType(handle.forSite(site.siteId), media, site.siteId, owner, input());
    await updateCarType(
      handle.forSite(site.siteId),
      media,
      site.siteId,
      actorAs("manager"),
      carTypeId,
      input({ class_id: String(otherClassId), fuel: "4" }),
    );
    expect(await lastAudit()).toMatchObject({
      before: { classId, fuel: 1 },
      after: { classId: otherClassId, fuel: 4 },
    });
  });

  it("refuses store staff and read-only staff, and answers 404 for another site's car type", async () => {
    const { carTypeId } = await createCarType(handle.forSite(site.siteId), media, site.siteId, owner, input());
    for (const actor of [actorAs("store_staff", site.storeIds), actorAs("read_only")]) {
      expect((await getCarType(handle.forSite(site.siteId), site.siteId, actor, carTypeId)).id).toBe(carTypeId);
      expect(
        (await refusal(createCarType(handle.forSite(site.siteId), media, site.siteId, actor, input()))).status,
      ).toBe(403);
      expect(
        (await refusal(updateCarType(handle.forSite(site.siteId), media, site.siteId, actor, carTypeId, input())))
          .status,
      ).toBe(403);
      expect(
        (await refusal(deleteCarType(handle.forSite(site.siteId), media, site.siteId, actor, carTypeId))).status,
      ).toBe(403);
    }
    const other = await makeSite(handle.owner);
    expect((await refusal(getCarType(handle.forSite(other.siteId), other.siteId, owner, carTypeId))).status).toBe(404);
    expect(
      (await refusal(updateCarType(handle.forSite(other.siteId), media, other.siteId, owner, carTypeId, input())))
        .status,
    ).toBe(404);
    expect(
      (await refusal(deleteCarType(handle.forSite(other.siteId), media, other.siteId, owner, carTypeId))).status,
    ).toBe(404);
  });

  it("refuses to delete a car type with vehicles or bookings; deletes an unused one with its photos", async () => {
    const used = await makeSite(handle.owner, {
      catalogue: {
        classes: [{ key: "c", className: "C" }],
        carTypes: [
          { key: "cars", classKey: "c", typeName: "A", capacity: 5 },
          { key: "booked", classKey: "c", typeName: "B", capacity: 5 },
        ],
        vehicles: [{ store: 0, typeKey: "cars", count: 1 }],
      },
    });
    const ids = used.catalogue?.typeIds ?? {};
    // A past booking, of a type whose cars have gone since.
    await handle.owner.insert(reservations).values({
      siteId: used.siteId,
      reserveNo: "OLD-1",
      storeId: used.storeIds[0] as number,
      carTypeId: ids.booked as number,
      startAt: new Date("2020-01-01T01:00:00Z"),
      endAt: new Date("2020-01-02T01:00:00Z"),
      status: "cancelled",
    });
    for (const key of ["cars", "booked"]) {
      const error = await refusal(
        deleteCarType(handle.forSite(used.siteId), media, used.siteId, owner, ids[key] as number),
      );
      expect(error.details.reason, key).toEqual({ code: "in_use" });
    }
    const { carTypeId } = await createCarType(handle.forSite(site.siteId), media, site.siteId, owner, input(), [png]);
    const [photo] = (await getCarType(handle.forSite(site.siteId), site.siteId, owner, carTypeId)).photos;
    await deleteCarType(handle.forSite(site.siteId), media, site.siteId, owner, carTypeId);
    expect(await lastAudit()).toMatchObject({ action: "car_type.delete", before: { typeName: "アクア" } });
    expect(await stored(photo?.src ?? "")).toBeNull();
    expect(await stored(photo?.thumb ?? "")).toBeNull();
  });
});
