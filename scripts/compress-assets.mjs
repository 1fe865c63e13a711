// Writes a Brotli (.br) and a gzip (.gz) copy beside each compressible file of the client build, at
// the highest levels: the server sends the copy a browser accepts (serveStatic's `precompressed`)
// instead of gzipping every asset request again, and Brotli's is about an eighth smaller than gzip's
// (docs/performance.md). Run by `npm run build` after React Router's build.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = "build/client";
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;
/** Below this a response is one packet anyway (hono's compress() threshold). */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

let written = 0;
let before = 0;
let after = 0;
for (const file of files(ROOT)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const copies = {
    ".br": brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    ".gz": gzipSync(bytes, { level: 9 }),
  };
  for (const [ext, copy] of Object.entries(copies)) {
    // A copy that saves nothing would only cost a disk read: the file itself is sent instead.
    if (copy.length >= bytes.length) continue;
    writeFileSync(file + ext, copy);
    written++;
  }
  before += bytes.length;
  after += copies[".br"].length;
}
console.log(
  `compress-assets: ${written} copies written; Brotli ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB`,
);
