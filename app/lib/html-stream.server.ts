import { Transform } from "node:stream";

const DOCUMENT_END = Buffer.from("</body></html>");

/**
 * The stream a page's HTML is piped through, which mends two things React 18 writes (decision 039):
 *
 * - NUL bytes: React 18.3's Node writer encodes into 2,048-byte views and, when a short piece of
 *   text with a 3-byte character (most Japanese and Chinese) does not fit at a view's end, sends
 *   the whole view with its unwritten zero tail: `沖縄県` arrived as `沖縄\0\0県`. Our HTML never
 *   holds a NUL otherwise, so dropping them restores the text.
 * - Content after `</html>`: React Router renders its data scripts beside the document, so React 18
 *   closes `</body></html>` before them (React 19 holds the end tags back). Browsers put them in
 *   the body all the same; moving the end tags after them gives that same document as valid HTML.
 *
 * The page is rendered whole before it is piped (onAllReady), so it is kept and sent at the end.
 * `onEnd` runs once the page is written.
 */
export function htmlStream(onEnd: () => void): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      onEnd();
      callback(null, mended(Buffer.concat(chunks)));
    },
  });
}

function mended(page: Buffer): Buffer {
  const html = page.includes(0) ? withoutNul(page) : page;
  const end = html.lastIndexOf(DOCUMENT_END);
  if (end < 0 || end + DOCUMENT_END.length === html.length) return html;
  return Buffer.concat([html.subarray(0, end), html.subarray(end + DOCUMENT_END.length), DOCUMENT_END]);
}

function withoutNul(chunk: Buffer): Buffer {
  const out = Buffer.allocUnsafe(chunk.length);
  let n = 0;
  for (const byte of chunk) if (byte !== 0) out[n++] = byte;
  return out.subarray(0, n);
}
