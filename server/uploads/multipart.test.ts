import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "#server/drivers/driver.schema";
import { DRIVER_UPLOAD_LIMITS, readDriverUpload } from "#server/drivers/images";
import { maxBodyBytes, readUploadForm, UploadRefused } from "./multipart";
import { countingBody, multipartBody, partHead, uploadRequest } from "./multipart-body.testkit";

const MB = 1024 * 1024;
const bytes = (n: number, fill = 0x41) => new Uint8Array(n).fill(fill);
const JPEG_START = [0xff, 0xd8, 0xff, 0xe0];
const jpegLike = (n: number) => {
  const b = bytes(n);
  b.set(JPEG_START);
  return b;
};

async function refusal(promise: Promise<unknown>): Promise<UploadRefused> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UploadRefused) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("readUploadForm", () => {
  it("reads text fields and files in order, skipping inputs left empty", async () => {
    const body = multipartBody([
      { name: "_csrf", value: "token" },
      { name: "name", value: "山田 花子" },
      { name: "driver_image1", filename: "a.jpg", type: "image/jpeg", bytes: jpegLike(10) },
      { name: "driver_image2", filename: "", bytes: new Uint8Array() },
    ]);
    const form = await readUploadForm(uploadRequest(body), DRIVER_UPLOAD_LIMITS);
    expect(form.fields).toEqual([
      ["_csrf", "token"],
      ["name", "山田 花子"],
    ]);
    expect(form.files.map((f) => [f.field, f.filename, f.bytes.byteLength])).toEqual([["driver_image1", "a.jpg", 10]]);
  });

  it("takes a file of exactly 10 MB and refuses 10 MB + 1 byte", async () => {
    const ok = multipartBody([{ name: "driver_image1", filename: "a.jpg", bytes: jpegLike(MAX_IMAGE_BYTES) }]);
    expect((await readUploadForm(uploadRequest(ok), DRIVER_UPLOAD_LIMITS)).files).toHaveLength(1);
    const tooBig = multipartBody([
      { name: "name", value: "kept" },
      { name: "driver_image1", filename: "a.jpg", bytes: jpegLike(MAX_IMAGE_BYTES + 1) },
    ]);
    const refused = await refusal(readUploadForm(uploadRequest(tooBig), DRIVER_UPLOAD_LIMITS));
    expect(refused.limit).toBe("file_size");
    expect(refused.status).toBe(413);
    // What was typed before the file comes back to fill the form again.
    expect(refused.fields).toEqual([["name", "kept"]]);
  });

  it("refuses a fifth image", async () => {
    const parts = [1, 2, 3, 4, 5].map((i) => ({
      name: `driver_image${i}`,
      filename: `${i}.jpg`,
      bytes: jpegLike(100),
    }));
    expect(
      (await readUploadForm(uploadRequest(multipartBody(parts.slice(0, 4))), DRIVER_UPLOAD_LIMITS)).files,
    ).toHaveLength(4);
    const refused = await refusal(readUploadForm(uploadRequest(multipartBody(parts)), DRIVER_UPLOAD_LIMITS));
    expect(refused.limit).toBe("file_count");
  });

  it("refuses an oversized text field", async () => {
    const body = multipartBody([{ name: "name", value: "x".repeat(DRIVER_UPLOAD_LIMITS.maxFieldBytes + 1) }]);
    expect((await refusal(readUploadForm(uploadRequest(body), DRIVER_UPLOAD_LIMITS))).limit).toBe("field_size");
  });

  it("stops reading a 200 MB body at the first limit, without holding it", async () => {
    const head = partHead({ name: "driver_image1", filename: "huge.jpg", bytes: new Uint8Array() });
    const body = countingBody(head, 200 * MB);
    const refused = await refusal(readUploadForm(uploadRequest(body.stream), DRIVER_UPLOAD_LIMITS));
    expect(refused.limit).toBe("file_size");
    // It read the 10 MB a file may have and a chunk more, not the 200 MB.
    expect(body.pulled()).toBeGreaterThan(MAX_IMAGE_BYTES);
    expect(body.pulled()).toBeLessThan(MAX_IMAGE_BYTES + 1 * MB);
  });

  it("refuses a body announced larger than the limits before reading a byte", async () => {
    const body = countingBody(new Uint8Array(10), 200 * MB);
    const request = uploadRequest(body.stream, { "content-length": String(200 * MB) });
    expect((await refusal(readUploadForm(request, DRIVER_UPLOAD_LIMITS))).limit).toBe("total_size");
    expect(body.pulled()).toBe(0);
    expect(maxBodyBytes(DRIVER_UPLOAD_LIMITS)).toBeLessThan(42 * MB);
  });

  it("refuses a body that is not a form, and reads a urlencoded one", async () => {
    const json = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect((await refusal(readUploadForm(json, DRIVER_UPLOAD_LIMITS))).status).toBe(400);
    const broken = uploadRequest("not a multipart body at all");
    expect((await refusal(readUploadForm(broken, DRIVER_UPLOAD_LIMITS))).limit).toBe("malformed");
    const plain = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "_csrf=t&name=%E5%B1%B1%E7%94%B0",
    });
    expect((await readUploadForm(plain, DRIVER_UPLOAD_LIMITS)).fields).toEqual([
      ["_csrf", "t"],
      ["name", "山田"],
    ]);
  });
});

describe("readDriverUpload", () => {
  it("keeps images whose bytes are JPEG, PNG or WebP and marks the others image_type", async () => {
    const png = bytes(40);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const body = multipartBody([
      { name: "name", value: "A" },
      { name: "driver_image1", filename: "ok.png", type: "image/png", bytes: png },
      { name: "driver_image2", filename: "scan.jpg", type: "image/jpeg", bytes: new TextEncoder().encode("%PDF-1.7") },
      { name: "driver_image3", filename: "x.svg", type: "image/svg+xml", bytes: new TextEncoder().encode("<svg/>") },
      { name: "driver_image4", filename: "empty.jpg", type: "image/jpeg", bytes: new Uint8Array() },
    ]);
    const upload = await readDriverUpload(uploadRequest(body));
    if (!upload.ok) throw new Error("refused");
    expect(upload.fileErrors).toEqual({
      driver_image2: { code: "image_type" },
      driver_image3: { code: "image_type" },
      driver_image4: { code: "image_type" },
    });
    const kept = upload.form.get("driver_image1");
    expect(kept).toBeInstanceOf(File);
    expect((kept as File).type).toBe("image/png");
    expect(upload.form.get("driver_image2")).toBeNull();
    expect(upload.form.get("name")).toBe("A");
  });

  it("answers 413 with the reason for a too large or a fifth image", async () => {
    const big = await readDriverUpload(
      uploadRequest(
        multipartBody([{ name: "driver_image1", filename: "a.jpg", bytes: jpegLike(MAX_IMAGE_BYTES + 1) }]),
      ),
    );
    expect(big).toMatchObject({ ok: false, status: 413, reason: { code: "image_too_large" } });
    const five = [1, 2, 3, 4, 5].map((i) => ({ name: `driver_image${i}`, filename: `${i}.jpg`, bytes: jpegLike(10) }));
    expect(await readDriverUpload(uploadRequest(multipartBody(five)))).toMatchObject({
      ok: false,
      status: 413,
      reason: { code: "image_too_many", params: { max: 4 } },
    });
  });
});
