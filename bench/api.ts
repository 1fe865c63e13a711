// The JSON API against the page (issue 25): the car-type search through `GET /api/v1/car-types`
// beside the results page `/reserve?…` for the same store and period, in one run, on the production
// build with PGlite. Prints the server's CPU milliseconds per request (steadier than requests per
// second on a shared 2-core machine), requests per second, and the ratio. Target: the API at least
// 3× the page's rate, since it renders no HTML.
// Usage: npm run bench:api (builds first). API_REQUESTS (default 2000), API_CONNECTIONS (default 4).
import { rm } from "node:fs/promises";
import os from "node:os";
import autocannon from "autocannon";
import { dateInJapan, LOCALES, PREFIX, resultsPath } from "../scripts/lib/built-server";
import { processCpuMs } from "./lib/cpu";
import { startServer, waitFor } from "./lib/server";

const REQUESTS = Number(process.env.API_REQUESTS ?? 2000);
const CONNECTIONS = Number(process.env.API_CONNECTIONS ?? 4);
const PORT = 4331;
const BASE = `http://127.0.0.1:${PORT}`;

async function measure(pid: number, url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, headers, connections: CONNECTIONS, amount: 200 });
  const before = await processCpuMs(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, amount: REQUESTS });
  const after = await processCpuMs(pid);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  if (before === null || after === null) throw new Error("cannot read the server's CPU time (/proc)");
  return {
    cpu: (after - before) / REQUESTS,
    rps: result.requests.average,
    bytes: result.throughput.average / result.requests.average,
  };
}

async function main() {
  const dataDir = `/tmp/rentacar-bench-api-${process.pid}`;
  const server = startServer(PORT, { DATA_DIR: dataDir });
  try {
    await waitFor(`${BASE}/sakura`);
    const pid = server.pid as number;
    console.log(
      `\n${REQUESTS} requests each, ${CONNECTIONS} connections, loopback, ${os.cpus().length} cores, Node ${process.version}, ${dateInJapan(0)}\n`,
    );
    console.log(
      "| language | results page CPU ms/req | API CPU ms/req | page req/s | API req/s | API ÷ page (req/s) | page KB | API KB |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
    const ratios: number[] = [];
    for (const locale of LOCALES) {
      const prefix = `${PREFIX[locale]}/sakura`;
      const page = resultsPath(prefix, await (await fetch(BASE + prefix)).text(), 21);
      const query = page.split("?")[1]!;
      const api = `${BASE}${PREFIX[locale]}/api/v1/car-types?${query}`;
      const check = await fetch(api, { headers: { "X-Site-Id": "sakura" } });
      const body = (await check.json()) as { car_types?: unknown[] };
      if (check.status !== 200 || !body.car_types?.length) throw new Error(`${api}: ${check.status}, no car types`);
      const p = await measure(pid, BASE + page);
      const a = await measure(pid, api, { "X-Site-Id": "sakura" });
      ratios.push(a.rps / p.rps);
      console.log(
        `| ${locale} | ${p.cpu.toFixed(2)} | ${a.cpu.toFixed(2)} | ${p.rps.toFixed(0)} | ${a.rps.toFixed(0)} | ${(a.rps / p.rps).toFixed(1)}× (CPU ${(p.cpu / a.cpu).toFixed(1)}×) | ${(p.bytes / 1024).toFixed(1)} | ${(a.bytes / 1024).toFixed(1)} |`,
      );
    }
    const worst = Math.min(...ratios);
    console.log(
      `\nThe API's rate is at least ${worst.toFixed(1)}× the results page's (target 3×): ${worst >= 3 ? "met" : "NOT met"}.`,
    );
  } finally {
    server.kill("SIGTERM");
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
