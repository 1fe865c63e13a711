import { describe, expect, it } from "vitest";
import { CLOSE, countingBody, multipartBody, partHead, uploadRequest } from "#server/uploads/multipart-body.testkit";
import { ThemeSchema } from "./site-settings.schema";
import { readThemeUpload } from "./theme-upload";

const MB = 1024 * 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const text = new TextEncoder();

describe("readThemeUpload", () => {
  it("gives the fields and each picture as a File of the type its bytes say, whatever its name", async () => {
    const png = new Uint8Array(64);
    png.set(PNG_SIGNATURE);
    const svg = text.encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const upload = await readThemeUpload(
      uploadRequest(
        multipartBody([
          { name: "_csrf", value: "t" },
          { name: "site_color", value: "#112233" },
          { name: "logo", filename: "logo.png", type: "image/png", bytes: svg },
          { name: "favicon", filename: "icon.bin", type: "application/octet-stream", bytes: png },
        ]),
      ),
    );
    expect(upload.ok).toBe(true);
    if (!upload.ok) return;
    expect(upload.form.get("site_color")).toBe("#112233");
    expect((upload.form.get("logo") as File).type).toBe("application/octet-stream");
    expect((upload.form.get("favicon") as File).type).toBe("image/png");
    const parsed = ThemeSchema.safeParse(Object.fromEntries(upload.form));
    expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["logo", "media_type"],
    ]);
  });

  it("refuses a picture over 5 MB with 413 and keeps the fields sent before it", async () => {
    const fields = multipartBody([
      { name: "_csrf", value: "t" },
      { name: "site_color", value: "rgb(1, 2, 3)" },
    ]);
    // The fields, then a 20 MB logo (no length announced, as a browser streaming it may send).
    const body = countingBody(
      Buffer.concat([
        fields.subarray(0, fields.byteLength - CLOSE.byteLength),
        partHead({ name: "logo", filename: "big.png", type: "image/png", bytes: new Uint8Array() }),
      ]),
      20 * MB,
    );
    const upload = await readThemeUpload(uploadRequest(body.stream));
    expect(upload).toMatchObject({ ok: false, status: 413, reason: { code: "media_too_large", params: { max: 5 } } });
    expect(upload.form.get("site_color")).toBe("rgb(1, 2, 3)");
    // Reading stopped soon after the limit: the 20 MB were not all taken in.
    expect(body.pulled()).toBeLessThan(7 * MB);
  });

  it("reads the fields of a body announced larger than the limits, and no more than the limits allow", async () => {
    const fields = multipartBody([
      { name: "_csrf", value: "t" },
      { name: "site_color", value: "#123456" },
    ]);
    const body = countingBody(
      Buffer.concat([
        fields.subarray(0, fields.byteLength - CLOSE.byteLength),
        partHead({ name: "logo", filename: "big.png", type: "image/png", bytes: new Uint8Array() }),
      ]),
      20 * MB,
    );
    const upload = await readThemeUpload(uploadRequest(body.stream, { "content-length": String(20 * MB + 400) }));
    expect(upload).toMatchObject({ ok: false, status: 413, reason: { code: "media_too_large" } });
    expect(upload.form.get("site_color")).toBe("#123456");
    expect(body.pulled()).toBeLessThan(7 * MB);
  });

  it("answers 400 for a body that is not a form", async () => {
    const upload = await readThemeUpload(
      new Request("http://localhost/", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
    );
    expect(upload).toMatchObject({ ok: false, status: 400, reason: { code: "invalid_input" } });
  });
});
