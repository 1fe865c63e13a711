import { and, asc, count, eq } from "drizzle-orm";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { carClasses, carTypes, reservations, vehicles } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { mlColumns } from "#server/staff/admin-fields.schema";
import { type Actor, authorize } from "#server/staff/permissions";
import type { BlobStore } from "#server/uploads/blob-store";
import { discardPhotos, type StoredPhoto, storePhotos } from "./car-photos";
import { type CarTypeInput, MAX_PHOTOS } from "./car-type.schema";
import { isStillReferenced } from "./sql-errors";

/**
 * Car types in the back office (issue 23): what a visitor books, with the facts and photos the public
 * pages show. Anyone on the staff reads them; changing them needs `catalog.edit`. Photos live in the
 * media store; the row holds their paths, and a photo's files are removed only once the change that
 * dropped it is committed.
 */
export type CarTypeRecord = typeof carTypes.$inferSelect & { photos: StoredPhoto[] };

export interface CarTypeListRow {
  id: number;
  typeName: string;
  typeNameEn: string | null;
  className: string;
  classNameEn: string | null;
  capacity: number;
  transmission: number;
  isPublished: boolean;
  displayOrder: number;
  vehicles: number;
  /** The cover's smallest picture, for the list. */
  cover: string | null;
}

/** A row's photos as pairs (older rows and the demo's have no small variant). */
const photosOf = (row: { imagePaths: string[]; imageThumbPaths: string[] }): StoredPhoto[] =>
  row.imagePaths.map((src, i) => ({ src, thumb: row.imageThumbPaths[i] ?? "" }));

function photoColumns(photos: readonly StoredPhoto[]) {
  const thumbs = photos.map((p) => p.thumb);
  return { imagePaths: photos.map((p) => p.src), imageThumbPaths: thumbs.some(Boolean) ? thumbs : [] };
}

export async function listCarTypes(db: Db, siteId: string, actor: Actor): Promise<CarTypeListRow[]> {
  authorize(actor, "view");
  const [rows, counts] = await Promise.all([
    db
      .select({ type: carTypes, className: carClasses.className, classNameEn: carClasses.classNameEn })
      .from(carTypes)
      .innerJoin(carClasses, and(eq(carClasses.siteId, carTypes.siteId), eq(carClasses.id, carTypes.classId)))
      .where(eq(carTypes.siteId, siteId))
      .orderBy(asc(carClasses.displayOrder), asc(carTypes.displayOrder), asc(carTypes.id)),
    db
      .select({ carTypeId: vehicles.carTypeId, n: count() })
      .from(vehicles)
      .where(eq(vehicles.siteId, siteId))
      .groupBy(vehicles.carTypeId),
  ]);
  const byType = new Map(counts.map((c) => [c.carTypeId, c.n]));
  return rows.map(({ type: t, className, classNameEn }) => {
    const cover = photosOf(t)[0];
    return {
      id: t.id,
      typeName: t.typeName,
      typeNameEn: t.typeNameEn,
      className,
      classNameEn,
      capacity: t.capacity,
      transmission: t.transmission,
      isPublished: t.isPublished,
      displayOrder: t.displayOrder,
      vehicles: byType.get(t.id) ?? 0,
      cover: cover ? cover.thumb || cover.src : null,
    };
  });
}

/** Every car type's id, Japanese name and class, in the order of the list (the vehicle form's picker). */
export async function carTypeChoices(
  db: Db,
  siteId: string,
  actor: Actor,
): Promise<{ id: number; name: string; nameEn: string | null; className: string; classNameEn: string | null }[]> {
  authorize(actor, "view");
  const rows = await db
    .select({
      id: carTypes.id,
      name: carTypes.typeName,
      nameEn: carTypes.typeNameEn,
      className: carClasses.className,
      classNameEn: carClasses.classNameEn,
    })
    .from(carTypes)
    .innerJoin(carClasses, and(eq(carClasses.siteId, carTypes.siteId), eq(carClasses.id, carTypes.classId)))
    .where(eq(carTypes.siteId, siteId))
    .orderBy(asc(carClasses.displayOrder), asc(carTypes.displayOrder), asc(carTypes.id));
  return rows.map((t) => ({ ...t, name: t.name || `#${t.id}` }));
}

async function readCarType(db: DbOrTx, siteId: string, carTypeId: number, lock = false) {
  const query = db
    .select()
    .from(carTypes)
    .where(and(eq(carTypes.siteId, siteId), eq(carTypes.id, carTypeId)));
  const [row] = await (lock ? query.for("update") : query);
  return row ?? null;
}

/** One car type with its photos; 404 for another site's. */
export async function getCarType(db: Db, siteId: string, actor: Actor, carTypeId: number): Promise<CarTypeRecord> {
  authorize(actor, "view");
  const row = await readCarType(db, siteId, carTypeId);
  if (!row) throw notFoundError();
  return { ...row, photos: photosOf(row) };
}

export function carTypeColumns(input: CarTypeInput) {
  const v = input as unknown as Record<string, string>;
  return {
    classId: input.class_id,
    ...mlColumns("typeName", v, "type_name"),
    ...mlColumns("modelNames", v, "model_names"),
    capacity: input.capacity,
    tankLitres: input.tank_litres,
    displacementCc: input.displacement_cc,
    doors: input.doors,
    fuel: Number(input.fuel),
    transmission: Number(input.transmission),
    smoking: Number(input.smoking),
    hasNavigation: input.has_navigation,
    hasEtc: input.has_etc,
    isFourWd: input.is_four_wd,
    ...mlColumns("notes", v, "notes"),
    displayOrder: input.display_order,
    isPublished: input.is_published,
  };
}

const badClass = () => new AppError("invalid_input", { fieldErrors: { class_id: { code: "invalid_choice" } } });
const tooManyPhotos = () =>
  new AppError("invalid_input", { fieldErrors: { photos: { code: "image_too_many", params: { max: MAX_PHOTOS } } } });

async function requireClass(db: Db, siteId: string, classId: number) {
  const [row] = await db
    .select({ id: carClasses.id })
    .from(carClasses)
    .where(and(eq(carClasses.siteId, siteId), eq(carClasses.id, classId)));
  if (!row) throw badClass();
}

/** The new photos stored (before any transaction: resizing takes a while), or a refusal on the photo field. */
async function storeNewPhotos(media: BlobStore, photos: readonly Uint8Array[]): Promise<StoredPhoto[]> {
  const stored = await storePhotos(media, photos);
  if (!stored) throw new AppError("invalid_input", { fieldErrors: { photos: { code: "image_type" } } });
  return stored;
}

/** Runs the write; when it fails, the photos stored for it go too. */
async function withPhotos<T>(media: BlobStore, added: readonly StoredPhoto[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await discardPhotos(media, added);
    if (isStillReferenced(error)) throw badClass();
    throw error;
  }
}

export async function createCarType(
  db: Db,
  media: BlobStore,
  siteId: string,
  actor: Actor,
  input: CarTypeInput,
  newPhotos: readonly Uint8Array[] = [],
): Promise<{ carTypeId: number }> {
  authorize(actor, "catalog.edit");
  await requireClass(db, siteId, input.class_id);
  if (newPhotos.length > MAX_PHOTOS) throw tooManyPhotos();
  const added = await storeNewPhotos(media, newPhotos);
  const columns = { ...carTypeColumns(input), ...photoColumns(added) };
  return withPhotos(media, added, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(carTypes)
        .values({ ...columns, siteId })
        .returning({ id: carTypes.id });
      if (!row) throw new Error("car type insert returned no row");
      const { imageThumbPaths: _thumbs, ...after } = columns;
      await recordAudit(tx, siteId, actor, { action: "car_type.create", entity: "car_type", entityId: row.id, after });
      return { carTypeId: row.id };
    }),
  );
}

/**
 * Saves a car type: its fields, its kept photos in the order chosen, then the new ones. The row is
 * locked while the photo list is worked out, so two people editing photos at once lose none; a
 * photo someone else added meanwhile (not in this form) stays, after the kept ones.
 */
export async function updateCarType(
  db: Db,
  media: BlobStore,
  siteId: string,
  actor: Actor,
  carTypeId: number,
  input: CarTypeInput,
  newPhotos: readonly Uint8Array[] = [],
): Promise<void> {
  authorize(actor, "catalog.edit");
  if (!(await readCarType(db, siteId, carTypeId))) throw notFoundError();
  await requireClass(db, siteId, input.class_id);
  if (newPhotos.length > MAX_PHOTOS) throw tooManyPhotos();
  const added = await storeNewPhotos(media, newPhotos);
  const dropped = await withPhotos(media, added, () =>
    db.transaction(async (tx) => {
      const current = await readCarType(tx, siteId, carTypeId, true);
      if (!current) throw notFoundError();
      const saved = photosOf(current);
      const bySrc = new Map(saved.map((p) => [p.src, p]));
      const removed = new Set(input.photos.removed.filter((src) => bySrc.has(src)));
      const kept = [...new Set(input.photos.kept)].flatMap((src) => bySrc.get(src) ?? []);
      const listed = new Set(kept.map((p) => p.src));
      const untouched = saved.filter((p) => !listed.has(p.src) && !removed.has(p.src));
      const photos = [...kept, ...untouched, ...added];
      if (photos.length > MAX_PHOTOS) throw tooManyPhotos();
      const columns = { ...carTypeColumns(input), ...photoColumns(photos) };
      await tx
        .update(carTypes)
        .set(columns)
        .where(and(eq(carTypes.siteId, siteId), eq(carTypes.id, carTypeId)));
      const { id: _id, siteId: _site, imageThumbPaths: _was, ...before } = current;
      const { imageThumbPaths: _now, ...after } = columns;
      const diff = changedFields(before, after);
      if (Object.keys(diff.after).length) {
        await recordAudit(tx, siteId, actor, {
          action: "car_type.update",
          entity: "car_type",
          entityId: carTypeId,
          ...diff,
        });
      }
      return saved.filter((p) => removed.has(p.src));
    }),
  );
  await discardPhotos(media, dropped);
}

/** Deletes a car type no vehicle and no booking (past or to come) refers to; its photos go after. */
export async function deleteCarType(
  db: Db,
  media: BlobStore,
  siteId: string,
  actor: Actor,
  carTypeId: number,
): Promise<void> {
  authorize(actor, "catalog.edit");
  const current = await readCarType(db, siteId, carTypeId);
  if (!current) throw notFoundError();
  const uses = await Promise.all(
    [vehicles, reservations].map(async (table) => {
      const [row] = await db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.siteId, siteId), eq(table.carTypeId, carTypeId)));
      return row?.n ?? 0;
    }),
  );
  if (uses.some((n) => n > 0)) throw new AppError("rejected", { reason: { code: "in_use" } });
  try {
    await db.transaction(async (tx) => {
      await tx.delete(carTypes).where(and(eq(carTypes.siteId, siteId), eq(carTypes.id, carTypeId)));
      const { id: _id, siteId: _site, imageThumbPaths: _thumbs, ...before } = current;
      await recordAudit(tx, siteId, actor, {
        action: "car_type.delete",
        entity: "car_type",
        entityId: carTypeId,
        before,
      });
    });
  } catch (error) {
    // A vehicle or booking added since the count above: the foreign keys still say no.
    if (isStillReferenced(error)) throw new AppError("rejected", { reason: { code: "in_use" } });
    throw error;
  }
  await discardPhotos(media, photosOf(current));
}
