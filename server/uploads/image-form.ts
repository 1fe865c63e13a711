import type { Reason } from "#server/availability/reasons";
import { type FormUpload, readUploadForm, type UploadLimit, type UploadLimits, UploadRefused } from "./multipart";

/**
 * A form with image files (car photos, licence images), read as it streams in: a body over one of
 * its limits is an answer for the form, with the text fields read before the limit to fill it again.
 */
export type ImageFormRefusal = { ok: false; status: 400 | 413; form: FormData; reason: Reason };

export function formOf(fields: readonly [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

const REFUSAL_CODE: Record<UploadLimit, Reason["code"]> = {
  file_size: "image_too_large",
  file_count: "image_too_many",
  field_size: "invalid_input",
  total_size: "image_too_large",
  malformed: "invalid_input",
};

export async function readImageForm(
  request: Request,
  limits: UploadLimits,
): Promise<{ ok: true; upload: FormUpload } | ImageFormRefusal> {
  try {
    return { ok: true, upload: await readUploadForm(request, limits) };
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    const code = REFUSAL_CODE[error.limit];
    const reason: Reason = code === "image_too_many" ? { code, params: { max: limits.maxFiles } } : { code };
    return { ok: false, status: error.status, form: formOf(error.fields), reason };
  }
}
