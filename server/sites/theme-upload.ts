import type { AdminReason } from "#server/staff/reasons";
import { sniffImageType } from "#server/uploads/images";
import { readUploadForm, type UploadLimits, UploadRefused } from "#server/uploads/multipart";
import { MEDIA_MAX_BYTES, MEDIA_MAX_MB, THEME_FILES } from "./site-settings.schema";

/**
 * The design form as it streams in (server/uploads/multipart.ts): two pictures (logo, favicon) of at
 * most 5 MB and a few short fields. Each file's type is read from its bytes, never from its name or
 * the type the browser declared: an SVG (with or without a script) is not a picture here.
 */
export const THEME_UPLOAD_LIMITS: UploadLimits = {
  maxFileBytes: MEDIA_MAX_BYTES,
  maxFiles: THEME_FILES.length,
  maxFieldBytes: 4 * 1024,
  maxParts: 16,
};

export type ThemeUpload =
  | { ok: true; form: FormData }
  | {
      ok: false;
      status: 400 | 413;
      /** The text fields read before the limit, to fill the form again. */
      form: FormData;
      reason: AdminReason | { code: "invalid_input" };
    };

const FILE_FIELDS = new Set<string>(THEME_FILES);

/**
 * The form's colours come before its files, so the body is read up to the first limit it passes,
 * even when its announced length is already over them: the colours typed come back with the
 * refusal. The limits still hold: no more than they allow is ever read.
 */
function withoutAnnouncedLength(request: Request): Request {
  if (!request.body || !request.headers.has("content-length")) return request;
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  return new Request(request.url, {
    method: request.method,
    headers,
    body: request.body,
    duplex: "half",
  } as RequestInit);
}

export async function readThemeUpload(request: Request): Promise<ThemeUpload> {
  try {
    const upload = await readUploadForm(withoutAnnouncedLength(request), THEME_UPLOAD_LIMITS);
    const form = new FormData();
    for (const [name, value] of upload.fields) form.append(name, value);
    for (const file of upload.files) {
      if (!FILE_FIELDS.has(file.field)) continue;
      // The schema accepts only the sniffed picture types; anything else keeps a type it refuses.
      const type = sniffImageType(file.bytes) ?? "application/octet-stream";
      form.append(file.field, new File([file.bytes as Uint8Array<ArrayBuffer>], file.filename, { type }));
    }
    return { ok: true, form };
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    const form = new FormData();
    for (const [name, value] of error.fields) form.append(name, value);
    const tooLarge = error.limit === "file_size" || error.limit === "total_size";
    return {
      ok: false,
      status: error.status,
      form,
      reason: tooLarge ? { code: "media_too_large", params: { max: MEDIA_MAX_MB } } : { code: "invalid_input" },
    };
  }
}
