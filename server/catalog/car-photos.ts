import type { Reason } from "#server/availability/reasons";
import { discardMedia, type MediaVariant, storeImage } from "#server/media/images";
import type { BlobStore } from "#server/uploads/blob-store";
import { formOf, type ImageFormRefusal, readImageForm } from "#server/uploads/image-form";
import { sniffImageType } from "#server/uploads/images";
import type { UploadLimits } from "#server/uploads/multipart";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_FIELD } from "./car-type.schema";

/**
 * Car photos: the car type form read as it streams in (server/uploads/multipart.ts), each file's
 * bytes checked, and every photo stored as the public pages show it (server/media/images.ts).
 */

/**
 * The car page shows a photo in an 8:5 box up to 576 px wide (1280×800 serves it on a dense screen);
 * the result card in one of 104 to 160 px (320×200). Both are cropped to 8:5 from the middle.
 */
export const PHOTO_VARIANTS: readonly MediaVariant[] = [
  { width: 1280, height: 800, fit: "cover", format: "webp" },
  { width: 320, height: 200, fit: "cover", format: "webp" },
];

export const CAR_TYPE_UPLOAD_LIMITS: UploadLimits = {
  maxFileBytes: MAX_PHOTO_BYTES,
  maxFiles: MAX_PHOTOS,
  maxFieldBytes: 32 * 1024,
  maxParts: 128,
};

export type CarTypeUpload =
  | {
      ok: true;
      /** The text fields. */
      form: FormData;
      /** The chosen photos' bytes, each a JPEG, PNG or WebP by its first bytes. */
      photos: Uint8Array[];
      /** Why a chosen file is no photo (an SVG, a PDF, an empty file … whatever its name says). */
      photoError: Reason | null;
    }
  | ImageFormRefusal;

export async function readCarTypeUpload(request: Request): Promise<CarTypeUpload> {
  const read = await readImageForm(request, CAR_TYPE_UPLOAD_LIMITS);
  if (!read.ok) return read;
  const { upload } = read;
  const photos: Uint8Array[] = [];
  let photoError: Reason | null = null;
  for (const file of upload.files) {
    if (file.field !== PHOTO_FIELD) continue;
    if (sniffImageType(file.bytes)) photos.push(file.bytes);
    else photoError = { code: "image_type" };
  }
  return { ok: true, form: formOf(upload.fields), photos, photoError };
}

export interface StoredPhoto {
  /** The 1280×800 picture (car page). */
  src: string;
  /** The 320×200 one (result card), "" for a picture that has none. */
  thumb: string;
}

/** Stores each photo's variants; null when one of them does not decode (every one stored so far is removed). */
export async function storePhotos(media: BlobStore, photos: readonly Uint8Array[]): Promise<StoredPhoto[] | null> {
  const stored: StoredPhoto[] = [];
  for (const bytes of photos) {
    const variants = await storeImage(media, bytes, PHOTO_VARIANTS);
    if (!variants) {
      await discardPhotos(media, stored);
      return null;
    }
    stored.push({ src: variants[0]?.path ?? "", thumb: variants[1]?.path ?? "" });
  }
  return stored;
}

export const discardPhotos = (media: BlobStore, photos: readonly StoredPhoto[]) =>
  discardMedia(
    media,
    photos.flatMap((p) => [p.src, p.thumb]),
  );
