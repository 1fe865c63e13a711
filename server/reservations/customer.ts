import type { IsoDate } from "#common/calendar-date";
import type { Reason } from "#server/availability/reasons";
import type { Db } from "#server/db/client";
import type { ReservationPerson } from "#server/db/schema";
import { licenceExpired, MAX_IMAGE_BYTES, MAX_IMAGES } from "#server/drivers/driver.schema";
import { getDriver } from "#server/drivers/drivers";
import { prepareImages } from "#server/drivers/images";
import { AppError } from "#server/errors";
import type { Logger } from "#server/logger";
import type { BlobStore } from "#server/uploads/blob-store";
import type { CustomerInput } from "./customer.schema";
import type { DriverChoice } from "./reserve-session";

/**
 * Spec §7 validate-reserve-customer: the customer step checked against what the form's schema
 * cannot see, and turned into what the reservation session keeps. The schema has already run
 * (customer.schema.ts); this checks whose a saved driver is, stores the new driver's licence
 * images, and keeps the images stored earlier for this booking when no new ones replace them.
 */

/** The borrower as the session and the reservation keep it (the country too, for overseas addresses). */
export type CustomerBorrower = { [K in keyof ReservationPerson]: ReservationPerson[K] };
type StoredImage = Extract<DriverChoice, { mode: "new" }>["images"][number];

export interface ReserveCustomer {
  borrower: CustomerBorrower;
  driver: DriverChoice;
  /** The saved driver chosen (spec §3 selected driver), kept by Back from the confirmation. */
  selectedDriverId: number | null;
  destination: string;
  purpose: string;
  passengers: number | null;
  /**
   * Images stored earlier for this booking that the new choice no longer uses (replaced,
   * removed, or another kind of driver chosen): delete them once the session is saved
   * (`discardImages`), so a failure before that leaves the session's images in place.
   */
  discardedImageKeys: string[];
}

export interface ValidateReserveCustomerInput {
  /** The signed-in member, or null for a guest. */
  memberId: number | null;
  input: CustomerInput;
  /** The driver the session held before (coming back from the confirmation), with its stored images. */
  previous: DriverChoice | null;
  /**
   * The image slots the form showed, in order: the stored images fill the first ones (as
   * `storedImageSlots` in the schema says), so a new file for one of them replaces it.
   */
  imageSlots: readonly number[];
  /** Today in the site's time zone (licence expiry of a saved driver). */
  today: IsoDate;
  blobs: BlobStore;
  logger?: Logger;
}

const fieldError = (field: string, reason: Reason) =>
  new AppError("invalid_input", { fieldErrors: { [field]: reason } });

export async function validateReserveCustomer(
  db: Db,
  siteId: string,
  { memberId, input, previous, imageSlots, today, blobs, logger }: ValidateReserveCustomerInput,
): Promise<ReserveCustomer> {
  const b = input.borrower;
  const borrower: CustomerBorrower = {
    userType: b.userType,
    company: b.company,
    companyKana: b.companyKana,
    name: b.name,
    kana: b.kana,
    email: b.email,
    tel: b.tel,
    zip: b.zip,
    prefCode: b.prefCode,
    country: b.country,
    addressA: b.addressA,
    addressB: b.addressB,
  };
  const previousImages = previous?.mode === "new" ? previous.images : [];
  const trip = { destination: input.destination, purpose: input.purpose, passengers: input.passengers };
  const d = input.driver;

  if (d.mode === "same") {
    return {
      borrower,
      driver: { mode: "same" },
      selectedDriverId: null,
      ...trip,
      discardedImageKeys: previousImages.map((i) => i.key),
    };
  }

  if (d.mode === "saved") {
    // Only a member has saved drivers; a guest's form never offers them.
    if (memberId === null) throw fieldError("driver_mode", { code: "invalid_choice" });
    let saved: Awaited<ReturnType<typeof getDriver>>;
    try {
      saved = await getDriver(db, siteId, memberId, d.driverId);
    } catch (error) {
      // Another member's driver, another site's, or one deleted meanwhile: not one of the choices.
      if (error instanceof AppError && error.status === 404) throw fieldError("driver_id", { code: "invalid_choice" });
      throw error;
    }
    if (saved.licenseExpirationDate && licenceExpired(saved.licenseExpirationDate, today)) {
      throw fieldError("driver_id", { code: "license_expired" });
    }
    return {
      borrower,
      driver: { mode: "saved", driverId: saved.id },
      selectedDriverId: saved.id,
      ...trip,
      discardedImageKeys: previousImages.map((i) => i.key),
    };
  }

  // A new driver: stored images sit in the form's first slots; new files replace them by slot.
  if (d.images.length > MAX_IMAGES) throw fieldError("form", { code: "image_too_many", params: { max: MAX_IMAGES } });
  for (const { slot, file } of d.images) {
    if (file.size > MAX_IMAGE_BYTES) throw fieldError(`driver_image${slot}`, { code: "image_too_large" });
  }
  const prepared = await prepareImages(d.images);
  const bySlot = new Map<number, StoredImage>();
  imageSlots.forEach((slot, index) => {
    const kept = previousImages[index];
    if (kept && !d.removals.includes(slot)) bySlot.set(slot, kept);
  });
  const put: StoredImage[] = [];
  try {
    for (const { slot, image } of prepared) {
      const stored = {
        key: await blobs.put(image.bytes),
        contentType: image.contentType,
        size: image.bytes.byteLength,
      };
      put.push(stored);
      bySlot.set(slot, stored);
    }
  } catch (error) {
    await discardImages(
      blobs,
      put.map((p) => p.key),
      logger,
    );
    throw error;
  }
  const images = imageSlots.flatMap((slot) => {
    const image = bySlot.get(slot);
    return image ? [image] : [];
  });
  const used = new Set(images.map((i) => i.key));
  const f = d.driver;
  return {
    borrower,
    driver: {
      mode: "new",
      person: {
        name: f.name ?? "",
        ...(f.kana !== undefined ? { kana: f.kana } : {}),
        ...(f.birthdate !== undefined ? { birthdate: f.birthdate } : {}),
        ...(f.tel !== undefined ? { tel: f.tel } : {}),
        ...(f.zip !== undefined ? { zip: f.zip } : {}),
        ...(f.country !== undefined ? { country: f.country } : {}),
        ...(f.prefCode !== undefined ? { prefCode: f.prefCode } : {}),
        ...(f.addressA !== undefined ? { addressA: f.addressA } : {}),
        ...(f.addressB !== undefined ? { addressB: f.addressB } : {}),
        ...(f.licenseNumber !== undefined ? { licenseNumber: f.licenseNumber } : {}),
      },
      licenseTypes: f.licenseTypes ?? [],
      licenseAcquisitionDate: f.licenseAcquisitionDate ?? null,
      licenseExpirationDate: f.licenseExpirationDate ?? null,
      images,
    },
    selectedDriverId: null,
    ...trip,
    discardedImageKeys: previousImages.filter((i) => !used.has(i.key)).map((i) => i.key),
  };
}

/** Best effort: an image left behind is an orphan under a random key, logged, never served. */
export async function discardImages(blobs: BlobStore, keys: readonly string[], logger?: Logger): Promise<void> {
  for (const key of keys) {
    try {
      await blobs.delete(key);
    } catch (error) {
      logger?.warn({ err: error }, "booking licence image not deleted");
    }
  }
}
