import sharp from "sharp";
import type { BlobStore } from "#server/uploads/blob-store";
import { MAX_INPUT_PIXELS, sniffImageType } from "#server/uploads/images";

/**
 * The public site's pictures uploaded in the back office (car photos, the logo, the favicon): kept in
 * a store of their own (`DATA_DIR/media`, never the licence images' store) and served to anyone at
 * `/media/{key}.{format}` with a year's cache, since a key never changes its bytes. Only JPEG, PNG and
 * WebP are read (by their bytes: an SVG, with or without a script, is refused); every variant is
 * decoded and encoded again by sharp, without metadata.
 */
export type MediaFormat = "webp" | "png";

export interface MediaVariant {
  /** The box the picture is fitted into (`cover` fills it, cropping the middle; `inside` keeps it whole). */
  width: number;
  height: number;
  fit: "cover" | "inside";
  format: MediaFormat;
}

export interface StoredVariant {
  path: string;
  width: number;
  height: number;
}

const MEDIA_PATH = /^\/media\/([a-f0-9]{32})\.(webp|png)$/;

export const mediaPath = (key: string, format: MediaFormat) => `/media/${key}.${format}`;

/** The key and format a media path names, or null for any other path (a demo file under `/demo`, say). */
export function parseMediaPath(path: string): { key: string; format: MediaFormat } | null {
  const m = MEDIA_PATH.exec(path);
  return m ? { key: m[1] as string, format: m[2] as MediaFormat } : null;
}

/** The picture's size, or null when the bytes are not a JPEG, PNG or WebP that decodes. */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  if (!sniffImageType(bytes)) return null;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate().metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    return meta.width && meta.height
      ? { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height }
      : null;
  } catch {
    return null;
  }
}

/**
 * Stores each variant of an uploaded picture and returns their paths, or null when the bytes are not
 * an accepted image. Never enlarges: a small picture stays its size.
 */
export async function storeImage(
  media: BlobStore,
  bytes: Uint8Array,
  variants: readonly MediaVariant[],
): Promise<StoredVariant[] | null> {
  if (!(await imageSize(bytes))) return null;
  const stored: StoredVariant[] = [];
  try {
    for (const v of variants) {
      const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: v.width, height: v.height, fit: v.fit, withoutEnlargement: true });
      const { data, info } = await (v.format === "webp"
        ? image.webp({ quality: 82 })
        : image.png({ compressionLevel: 9 })
      ).toBuffer({ resolveWithObject: true });
      const key = await media.put(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      stored.push({ path: mediaPath(key, v.format), width: info.width, height: info.height });
    }
    return stored;
  } catch {
    await discardMedia(
      media,
      stored.map((s) => s.path),
    );
    return null;
  }
}

/** Removes pictures no longer used (after the change that dropped them is committed); other paths are left alone. */
export async function discardMedia(media: BlobStore, paths: readonly string[]): Promise<void> {
  for (const p of paths) {
    const parsed = parseMediaPath(p);
    if (parsed) await media.delete(parsed.key);
  }
}
