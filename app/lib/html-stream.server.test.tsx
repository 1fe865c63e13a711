import { Writable } from "node:stream";
import { Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { htmlStream } from "./html-stream.server";

/** Renders `node` the way entry.server does and returns the bytes a browser would receive. */
function render(node: React.ReactNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = htmlStream(() => {});
    body.pipe(
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
        final(callback) {
          resolve(Buffer.concat(chunks));
          callback();
        },
      }),
    );
    const { pipe } = renderToPipeableStream(node, { onAllReady: () => pipe(body), onShellError: reject });
  });
}

describe("htmlStream", () => {
  it("keeps Japanese and Chinese text whole where React's 2 KB writes cut a character", async () => {
    // Many short pieces of text, as a page has: some 3-byte character lands across a 2,048-byte view.
    const names = Array.from({ length: 300 }, (_, i) => `${i}沖縄県那覇市・臺北市`);
    const html = await render(
      <ul>
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>,
    );
    expect(html.includes(0)).toBe(false);
    expect(html.toString("utf8")).toBe(`<ul>${names.map((name) => `<li>${name}</li>`).join("")}</ul>`);
  });

  it("ends the document after what React writes beside it (React Router's data scripts)", async () => {
    const html = await render(
      <>
        <html lang="ja">
          <body>
            <p>本文</p>
          </body>
        </html>
        <Suspense>
          <script>{"window.data = 1;"}</script>
        </Suspense>
      </>,
    );
    expect(html.toString("utf8")).toBe(
      '<!DOCTYPE html><html lang="ja"><body><p>本文</p><!--$--><script>window.data = 1;</script><!--/$--></body></html>',
    );
  });

  it("passes other bytes through unchanged and calls onEnd once the page is written", async () => {
    let ended = 0;
    const body = htmlStream(() => ended++);
    const out: Buffer[] = [];
    body.on("data", (chunk: Buffer) => out.push(chunk));
    const done = new Promise((resolve) => body.on("end", resolve));
    body.write(Buffer.from([0x3c, 0x00, 0x70, 0x00, 0x00, 0x3e]));
    body.end(Buffer.from("한국어</body></html>"));
    await done;
    expect(Buffer.concat(out).toString("utf8")).toBe("<p>한국어</body></html>");
    expect(ended).toBe(1);
  });
});
