// Throughput of the top page against a bare node:http hello world, and the client JS of every page.
// Usage: npm run bench   (builds first; or `tsx bench/http.ts` after `npm run build`)
// Options via env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { clientJsPerPage, clientJsTable } from "./lib/client-js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const APP_PORT = 4310;
const HELLO_PORT = 4311;

const HELLO = `require("node:http").createServer((q, s) => { s.writeHead(200, {"content-type": "text/plain"}); s.end("hello world"); }).listen(${HELLO_PORT}, "127.0.0.1");`;

async function waitFor(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function measure(url: string): Promise<number> {
  // A short warm-up fills caches and JIT, then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** A three-day search at the first store, three weeks ahead: every car type priced with real availability. */
async function searchResultsPath(base: string): Promise<string> {
  const html = await (await fetch(`${base}/sakura/store`)).text();
  const storeId = /\/sakura\/store\/(\d+)/.exec(html)?.[1];
  if (!storeId) throw new Error("no store on /sakura/store");
  const day = (n: number) => new Date(Date.now() + 9 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
  const path = `/sakura/reserve?si=${storeId}&sd=${day(21)}&st=10:00&ed=${day(23)}&et=18:00`;
  const page = await (await fetch(base + path)).text();
  const cards = page.split('data-testid="car-card"').length - 1;
  if (cards < 8) throw new Error(`${path} shows ${cards} car types`);
  return path;
}

function stop(child: ChildProcess) {
  child.kill("SIGTERM");
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "rentacar-bench-"));
  const app = spawn(process.execPath, ["build/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(APP_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    },
    stdio: "ignore",
  });
  const hello = spawn(process.execPath, ["-e", HELLO], { stdio: "ignore" });
  try {
    const base = `http://127.0.0.1:${APP_PORT}`;
    await waitFor(`${base}/sakura`);
    await waitFor(`http://127.0.0.1:${HELLO_PORT}/`);

    const searchPath = await searchResultsPath(base);
    const rows: [string, number][] = [];
    rows.push(["node:http hello world", await measure(`http://127.0.0.1:${HELLO_PORT}/`)]);
    rows.push(["GET /sakura (top page SSR)", await measure(`${base}/sakura`)]);
    rows.push(["GET /en/sakura (top page SSR)", await measure(`${base}/en/sakura`)]);
    rows.push(["GET /sakura/reserve (search results SSR)", await measure(`${base}${searchPath}`)]);
    const helloRps = rows[0]?.[1] ?? 1;
    // The two top-page runs differ by run-to-run noise; compare with their mean.
    const topRps = ((rows[1]?.[1] ?? 0) + (rows[2]?.[1] ?? 0)) / 2 || 1;
    const js = await clientJsPerPage();

    console.log(
      `\n${SECONDS}s per target, ${CONNECTIONS} connections, loopback, ${os.cpus().length} cores, Node ${process.version}\n`,
    );
    console.log("| target | req/s | share of node:http |");
    console.log("|---|---:|---:|");
    for (const [name, rps] of rows)
      console.log(`| ${name} | ${rps.toFixed(0)} | ${((rps / helloRps) * 100).toFixed(1)}% |`);
    console.log(
      `\nsearch results (${searchPath}): ${(((rows[3]?.[1] ?? 0) / topRps) * 100).toFixed(0)}% of the top page's req/s (target ≥ 50%)`,
    );
    console.log("\nClient JS each page loads before it is interactive (the same in every language):\n");
    console.log(clientJsTable(js));
  } finally {
    stop(app);
    stop(hello);
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
