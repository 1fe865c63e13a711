import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driverImages, drivers, reservations } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import {
  createDriver,
  createMember,
  createMemberReservation,
  setDriverInputSettings,
} from "#server/db/seed/members-factory";
import { AppError } from "#server/errors";
import { type BlobStore, createDiskBlobStore } from "#server/uploads/blob-store";
import { reencodeImage } from "#server/uploads/images";
import { multipartBody, uploadRequest } from "#server/uploads/multipart-body.testkit";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { driverFormConfig, driverSchema } from "./driver.schema";
import {
  deleteDriver,
  driverHasReserve,
  getDriver,
  listDrivers,
  registerDriver,
  type SlotImage,
  updateDriver,
} from "./drivers";
import { prepareImages, readDriverImage, readDriverUpload } from "./images";
import { DEFAULT_DRIVER_INPUT_SETTINGS, readDriverInputSettings } from "./settings";

let handle: TestDb;
let blobs: BlobStore;
let site: CreatedSite;
let other: CreatedSite;
let seq = 0;

const DAY = 86_400_000;
const NOW = new Date("2026-06-15T03:00:00Z");

beforeAll(async () => {
  handle = await createTestDb();
  blobs = createDiskBlobStore(mkdtempSync(path.join(tmpdir(), "driver-blobs-")));
  const catalogue = {
    classes: [{ key: "c", className: "クラス" }],
    carTypes: [{ key: "t", classKey: "c", typeName: "車種", capacity: 5 }],
    vehicles: [{ store: 0, typeKey: "t", count: 2 }],
  };
  site = await makeSite(handle.owner, { catalogue });
  other = await makeSite(handle.owner, { catalogue });
});
afterAll(() => handle.close());

const deps = () => ({ blobs });

function member(siteId: string) {
  seq += 1;
  return createMember(handle.owner, siteId, { name: `会員${seq}`, email: `driver-test-${seq}@example.com` });
}

const fields = {
  name: "山田 花子",
  kana: "ヤマダ ハナコ",
  licenseTypes: ["ordinary" as const],
  licenseNumber: "123456789012",
  licenseAcquisitionDate: "2015-04-01",
  licenseExpirationDate: "2028-05-01",
};

async function jpegImage(slot: number, color = 120): Promise<SlotImage> {
  const bytes = await sharp({ create: { width: 16, height: 12, channels: 3, background: { r: color, g: 0, b: 0 } } })
    .jpeg()
    .toBuffer();
  const image = await reencodeImage(bytes);
  if (!image) throw new Error("test image not made");
  return { slot, image };
}

async function booking(
  target: CreatedSite,
  memberId: number,
  driverId: number,
  days: { from: number; to: number; cancelled?: boolean },
) {
  seq += 1;
  return createMemberReservation(handle.owner, target.siteId, memberId, {
    reserveNo: `T-${seq}`,
    storeId: target.storeIds[0] as number,
    carTypeId: Object.values(target.catalogue?.typeIds ?? {})[0] as number,
    startAt: new Date(NOW.getTime() + days.from * DAY),
    endAt: new Date(NOW.getTime() + days.to * DAY),
    status: days.cancelled ? ("cancelled" as const) : ("confirmed" as const),
    driverId,
    driver: { name: "山田 花子", licenseNumber: "123456789012" },
  });
}

const imageKeys = async (driverId: number) =>
  (
    await handle
      .forSite(site.siteId)
      .select({ key: driverImages.blobKey, slot: driverImages.slot })
      .from(driverImages)
      .where(and(eq(driverImages.siteId, site.siteId), eq(driverImages.driverId, driverId)))
  ).sort((a, b) => a.slot - b.slot);

function appErrorOf(error: unknown): { code: string; status: number; reason?: string } {
  if (!(error instanceof AppError)) throw error;
  return { code: error.code, status: error.status, reason: error.details.reason?.code };
}

describe("drivers scoped by site and member", () => {
  it("registers, lists, reads and updates a member's drivers", async () => {
    const memberId = await member(site.siteId);
    const id = await registerDriver(handle.forSite(site.siteId), deps(), site.siteId, memberId, fields, [
      await jpegImage(1),
    ]);
    const list = await listDrivers(handle.forSite(site.siteId), site.siteId, memberId, NOW);
    expect(list).toEqual([
      {
        id,
        name: "山田 花子",
        kana: "ヤマダ ハナコ",
        licenseTypes: ["ordinary"],
        licenseNumber: "123456789012",
        licenseExpirationDate: "2028-05-01",
        imageCount: 1,
        hasReserve: false,
      },
    ]);
    await updateDriver(handle.forSite(site.siteId), deps(), site.siteId, memberId, id, {
      name: "山田 太郎",
      licenseTypes: ["ordinary", "international"],
    });
    const detail = await getDriver(handle.forSite(site.siteId), site.siteId, memberId, id);
    expect(detail).toMatchObject({
      name: "山田 太郎",
      kana: "ヤマダ ハナコ",
      licenseTypes: ["ordinary", "international"],
      licenseNumber: "123456789012",
    });
    expect(detail.images.map((i) => [i.slot, i.contentType])).toEqual([[1, "image/jpeg"]]);
  });

  it("answers 404 for another member's or another site's driver, and changes nothing", async () => {
    const owner = await member(site.siteId);
    const stranger = await member(site.siteId);
    const elsewhere = await member(other.siteId);
    const id = await registerDriver(handle.forSite(site.siteId), deps(), site.siteId, owner, fields, [
      await jpegImage(1),
    ]);
    const attempts: [string, number][] = [
      [site.siteId, stranger],
      [other.siteId, elsewhere],
      [other.siteId, owner],
    ];
    for (const [siteId, memberId] of attempts) {
      await expect(getDriver(handle.forSite(siteId), siteId, memberId, id)).rejects.toSatisfy(
        (e) => appErrorOf(e).status === 404,
      );
      await expect(
        updateDriver(handle.forSite(siteId), deps(), siteId, memberId, id, { name: "乗っ取り" }, [
          await jpegImage(1, 10),
        ]),
      ).rejects.toSatisfy((e) => appErrorOf(e).status === 404);
      await expect(deleteDriver(handle.forSite(siteId), deps(), siteId, memberId, id, NOW)).rejects.toSatisfy(
        (e) => appErrorOf(e).status === 404,
      );
      await expect(driverHasReserve(handle.forSite(siteId), siteId, memberId, id, NOW)).rejects.toSatisfy(
        (e) => appErrorOf(e).status === 404,
      );
      expect(await readDriverImage(handle.forSite(siteId), blobs, siteId, memberId, id, 1)).toBeNull();
      expect(await listDrivers(handle.forSite(siteId), siteId, memberId, NOW)).toEqual([]);
    }
    expect((await getDriver(handle.forSite(site.siteId), site.siteId, owner, id)).name).toBe("山田 花子");
    expect(await imageKeys(id)).toHaveLength(1);
    expect(await readDriverImage(handle.forSite(site.siteId), blobs, site.siteId, owner, id, 1)).not.toBeNull();
  });
});

describe("deleting a driver (spec §7 has-reserve)", () => {
  it("is refused while a reservation that is neither cancelled nor over uses the driver", async () => {
    const memberId = await member(site.siteId);
    const id = await registerDriver(handle.forSite(site.siteId), deps(), site.siteId, memberId, fields);
    await booking(site, memberId, id, { from: 30, to: 32 });
    expect(await driverHasReserve(handle.forSite(site.siteId), site.siteId, memberId, id, NOW)).toBe(true);
    expect((await listDrivers(handle.forSite(site.siteId), site.siteId, memberId, NOW))[0]?.hasReserve).toBe(true);
    const refused = await deleteDriver(handle.forSite(site.siteId), deps(), site.siteId, memberId, id, NOW).catch(
      appErrorOf,
    );
    expect(refused).toEqual({ code: "rejected", status: 422, reason: "driver_has_reserve" });
    expect(await getDriver(handle.forSite(site.siteId), site.siteId, memberId, id)).toMatchObject({ id });
  });

  it("counts a rental in progress as active", async () => {
    const memberId = await member(site.siteId);
    const id = await registerDriver(handle.forSite(site.siteId), deps(), site.siteId, memberId, fields);
    await booking(site, memberId, id, { from: -1, to: 1 });
    await expect(deleteDriver(handle.forSite(site.siteId), deps(), site.siteId, memberId, id, NOW)).rejects.toSatisfy(
      (e) => appErrorOf(e).reason === "driver_has_reserve",
    );
  });

  it("detaches past and cancelled reservations (they keep their driver snapshot) and deletes", async () => {
    const memberId = await member(site.siteId);
    const id = await registerDriver(handle.forSite(site.siteId), deps(), site.siteId, memberId, fields);
    const past = await booking(site, memberId, id, { from: -10, to: -8 });
    const cancelled = await booking(site, memberId, id, { from: 20, to: 21, cancelled: true });
    expect(await driverHasReserve(handle.forSite(site.siteId), site.siteId, memberId, id, NOW)).toBe(false);
    await deleteDriver(handle.forSite(site.siteId), deps(), site.siteId, memberId, id, NOW);
    expect(await handle.forSite(site.siteId).select().from(drivers).where(eq(drivers.id, id))).toEqual([]);
    const rows = await handle
      .forSite(site.siteId)
      .select({ id: reservations.id, driverId: reservations.driverId, driver: reservations.driver })
      .from(reservations)
      .where(eq(reservations.siteId, site.siteId));
    for (const reservationId of [past, cancelled]) {
      expect(rows.find((r) => r.id === reservationId)).toMatchObject({
        driverId: null,
        driver: { name: "山田 花子", licenseNumber: "123456789012" },
      });
    }
  });
});

describe("licence images", () => {
  it("replacing a slot deletes the old blob; removing one deletes its row and blob", async () => {
    const memberId = await member(site.siteId);
    const id = await registerDriver(handle.forSite(site.siteId), deps(), site.siteId, memberId, fields, [
      await jpegImage(1),
      await jpegImage(2),
    ]);
    const [first, second] = await imageKeys(id);
    expect(await blobs.get(first?.key ?? "")).not.toBeNull();

    await updateDriver(
      handle.forSite(site.siteId),
      deps(),
      site.siteId,
      memberId,
      id,
      {},
      [await jpegImage(1, 250)],
      [2],
    );
    const after = await imageKeys(id);
    expect(after.map((a) => a.slot)).toEqual([1]);
    expect(after[0]?.key).not.toBe(first?.key);
    expect(await blobs.get(first?.key ?? "")).toBeNull();
    expect(await blobs.get(second?.key ?? "")).toBeNull();
    expect(await blobs.get(after[0]?.key ?? "")).not.toBeNull();
  });

  it("deleting a driver deletes its images", async () => {
    const memberId = await member(site.siteId);
    const id = await registerDriver(handle.forSite(site.siteId), deps(), site.siteId, memberId, fields, [
      await jpegImage(3),
    ]);
    const [image] = await imageKeys(id);
    await deleteDriver(handle.forSite(site.siteId), deps(), site.siteId, memberId, id, NOW);
    expect(await imageKeys(id)).toEqual([]);
    expect(await blobs.get(image?.key ?? "")).toBeNull();
  });

  it("a failed save leaves no new blob behind", async () => {
    const memberId = await member(site.siteId);
    const id = await registerDriver(handle.forSite(site.siteId), deps(), site.siteId, memberId, fields);
    const stranger = await member(site.siteId);
    const put: string[] = [];
    const recording: BlobStore = {
      ...blobs,
      put: async (bytes) => {
        const key = await blobs.put(bytes);
        put.push(key);
        return key;
      },
    };
    await expect(
      updateDriver(handle.forSite(site.siteId), { blobs: recording }, site.siteId, stranger, id, {}, [
        await jpegImage(1),
      ]),
    ).rejects.toSatisfy((e) => appErrorOf(e).status === 404);
    expect(put).toHaveLength(1);
    expect(await blobs.get(put[0] ?? "")).toBeNull();
  });

  it("an upload with EXIF and GPS is stored without them, and served only to its owner", async () => {
    const withGps = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#3366cc" } })
      .withExif({
        IFD0: { Make: "PhoneMaker", Model: "Pocket 9" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "26/1 12/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "127/1 40/1 0/1",
        },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();

    const body = multipartBody([
      { name: "name", value: "山田 花子" },
      { name: "license_type_ordinary", value: "1" },
      { name: "license_number", value: "123456789012" },
      { name: "license_acquisition_date", value: "2015-04-01" },
      { name: "license_expiration_date", value: "2028-05-01" },
      { name: "driver_image1", filename: "IMG_0001.JPG", type: "image/jpeg", bytes: withGps },
    ]);
    const upload = await readDriverUpload(uploadRequest(body));
    if (!upload.ok) throw new Error("upload refused");
    const config = driverFormConfig(DEFAULT_DRIVER_INPUT_SETTINGS, "2026-06-15");
    const parsed = driverSchema(config).safeParse(Object.fromEntries(upload.form));
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    const memberId = await member(site.siteId);
    const id = await registerDriver(
      handle.forSite(site.siteId),
      deps(),
      site.siteId,
      memberId,
      parsed.data.driver,
      await prepareImages(parsed.data.images),
    );

    const stored = await readDriverImage(handle.forSite(site.siteId), blobs, site.siteId, memberId, id, 1);
    expect(stored?.contentType).toBe("image/jpeg");
    const metadata = await sharp(stored?.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([30, 20]);
    expect(Buffer.from(stored?.bytes ?? []).toString("latin1")).not.toContain("PhoneMaker");
    expect(
      await readDriverImage(handle.forSite(site.siteId), blobs, site.siteId, await member(site.siteId), id, 1),
    ).toBeNull();
    expect(await readDriverImage(handle.forSite(site.siteId), blobs, site.siteId, memberId, id, 2)).toBeNull();
  });

  it("a file that does not decode is refused with image_type on its input", async () => {
    const broken = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "a.jpg", { type: "image/jpeg" });
    await expect(prepareImages([{ slot: 2, file: broken }])).rejects.toSatisfy(
      (e) => e instanceof AppError && e.details.fieldErrors?.driver_image2?.code === "image_type",
    );
  });
});

describe("driver input settings", () => {
  it("are read from the database, with the defaults for a site that has none", async () => {
    expect(await readDriverInputSettings(handle.forSite(other.siteId), other.siteId)).toEqual(
      DEFAULT_DRIVER_INPUT_SETTINGS,
    );
    await setDriverInputSettings(handle.owner, site.siteId, {
      fields: { kana: 2, tel: 0 },
      licensePicturesDisplayNum: 4,
      shouldHideAllInputs: false,
    });
    expect(await readDriverInputSettings(handle.forSite(site.siteId), site.siteId)).toEqual({
      fields: { kana: 2, tel: 0 },
      licensePicturesDisplayNum: 4,
      shouldHideAllInputs: false,
    });
  });
});

it("the seed factory's drivers are read like registered ones", async () => {
  const memberId = await member(site.siteId);
  const id = await createDriver(handle.owner, site.siteId, memberId, { name: "種", licenseTypes: ["ordinary"] });
  expect((await listDrivers(handle.forSite(site.siteId), site.siteId, memberId, NOW)).map((d) => d.id)).toEqual([id]);
});
