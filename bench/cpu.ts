// Server CPU per page (issue 22): the user + system time of the server process over N requests of
// the top, search results and car type pages of sakura in each language, on the production build
// with PGlite; and each page's HTML weight, of which the loader data streamed for hydration.
// CPU time is steadier than requests per second on a shared 2-core machine. Each page is measured
// twice: as deployed, where an anonymous visitor's public page is kept for a second (decision 036),
// and on a server rendering every request (PAGE_CACHE_MS=0), the cost of a page nobody asked for
// in the last second.
// Usage: npm run bench:cpu (builds first). CPU_REQUESTS (default 1000), CPU_CONNECTIONS (default 4),
// CPU_ENCODING (none by default; gzip as browsers ask), CPU_PORT (default 4330).
import { rm } from "node:fs/promises";
import os from "node:os";
import autocannon from "autocannon";
import { dateInJapan, firstCarTypePath, LOCALES, PREFIX, resultsPath } from "../scripts/lib/built-server";
import { processCpuMs } from "./lib/cpu";
import { startServer, waitFor } from "./lib/server";

const REQUESTS = Number(process.env.CPU_REQUESTS ?? 1000);
const CONNECTIONS = Number(process.env.CPU_CONNECTIONS ?? 4);
/** CPU_ENCODING=gzip asks for compressed pages, as browsers do (compression is then part of the cost). */
const HEADERS: Record<string, string> = process.env.CPU_ENCODING ? { "accept-encoding": process.env.CPU_ENCODING } : {};
/** CPU_PORT: another port, when two checkouts bench on one machine. */
const PORT = Number(process.env.CPU_PORT ?? 4330);
const BASE = `http://127.0.0.1:${PORT}`;

/** The bytes of the inline scripts that stream loader data into the page (React Router's turbo-stream). */
function loaderDataBytes(html: string): number {
  let bytes = 0;
  for (const m of html.matchAll(
    /<script[^>]*>([^<]*(?:streamController\.enqueue|__reactRouterContext)[^<]*)<\/script>/g,
  )) {
    bytes += Buffer.byteLength(m[1] ?? "");
  }
  return bytes;
}

async function cpuPerRequest(pid: number, path: string): Promise<number> {
  const url = BASE + path;
  // Warm-up: JIT, caches, the page's data.
  await autocannon({ url, connections: CONNECTIONS, amount: 100, headers: HEADERS });
  const before = await processCpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, amount: REQUESTS, headers: HEADERS });
  const after = await processCpuMs(pid);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  if (before === null || after === null) throw new Error("cannot read the server's CPU time (/proc)");
  return (after - before) / REQUESTS;
}

interface Row {
  page: string;
  path: string;
  html: number;
  data: number;
  /** CPU ms per request with anonymous pages kept for a second (decision 036), and with every request rendered. */
  kept?: number;
  rendered?: number;
}

/** The twelve pages, then each one's CPU per request on a server started with `env`. */
async function measure(env: Record<string, string>, rows: Row[] | null, column: "kept" | "rendered"): Promise<Row[]> {
  const dataDir = `/tmp/rentacar-bench-cpu-${process.pid}-${column}`;
  const server = startServer(PORT, { DATA_DIR: dataDir, ...env });
  try {
    await waitFor(`${BASE}/sakura`);
    const pid = server.pid as number;
    if (!rows) {
      rows = [];
      for (const locale of LOCALES) {
        const prefix = `${PREFIX[locale]}/sakura`;
        const top = await (await fetch(BASE + prefix)).text();
        const results = resultsPath(prefix, top, 21);
        const resultsHtml = await (await fetch(BASE + results)).text();
        const car = firstCarTypePath(prefix, resultsHtml);
        if (!car) throw new Error(`no car type on ${results}`);
        for (const [page, path] of [
          ["top", prefix],
          ["results", results],
          ["car type", car],
        ] as const) {
          const html = await (await fetch(BASE + path)).text();
          rows.push({ page: `${page} (${locale})`, path, html: Buffer.byteLength(html), data: loaderDataBytes(html) });
        }
      }
    }
    for (const row of rows) row[column] = await cpuPerRequest(pid, row.path);
    return rows;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  // The same pages (same dates) on two fresh servers: as deployed, then rendering every request.
  const rows = await measure({}, null, "kept");
  await measure({ PAGE_CACHE_MS: "0" }, rows, "rendered");
  console.log(
    `\n${REQUESTS} requests per page, ${CONNECTIONS} connections, loopback, ${os.cpus().length} cores, Node ${process.version}, ${dateInJapan(0)}, Accept-Encoding: ${HEADERS["accept-encoding"] ?? "none"}\n`,
  );
  console.log("| page | server CPU ms/request | rendering every request | HTML KB | of it loader data KB |");
  console.log("|---|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.kept?.toFixed(2)} | ${r.rendered?.toFixed(2)} | ${(r.html / 1024).toFixed(1)} | ${(r.data / 1024).toFixed(1)} |`,
    );
  }
  const worst = (column: "kept" | "rendered") => Math.max(...rows.map((r) => r[column] ?? 0)).toFixed(2);
  console.log(
    `\nworst CPU per request: ${worst("kept")} ms (target ≤ 4 ms); rendering every request: ${worst("rendered")} ms`,
  );
  console.log(
    `largest HTML: ${(Math.max(...rows.map((r) => r.html)) / 1024).toFixed(1)} KB (target ≤ 60 KB, ≤ 30 KB loader data)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
