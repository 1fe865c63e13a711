/**
 * Test helpers (imported by tests only): multipart/form-data bodies as a browser writes them, and
 * a streamed body that counts how many bytes its reader pulled.
 */

export const BOUNDARY = "----testBoundary7MA4YWxkTrZu0gW";
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type?: string; bytes: Uint8Array };

const encoder = new TextEncoder();

export function partHead(part: Part): Uint8Array {
  const head =
    "filename" in part
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? "application/octet-stream"}\r\n\r\n`
      : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
  return encoder.encode(head);
}

export const CLOSE = encoder.encode(`--${BOUNDARY}--\r\n`);
const CRLF = encoder.encode("\r\n");

/** The whole body of a form with these parts, in order. */
export function multipartBody(parts: readonly Part[]): Buffer<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    chunks.push(partHead(part), "filename" in part ? part.bytes : encoder.encode(part.value), CRLF);
  }
  chunks.push(CLOSE);
  return Buffer.concat(chunks);
}

/**
 * A body of `head` then `fill` bytes of file content (then the file's end), produced only as it
 * is read, 64 KiB at a time: `pulled()` says how much the reader took.
 */
export function countingBody(head: Uint8Array, fill: number) {
  let pulled = 0;
  let sentHead = false;
  let left = fill;
  let closed = false;
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!sentHead) {
          sentHead = true;
          pulled += head.byteLength;
          controller.enqueue(head);
        } else if (left > 0) {
          const n = Math.min(left, chunk.byteLength);
          left -= n;
          pulled += n;
          controller.enqueue(chunk.subarray(0, n));
        } else if (!closed) {
          closed = true;
          const tail = Buffer.concat([CRLF, CLOSE]);
          pulled += tail.byteLength;
          controller.enqueue(tail);
          controller.close();
        }
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

export function uploadRequest(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/upload", {
    method: "POST",
    headers: { "content-type": MULTIPART_TYPE, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}
