import sharp from "sharp";

/**
 * Uploaded images: the type is read from the bytes, never from the file name or the declared
 * type, and only JPEG, PNG and WebP pass. Every accepted image is decoded and encoded again in
 * its own format by sharp, which drops EXIF (GPS included), XMP and other metadata; the
 * orientation EXIF carried is applied to the pixels first so the picture stays upright.
 */
export type ImageType = "image/jpeg" | "image/png" | "image/webp";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type the bytes say, or null (SVG, HTML, PDF, an empty file … whatever the name says). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/** A picture larger than this many pixels is refused before it is decoded (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface CleanImage {
  bytes: Uint8Array;
  contentType: ImageType;
}

/**
 * The image re-encoded without metadata, or null when the bytes are not an image of an accepted
 * type or cannot be decoded (a truncated or forged file).
 */
export async function reencodeImage(bytes: Uint8Array): Promise<CleanImage | null> {
  const type = sniffImageType(bytes);
  if (!type) return null;
  try {
    // `failOn: "error"` refuses corrupt data; `.rotate()` bakes the EXIF orientation into the pixels.
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
    const out =
      type === "image/jpeg"
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : type === "image/png"
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 85 });
    const buffer = await out.toBuffer();
    return { bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), contentType: type };
  } catch {
    return null;
  }
}
