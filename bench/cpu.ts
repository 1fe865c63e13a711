// Server CPU per page (issue 22): the user + system time of the server process over N requests of
// the top, search results and car type pages of sakura in each language, on the production build
// with PGlite; and each page's HTML weight, of which the loader data streamed for hydration.
// CPU time is steadier than requests per second on a shared 2-core machine.
// Usage: npm run bench:cpu (builds first). CPU_REQUESTS (default 1000), CPU_CONNECTIONS (default 4).
import { rm } from "node:fs/promises";
import os from "node:os";
import autocannon from "autocannon";
import { dateInJapan, firstCarTypePath, LOCALES, PREFIX, resultsPath } from "../scripts/lib/built-server";
import { processCpuMs } from "./lib/cpu";
import { startServer, waitFor } from "./lib/server";

const REQUESTS = Number(process.env.CPU_REQUESTS ?? 1000);
const CONNECTIONS = Number(process.env.CPU_CONNECTIONS ?? 4);
const PORT = 4330;
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
  await autocannon({ url, connections: CONNECTIONS, amount: 100 });
  const before = await processCpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, amount: REQUESTS });
  const after = await processCpuMs(pid);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  if (before === null || after === null) throw new Error("cannot read the server's CPU time (/proc)");
  return (after - before) / REQUESTS;
}

async function main() {
  const dataDir = `/tmp/rentacar-bench-cpu-${process.pid}`;
  const server = startServer(PORT, { DATA_DIR: dataDir });
  try {
    await waitFor(`${BASE}/sakura`);
    const pid = server.pid as number;
    const rows: { page: string; path: string; cpu: number; html: number; data: number }[] = [];
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
        rows.push({
          page: `${page} (${locale})`,
          path,
          cpu: await cpuPerRequest(pid, path),
          html: Buffer.byteLength(html),
          data: loaderDataBytes(html),
        });
      }
    }
    console.log(
      `\n${REQUESTS} requests per page, ${CONNECTIONS} connections, loopback, ${os.cpus().length} cores, Node ${process.version}, ${dateInJapan(0)}\n`,
    );
    console.log("| page | server CPU ms/request | HTML KB | of it loader data KB |");
    console.log("|---|---:|---:|---:|");
    for (const r of rows) {
      console.log(
        `| ${r.page} | ${r.cpu.toFixed(2)} | ${(r.html / 1024).toFixed(1)} | ${(r.data / 1024).toFixed(1)} |`,
      );
    }
    const worst = Math.max(...rows.map((r) => r.cpu));
    console.log(`\nworst CPU per request: ${worst.toFixed(2)} ms (target ≤ 4 ms)`);
    console.log(
      `largest HTML: ${(Math.max(...rows.map((r) => r.html)) / 1024).toFixed(1)} KB (target ≤ 60 KB, ≤ 30 KB loader data)`,
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
