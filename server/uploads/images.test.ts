import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { reencodeImage, sniffImageType } from "./images";

const square = (format: "jpeg" | "png" | "webp", width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    [format]()
    .toBuffer();

const text = (s: string) => new TextEncoder().encode(s);

/** A PNG whose header claims `width`×`height` pixels, with no pixel data behind it. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("sniffImageType", () => {
  it("knows JPEG, PNG and WebP by their bytes", async () => {
    expect(sniffImageType(await square("jpeg"))).toBe("image/jpeg");
    expect(sniffImageType(await square("png"))).toBe("image/png");
    expect(sniffImageType(await square("webp"))).toBe("image/webp");
  });

  it("refuses SVG, HTML, a PDF (whatever its name) and an empty file", () => {
    expect(sniffImageType(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImageType(text("<!doctype html><html><body>hi</body></html>"))).toBeNull();
    expect(sniffImageType(text("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(text("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe("reencodeImage", () => {
  it("removes EXIF, GPS included, and keeps the format", async () => {
    const withGps = await sharp(await square("jpeg", 40, 30))
      .withExif({
        IFD0: { Make: "PhoneMaker", Copyright: "secret" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "26/1 12/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "127/1 40/1 0/1",
        },
      })
      .jpeg()
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.exif?.toString("latin1")).toContain("PhoneMaker");

    const clean = await reencodeImage(withGps);
    expect(clean?.contentType).toBe("image/jpeg");
    const after = await sharp(clean?.bytes).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(Buffer.from(clean?.bytes ?? []).toString("latin1")).not.toContain("PhoneMaker");
    expect([after.width, after.height]).toEqual([40, 30]);
  });

  it("turns the picture upright by its EXIF orientation before dropping it", async () => {
    const rotated = await sharp(await square("jpeg", 40, 20))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const clean = await reencodeImage(rotated);
    const after = await sharp(clean?.bytes).metadata();
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(after.orientation).toBeUndefined();
  });

  it("re-encodes PNG and WebP as themselves", async () => {
    expect((await reencodeImage(await square("png")))?.contentType).toBe("image/png");
    expect((await reencodeImage(await square("webp")))?.contentType).toBe("image/webp");
    expect((await sharp((await reencodeImage(await square("webp")))?.bytes).metadata()).format).toBe("webp");
  });

  it("refuses what is not an image of an accepted type, or does not decode", async () => {
    expect(await reencodeImage(text("%PDF-1.7 renamed.jpg"))).toBeNull();
    expect(await reencodeImage(new Uint8Array())).toBeNull();
    const jpeg = await square("jpeg", 64, 64);
    expect(await reencodeImage(jpeg.subarray(0, 40))).toBeNull();
  });

  it("refuses a picture claiming more pixels than the limit without decoding it", async () => {
    expect(await reencodeImage(pngClaiming(20_000, 20_000))).toBeNull();
  });
});
