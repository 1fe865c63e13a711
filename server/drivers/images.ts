import type { Reason } from "#server/availability/reasons";
import type { Db } from "#server/db/client";
import { AppError } from "#server/errors";
import type { BlobStore } from "#server/uploads/blob-store";
import { formOf, type ImageFormRefusal, readImageForm } from "#server/uploads/image-form";
import { reencodeImage, sniffImageType } from "#server/uploads/images";
import type { UploadLimits } from "#server/uploads/multipart";
import { IMAGE_SLOTS, imageFieldName, MAX_IMAGE_BYTES, MAX_IMAGES } from "./driver.schema";
import { findDriverImage, type SlotImage } from "./drivers";

/**
 * Licence images of the driver form: the streamed upload with its limits, the check of each
 * file's bytes, the re-encoding, and the owner-only read.
 */

/** Spec §9: four images of at most 10 MB; the text fields of the form are small. */
export const DRIVER_UPLOAD_LIMITS: UploadLimits = {
  maxFileBytes: MAX_IMAGE_BYTES,
  maxFiles: MAX_IMAGES,
  maxFieldBytes: 16 * 1024,
  maxParts: 64,
};

const IMAGE_FIELD = new Set<string>(IMAGE_SLOTS.map(imageFieldName));

export type DriverUpload =
  | {
      ok: true;
      /** The text fields and, per image input, a File of the sniffed type. */
      form: FormData;
      /** Files whose bytes are not a JPEG, PNG or WebP image (whatever their name or declared type). */
      fileErrors: Record<string, Reason>;
    }
  | ImageFormRefusal;

/** Reads the driver form from the request as it streams in (server/uploads/multipart.ts). */
export async function readDriverUpload(request: Request): Promise<DriverUpload> {
  const read = await readImageForm(request, DRIVER_UPLOAD_LIMITS);
  if (!read.ok) return read;
  const { upload } = read;
  const form = formOf(upload.fields);
  const fileErrors: Record<string, Reason> = {};
  for (const file of upload.files) {
    if (!IMAGE_FIELD.has(file.field)) continue;
    const type = sniffImageType(file.bytes);
    if (!type) fileErrors[file.field] = { code: "image_type" };
    else form.append(file.field, new File([file.bytes as Uint8Array<ArrayBuffer>], file.filename, { type }));
  }
  return { ok: true, form, fileErrors };
}

/**
 * The chosen images re-encoded without metadata; a file that cannot be decoded is refused with
 * `image_type` on its input.
 */
export async function prepareImages(images: readonly { slot: number; file: File }[]): Promise<SlotImage[]> {
  const prepared: SlotImage[] = [];
  const fieldErrors: Record<string, Reason> = {};
  for (const { slot, file } of images) {
    const image = await reencodeImage(new Uint8Array(await file.arrayBuffer()));
    if (image) prepared.push({ slot, image });
    else fieldErrors[imageFieldName(slot)] = { code: "image_type" };
  }
  if (Object.keys(fieldErrors).length > 0) throw new AppError("invalid_input", { fieldErrors });
  return prepared;
}

/** The bytes and type of a member's driver's image, or null for anything not theirs. */
export async function readDriverImage(
  db: Db,
  blobs: BlobStore,
  siteId: string,
  memberId: number,
  driverId: number,
  slot: number,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const row = await findDriverImage(db, siteId, memberId, driverId, slot);
  if (!row) return null;
  const bytes = await blobs.get(row.blobKey);
  return bytes ? { bytes, contentType: row.contentType } : null;
}
