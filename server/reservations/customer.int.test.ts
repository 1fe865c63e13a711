import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedSite } from "#server/db/seed/factories";
import { createDriver, createMember } from "#server/db/seed/members-factory";
import { driverFormConfig } from "#server/drivers/driver.schema";
import { AppError } from "#server/errors";
import { type BlobStore, createDiskBlobStore } from "#server/uploads/blob-store";
import { sniffImageType } from "#server/uploads/images";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { type ReserveCustomer, validateReserveCustomer } from "./customer";
import { type CustomerInput, customerSchema, storedImageSlots } from "./customer.schema";
import type { DriverChoice } from "./reserve-session";

/**
 * validate-reserve-customer (spec §7) on a real database: whose a saved driver is, guests and
 * saved drivers, and the new driver's licence images stored, kept when the visitor comes back,
 * replaced or withdrawn by slot.
 */

let handle: TestDb;
let blobs: BlobStore;
let site: CreatedSite;
let other: CreatedSite;
let seq = 0;

const TODAY = "2026-06-15";
const config = driverFormConfig(
  {
    fields: { name: 2, kana: 2, driver_image1: 1, driver_image2: 1 },
    licensePicturesDisplayNum: 2,
    shouldHideAllInputs: false,
  },
  TODAY,
);
const SLOTS = config.images.map((i) => i.slot);

beforeAll(async () => {
  handle = await createTestDb();
  blobs = createDiskBlobStore(mkdtempSync(path.join(tmpdir(), "customer-blobs-")));
  site = await makeSite(handle.owner);
  other = await makeSite(handle.owner);
});
afterAll(() => handle.close());

function member(siteId: string) {
  seq += 1;
  return createMember(handle.owner, siteId, { name: `会員${seq}`, email: `customer-test-${seq}@example.com` });
}

function driver(siteId: string, memberId: number, expires = "2028-05-01") {
  return createDriver(handle.owner, siteId, memberId, {
    name: "山田 太郎",
    kana: "ヤマダ タロウ",
    licenseTypes: ["ordinary"],
    licenseNumber: "987654321098",
    licenseAcquisitionDate: "2015-04-01",
    licenseExpirationDate: expires,
  });
}

const borrower = {
  user_type: "1",
  name: "山田 花子",
  kana: "ヤマダ ハナコ",
  email: "hanako@example.com",
  tel: "090-1234-5678",
  zip: "9000006",
  pref_code: "47",
  address_a: "那覇市おもろまち1-1-1",
};
const newDriver = {
  driver_mode: "new",
  driver_name: "鈴木 一郎",
  driver_kana: "スズキ イチロウ",
  driver_license_type_ordinary: "1",
  driver_license_number: "112233445566",
  driver_license_acquisition_date: "2015-04-01",
  driver_license_expiration_date: "2028-05-01",
};

/** A JPEG carrying EXIF, as a phone sends it. */
async function photo(color: number, name = "front.jpg"): Promise<File> {
  const bytes = await sharp({ create: { width: 20, height: 10, channels: 3, background: { r: color, g: 40, b: 0 } } })
    .withExif({ IFD0: { Make: "PhoneMaker" } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

/** The form as the schema reads it (the action runs the same). */
function input(values: Record<string, unknown>, options: { member: boolean; stored?: number } = { member: false }) {
  const result = customerSchema({
    driver: config,
    member: options.member,
    storedImageSlots: storedImageSlots(config, options.stored ?? 0),
  }).safeParse({ ...borrower, ...values });
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

function validate(
  memberId: number | null,
  customer: CustomerInput,
  previous: DriverChoice | null = null,
  siteId?: string,
) {
  return validateReserveCustomer(handle.forSite(siteId ?? site.siteId), siteId ?? site.siteId, {
    memberId,
    input: customer,
    previous,
    imageSlots: SLOTS,
    today: TODAY,
    blobs,
  });
}

async function fieldErrorsOf(promise: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof AppError) || !error.details.fieldErrors) throw error;
    return Object.fromEntries(Object.entries(error.details.fieldErrors).map(([k, v]) => [k, v.code]));
  }
  throw new Error("not refused");
}

function newImages(result: ReserveCustomer) {
  if (result.driver.mode !== "new") throw new Error("not a new driver");
  return result.driver.images;
}

describe("validate-reserve-customer", () => {
  it("keeps the borrower and the trip, the borrower driving", async () => {
    const result = await validate(null, input({ driver_mode: "same", destination: "北部", passengers: "3" }));
    expect(result).toEqual({
      borrower: {
        userType: 1,
        company: "",
        companyKana: "",
        name: "山田 花子",
        kana: "ヤマダ ハナコ",
        email: "hanako@example.com",
        // Kept in E.164, the country as a code ("JP" for a prefecture).
        tel: "+819012345678",
        zip: "9000006",
        prefCode: 47,
        country: "JP",
        addressA: "那覇市おもろまち1-1-1",
        addressB: "",
      },
      driver: { mode: "same" },
      selectedDriverId: null,
      destination: "北部",
      purpose: "",
      passengers: 3,
      discardedImageKeys: [],
    });
  });

  it("accepts the member's own saved driver as the selected driver", async () => {
    const memberId = await member(site.siteId);
    const driverId = await driver(site.siteId, memberId);
    const result = await validate(
      memberId,
      input({ driver_mode: "saved", driver_id: String(driverId) }, { member: true }),
    );
    expect(result.driver).toEqual({ mode: "saved", driverId });
    expect(result.selectedDriverId).toBe(driverId);
  });

  it("refuses another member's driver and another site's, next to the driver choice", async () => {
    const me = await member(site.siteId);
    const someoneElse = await member(site.siteId);
    const theirs = await driver(site.siteId, someoneElse);
    expect(
      await fieldErrorsOf(validate(me, input({ driver_mode: "saved", driver_id: String(theirs) }, { member: true }))),
    ).toEqual({ driver_id: "invalid_choice" });

    const abroad = await member(other.siteId);
    const otherSites = await driver(other.siteId, abroad);
    expect(
      await fieldErrorsOf(
        validate(me, input({ driver_mode: "saved", driver_id: String(otherSites) }, { member: true })),
      ),
    ).toEqual({ driver_id: "invalid_choice" });
    // The same member id on the other site is not this site's member either.
    expect(
      await fieldErrorsOf(
        validate(
          abroad,
          input({ driver_mode: "saved", driver_id: String(otherSites) }, { member: true }),
          null,
          site.siteId,
        ),
      ),
    ).toEqual({ driver_id: "invalid_choice" });
  });

  it("refuses a saved driver whose licence has expired", async () => {
    const memberId = await member(site.siteId);
    const expired = await driver(site.siteId, memberId, "2026-06-14");
    expect(
      await fieldErrorsOf(
        validate(memberId, input({ driver_mode: "saved", driver_id: String(expired) }, { member: true })),
      ),
    ).toEqual({ driver_id: "license_expired" });
  });

  it("never lets a guest use a saved driver, even one sent by hand", async () => {
    const owner = await member(site.siteId);
    const driverId = await driver(site.siteId, owner);
    // The schema of a member's form lets it through; the server knows there is no member.
    const forged = input({ driver_mode: "saved", driver_id: String(driverId) }, { member: true });
    expect(await fieldErrorsOf(validate(null, forged))).toEqual({ driver_mode: "invalid_choice" });
  });

  it("stores a new driver's images re-encoded, keeps them when the visitor comes back, replaces and withdraws by slot", async () => {
    const first = await validate(
      null,
      input({ ...newDriver, driver_image1: await photo(200), driver_image2: await photo(90, "back.jpg") }),
    );
    expect(first.driver).toMatchObject({
      mode: "new",
      person: { name: "鈴木 一郎", kana: "スズキ イチロウ", licenseNumber: "112233445566" },
      licenseTypes: ["ordinary"],
      licenseAcquisitionDate: "2015-04-01",
      licenseExpirationDate: "2028-05-01",
    });
    const stored = newImages(first);
    expect(stored).toHaveLength(2);
    for (const image of stored) {
      const bytes = await blobs.get(image.key);
      expect(bytes).not.toBeNull();
      expect(sniffImageType(bytes as Uint8Array)).toBe("image/jpeg");
      expect(image).toMatchObject({ contentType: "image/jpeg", size: (bytes as Uint8Array).byteLength });
      // Re-encoded: the phone's EXIF is gone.
      expect((await sharp(bytes as Uint8Array).metadata()).exif).toBeUndefined();
    }

    // Back from the confirmation with nothing new chosen: the same images, nothing to discard.
    const again = await validate(null, input({ ...newDriver }, { member: false, stored: 2 }), first.driver);
    expect(newImages(again)).toEqual(stored);
    expect(again.discardedImageKeys).toEqual([]);

    // A new file for slot 1 replaces the first image; the second stays.
    const replaced = await validate(
      null,
      input({ ...newDriver, driver_image1: await photo(10) }, { member: false, stored: 2 }),
      again.driver,
    );
    const now = newImages(replaced);
    expect(now).toHaveLength(2);
    expect(now[0]?.key).not.toBe(stored[0]?.key);
    expect(now[1]).toEqual(stored[1]);
    expect(replaced.discardedImageKeys).toEqual([stored[0]?.key]);

    // Slot 2 withdrawn: only the first is kept.
    const withdrawn = await validate(
      null,
      input({ ...newDriver, driver_image2_remove: "1" }, { member: false, stored: 2 }),
      replaced.driver,
    );
    expect(newImages(withdrawn)).toEqual([now[0]]);
    expect(withdrawn.discardedImageKeys).toEqual([stored[1]?.key]);

    // Another kind of driver: the remaining image is no longer used.
    const same = await validate(null, input({ driver_mode: "same" }), withdrawn.driver);
    expect(same.discardedImageKeys).toEqual([now[0]?.key]);
  });

  it("refuses a file that is not a decodable image, storing nothing", async () => {
    const forged = new File([new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02])], "x.jpg", { type: "image/jpeg" });
    expect(await fieldErrorsOf(validate(null, input({ ...newDriver, driver_image1: forged })))).toEqual({
      driver_image1: "image_type",
    });
  });

  it("refuses an image over 10 MB even when the form's limits were not in the way", async () => {
    const customer = input({ ...newDriver });
    if (customer.driver.mode !== "new") throw new Error("not a new driver");
    customer.driver.images = [{ slot: 1, file: new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.jpg") }];
    expect(await fieldErrorsOf(validate(null, customer))).toEqual({ driver_image1: "image_too_large" });
  });
});
