import {
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";

/**
 * A form with file uploads, read as a stream (never `request.formData()`, which buffers the
 * whole body first). Every limit is checked while the bytes arrive: the first one passed stops
 * the reading, and the rest of the body is cancelled unread. A body announced larger than the
 * total limit is refused before a byte is read.
 */
export interface UploadLimits {
  /** Bytes of one file. */
  maxFileBytes: number;
  /** Files actually chosen (an empty, unnamed part is an input left empty and does not count). */
  maxFiles: number;
  /** Bytes of one text field. */
  maxFieldBytes: number;
  /** Parts of any kind. */
  maxParts: number;
}

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Uint8Array;
}

export interface FormUpload {
  /** Text fields in the order sent. */
  fields: [string, string][];
  files: UploadedFile[];
}

export type UploadLimit = "file_size" | "file_count" | "field_size" | "total_size" | "malformed";

/** A limit was passed (or the body is not a form). `fields` are the text fields read before it. */
export class UploadRefused extends Error {
  constructor(
    readonly limit: UploadLimit,
    readonly fields: [string, string][],
  ) {
    super(`upload refused: ${limit}`);
  }
  /** 413 for a body too large in any way; 400 for one that is not a readable form. */
  get status(): 400 | 413 {
    return this.limit === "malformed" ? 400 : 413;
  }
}

/** Multipart overhead allowed on top of the files and fields (boundaries and part headers). */
const OVERHEAD_BYTES = 256 * 1024;

/** The most a body may hold under these limits. */
export function maxBodyBytes(limits: UploadLimits): number {
  return limits.maxFiles * limits.maxFileBytes + limits.maxParts * limits.maxFieldBytes + OVERHEAD_BYTES;
}

const URLENCODED = "application/x-www-form-urlencoded";

async function cancelBody(request: Request) {
  try {
    await request.body?.cancel();
  } catch {
    // a locked or finished stream: nothing more will be read anyway
  }
}

/** A urlencoded body (a form without files), read up to the fields' limit. */
async function readUrlEncoded(request: Request, limits: UploadLimits): Promise<FormUpload> {
  const max = limits.maxParts * limits.maxFieldBytes;
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => {});
        throw new UploadRefused("total_size", []);
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  return { fields: [...new URLSearchParams(text)], files: [] };
}

export async function readUploadForm(request: Request, limits: UploadLimits): Promise<FormUpload> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const total = maxBodyBytes(limits);
  const announced = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(announced) && announced > total) {
    await cancelBody(request);
    throw new UploadRefused("total_size", []);
  }
  if (type === URLENCODED) return readUrlEncoded(request, limits);
  if (type !== "multipart/form-data") {
    await cancelBody(request);
    throw new UploadRefused("malformed", []);
  }

  const fields: [string, string][] = [];
  const files: UploadedFile[] = [];
  let refused: UploadLimit | null = null;
  try {
    const parts = parseMultipartRequest(request, {
      // The parser applies one size to every part; text fields are held to their own limit below.
      maxFileSize: Math.max(limits.maxFileBytes, limits.maxFieldBytes),
      maxParts: limits.maxParts,
      maxTotalSize: total,
    });
    for await (const part of parts) {
      const name = part.name ?? "";
      const disposition = part.headers["content-disposition"] ?? "";
      if (/;\s*filename\*?=/i.test(disposition)) {
        const filename = part.filename ?? "";
        // An input left empty sends an unnamed, empty part.
        if (filename === "" && part.size === 0) continue;
        if (part.size > limits.maxFileBytes) refused = "file_size";
        else if (files.length >= limits.maxFiles) refused = "file_count";
        else files.push({ field: name, filename, bytes: part.bytes });
      } else if (part.size > limits.maxFieldBytes) refused = "field_size";
      else fields.push([name, part.text]);
      // Leaving the loop ends the parser and releases the body, which is then cancelled below.
      if (refused) break;
    }
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) refused = "file_size";
    else if (
      error instanceof MaxTotalSizeExceededError ||
      error instanceof MaxPartsExceededError ||
      error instanceof MaxHeaderSizeExceededError
    ) {
      refused = "total_size";
    } else if (error instanceof MultipartParseError) refused = "malformed";
    else throw error;
  }
  if (refused) {
    await cancelBody(request);
    throw new UploadRefused(refused, fields);
  }
  return { fields, files };
}
