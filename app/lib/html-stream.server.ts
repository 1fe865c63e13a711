import { Transform } from "node:stream";

/**
 * The stream a page's HTML is piped through, without NUL bytes. React 18.3's Node writer encodes
 * into 2,048-byte views and, when a 3-byte character (most Japanese and Chinese text) does not fit
 * at a view's end, sends the whole view with its unwritten zero tail: `沖縄県` arrived as
 * `沖縄\0\0県`. Our HTML never holds a NUL (React escapes none into text, and the browser would
 * replace one), so dropping them restores the text. `onEnd` runs when the page is written.
 */
export function htmlStream(onEnd: () => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, chunk.includes(0) ? withoutNul(chunk) : chunk);
    },
    final(callback) {
      onEnd();
      callback();
    },
  });
}

function withoutNul(chunk: Buffer): Buffer {
  const out = Buffer.allocUnsafe(chunk.length);
  let n = 0;
  for (const byte of chunk) if (byte !== 0) out[n++] = byte;
  return out.subarray(0, n);
}
