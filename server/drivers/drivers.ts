import { and, asc, eq, exists, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { driverImages, drivers, reservations } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import type { Logger } from "#server/logger";
import { holdsACar } from "#server/reservations/status";
import type { BlobStore } from "#server/uploads/blob-store";
import type { CleanImage } from "#server/uploads/images";
import type { DriverFields } from "./driver.schema";

/**
 * A member's drivers (spec §3 Driver, §7 Drivers). Every call is scoped by site and member: a
 * driver id of another member or another site is a 404, never its data. Licence images live in
 * the BlobStore under random keys; the rows in `driver_images` say whose they are.
 */

export interface DriverImageInfo {
  id: number;
  slot: number;
  contentType: string;
  byteSize: number;
}

export interface DriverSummary {
  id: number;
  name: string;
  kana: string;
  licenseTypes: string[];
  licenseNumber: string;
  licenseExpirationDate: string | null;
  imageCount: number;
  /** Used by a reservation that is neither cancelled nor over: it cannot be deleted. */
  hasReserve: boolean;
}

export interface DriverDetail extends Omit<DriverFields, "licenseTypes"> {
  id: number;
  licenseTypes: string[];
  images: DriverImageInfo[];
}

/** A new image for a slot, already sniffed and re-encoded (server/uploads/images.ts). */
export interface SlotImage {
  slot: number;
  image: CleanImage;
}

export interface BlobDeps {
  blobs: BlobStore;
  logger?: Logger;
}

const owned = (siteId: string, memberId: number, driverId: number) =>
  and(eq(drivers.siteId, siteId), eq(drivers.memberId, memberId), eq(drivers.id, driverId));

/** A reservation that still needs its driver: not cancelled and not yet over. */
const activeReservationOf = (siteId: string, driverId: number, now: Date) =>
  and(eq(reservations.siteId, siteId), eq(reservations.driverId, driverId), holdsACar, gt(reservations.endAt, now));

export async function listDrivers(
  db: Db,
  siteId: string,
  memberId: number,
  now = new Date(),
): Promise<DriverSummary[]> {
  const rows = await db
    .select({
      id: drivers.id,
      name: drivers.name,
      kana: drivers.kana,
      licenseTypes: drivers.licenseTypes,
      licenseNumber: drivers.licenseNumber,
      licenseExpirationDate: drivers.licenseExpirationDate,
    })
    .from(drivers)
    .where(and(eq(drivers.siteId, siteId), eq(drivers.memberId, memberId)))
    .orderBy(asc(drivers.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [images, active] = await Promise.all([
    db
      .select({ driverId: driverImages.driverId, count: sql<number>`count(*)::int` })
      .from(driverImages)
      .where(and(eq(driverImages.siteId, siteId), inArray(driverImages.driverId, ids)))
      .groupBy(driverImages.driverId),
    db
      .selectDistinct({ driverId: reservations.driverId })
      .from(reservations)
      .where(
        and(
          eq(reservations.siteId, siteId),
          inArray(reservations.driverId, ids),
          holdsACar,
          gt(reservations.endAt, now),
        ),
      ),
  ]);
  const imageCount = new Map(images.map((i) => [i.driverId, Number(i.count)]));
  const onReserve = new Set(active.map((a) => a.driverId));
  return rows.map((r) => ({ ...r, imageCount: imageCount.get(r.id) ?? 0, hasReserve: onReserve.has(r.id) }));
}

export async function getDriver(db: Db, siteId: string, memberId: number, driverId: number): Promise<DriverDetail> {
  const [row] = await db
    .select()
    .from(drivers)
    .where(owned(siteId, memberId, driverId));
  if (!row) throw notFoundError();
  const images = await db
    .select({
      id: driverImages.id,
      slot: driverImages.slot,
      contentType: driverImages.contentType,
      byteSize: driverImages.byteSize,
    })
    .from(driverImages)
    .where(and(eq(driverImages.siteId, siteId), eq(driverImages.driverId, driverId)))
    .orderBy(asc(driverImages.slot));
  return {
    id: row.id,
    name: row.name,
    kana: row.kana,
    birthdate: row.birthdate,
    tel: row.tel,
    zip: row.zip,
    country: row.country,
    prefCode: row.prefCode,
    addressA: row.addressA,
    addressB: row.addressB,
    licenseTypes: row.licenseTypes,
    licenseNumber: row.licenseNumber,
    licenseAcquisitionDate: row.licenseAcquisitionDate,
    licenseExpirationDate: row.licenseExpirationDate,
    images,
  };
}

/** Spec §7 drivers/{id}/has-reserve: whether an active reservation uses the member's driver. */
export async function driverHasReserve(
  db: Db,
  siteId: string,
  memberId: number,
  driverId: number,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(owned(siteId, memberId, driverId));
  if (!row) throw notFoundError();
  const [active] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(activeReservationOf(siteId, driverId, now))
    .limit(1);
  return Boolean(active);
}

/** Puts new images in the store first; if one fails, the ones already put are removed. */
async function putImages(deps: BlobDeps, images: readonly SlotImage[]) {
  const put: { slot: number; key: string; image: CleanImage }[] = [];
  try {
    for (const { slot, image } of images) put.push({ slot, key: await deps.blobs.put(image.bytes), image });
  } catch (error) {
    await deleteBlobs(
      deps,
      put.map((p) => p.key),
    );
    throw error;
  }
  return put;
}

/** Best effort: a blob left behind is an orphan under a random name, logged, never served. */
async function deleteBlobs(deps: BlobDeps, keys: readonly string[]) {
  for (const key of keys) {
    try {
      await deps.blobs.delete(key);
    } catch (error) {
      deps.logger?.warn({ err: error }, "driver image blob not deleted");
    }
  }
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Replaces and removes images of a driver inside the caller's transaction; returns the keys they freed. */
async function replaceImages(
  tx: Tx,
  siteId: string,
  driverId: number,
  put: readonly { slot: number; key: string; image: CleanImage }[],
  removals: readonly number[],
): Promise<string[]> {
  const slots = [...new Set([...put.map((p) => p.slot), ...removals])];
  if (slots.length === 0) return [];
  const old = await tx
    .delete(driverImages)
    .where(and(eq(driverImages.siteId, siteId), eq(driverImages.driverId, driverId), inArray(driverImages.slot, slots)))
    .returning({ key: driverImages.blobKey });
  if (put.length > 0) {
    await tx.insert(driverImages).values(
      put.map((p) => ({
        siteId,
        driverId,
        slot: p.slot,
        blobKey: p.key,
        contentType: p.image.contentType,
        byteSize: p.image.bytes.byteLength,
      })),
    );
  }
  return old.map((o) => o.key);
}

/** Spec §7 drivers/register: a new driver of the member, with its images. */
export async function registerDriver(
  db: Db,
  deps: BlobDeps,
  siteId: string,
  memberId: number,
  fields: Partial<DriverFields>,
  images: readonly SlotImage[] = [],
): Promise<number> {
  const put = await putImages(deps, images);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(drivers)
        .values({ ...fields, siteId, memberId })
        .returning({ id: drivers.id });
      if (!row) throw new Error("driver not created");
      await replaceImages(tx, siteId, row.id, put, []);
      return row.id;
    });
  } catch (error) {
    await deleteBlobs(
      deps,
      put.map((p) => p.key),
    );
    throw error;
  }
}

/**
 * Spec §7 drivers/{id}/update: the shown fields (a hidden one keeps its value), new images
 * (replacing a slot's old one) and removed images. Old blobs go once the change is committed.
 */
export async function updateDriver(
  db: Db,
  deps: BlobDeps,
  siteId: string,
  memberId: number,
  driverId: number,
  fields: Partial<DriverFields>,
  images: readonly SlotImage[] = [],
  removals: readonly number[] = [],
): Promise<void> {
  const put = await putImages(deps, images);
  let freed: string[];
  try {
    freed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(drivers)
        .set({ ...fields, updatedAt: new Date() })
        .where(owned(siteId, memberId, driverId))
        .returning({ id: drivers.id });
      if (!row) throw notFoundError();
      return replaceImages(tx, siteId, driverId, put, removals);
    });
  } catch (error) {
    await deleteBlobs(
      deps,
      put.map((p) => p.key),
    );
    throw error;
  }
  await deleteBlobs(deps, freed);
}

/**
 * Spec §7 drivers/{id}/delete. Refused while a reservation that is neither cancelled nor over
 * uses the driver ("has-reserve"). Past and cancelled reservations keep their own copy of the
 * driver (the `driver` snapshot) and let go of the row; its images are deleted after the commit.
 * The driver's row is locked first, so a reservation being booked with it at the same moment
 * either is seen here or fails on its foreign key.
 */
export async function deleteDriver(
  db: Db,
  deps: BlobDeps,
  siteId: string,
  memberId: number,
  driverId: number,
  now = new Date(),
): Promise<void> {
  const freed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: drivers.id })
      .from(drivers)
      .where(owned(siteId, memberId, driverId))
      .for("update");
    if (!row) throw notFoundError();
    const [active] = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(activeReservationOf(siteId, driverId, now))
      .limit(1);
    if (active) throw new AppError("rejected", { reason: { code: "driver_has_reserve" } });
    const images = await tx
      .select({ key: driverImages.blobKey })
      .from(driverImages)
      .where(and(eq(driverImages.siteId, siteId), eq(driverImages.driverId, driverId)));
    await tx
      .update(reservations)
      .set({ driverId: null })
      .where(and(eq(reservations.siteId, siteId), eq(reservations.driverId, driverId)));
    await tx.delete(drivers).where(owned(siteId, memberId, driverId));
    return images.map((i) => i.key);
  });
  await deleteBlobs(deps, freed);
}

/** The image row of a member's driver's slot, or null (another member's, another site's, none). */
export async function findDriverImage(
  db: Db,
  siteId: string,
  memberId: number,
  driverId: number,
  slot: number,
): Promise<{ blobKey: string; contentType: string } | null> {
  const [row] = await db
    .select({ blobKey: driverImages.blobKey, contentType: driverImages.contentType })
    .from(driverImages)
    .where(
      and(
        eq(driverImages.siteId, siteId),
        eq(driverImages.driverId, driverId),
        eq(driverImages.slot, slot),
        exists(
          db
            .select({ one: sql`1` })
            .from(drivers)
            .where(owned(siteId, memberId, driverId)),
        ),
      ),
    );
  return row ?? null;
}
