// Logins against page latency, and what a session costs a page in queries.
// Usage: npm run bench:login   (builds first; or `tsx bench/login.ts` after `npm run build`)
// 1. The production server on a fresh PGlite data dir. The top page is requested at a steady
//    TOP_RATE per second for SECONDS, alone, then again while LOGIN_RATE logins per second run
//    (Argon2id m=19456 KiB, t=2, p=1 on libuv's threads). Prints both p95 latencies and their ratio
//    (target: ≤ 1.5×).
// 2. In process, with a query counter on the database: the queries of a page signed out and signed
//    in (target: at most one more).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { openPglite } from "#server/db/client";
import { seedDemoIfEmpty } from "#server/db/seed/demo";
import { DEMO_PASSWORD } from "#server/db/seed/demo-members";
import { createApp } from "#server/http/app";
import { createLogger } from "#server/logger";
import { createMailer } from "#server/mail/mailer";
import { PaymentSimulator } from "#server/payments";
import { createOfflinePostalLookup } from "#server/postal";
import { createSiteCache } from "#server/sites/site-cache";
import { createDiskBlobStore } from "#server/uploads/blob-store";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const TOP_RATE = Number(process.env.BENCH_TOP_RATE ?? 20);
const LOGIN_RATE = Number(process.env.BENCH_LOGIN_RATE ?? 20);
const PORT = 4320;
const BASE = `http://127.0.0.1:${PORT}`;
const EMAIL = "hanako@example.com";

async function waitFor(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** Runs `task` `rate` times a second for `seconds`, without waiting for one to end before the next. */
async function steady(rate: number, seconds: number, task: () => Promise<void>): Promise<void> {
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(task());
  }
  await Promise.all(pending);
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN;
}

async function topPageLatencies(): Promise<number[]> {
  const samples: number[] = [];
  await steady(TOP_RATE, SECONDS, async () => {
    const t0 = performance.now();
    const response = await fetch(`${BASE}/sakura`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`top page answered ${response.status}`);
    samples.push(performance.now() - t0);
  });
  return samples;
}

/** The csrf cookie and token a browser would have after one page. */
async function csrfPair(base: string, fetcher: (r: Request) => Promise<Response> = fetch) {
  const response = await fetcher(new Request(`${base}/sakura/login`));
  await response.arrayBuffer();
  const token = /csrf=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (!token) throw new Error("no csrf cookie");
  return token;
}

function loginRequest(base: string, token: string, password = DEMO_PASSWORD): Request {
  return new Request(`${base}/sakura/login`, {
    method: "POST",
    // `host` as a browser sends it (the origin check compares them); fetch() sets it by itself.
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `csrf=${token}`,
      origin: base,
      host: new URL(base).host,
    },
    body: new URLSearchParams({ _csrf: token, email: EMAIL, password }),
    redirect: "manual",
  });
}

async function latencyUnderLogins() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "rentacar-bench-login-"));
  const server: ChildProcess = spawn(process.execPath, ["build/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  try {
    await waitFor(`${BASE}/sakura`);
    const token = await csrfPair(BASE);
    // Warm-up: caches, JIT and the first Argon2 allocation.
    await steady(TOP_RATE, 2, async () => void (await (await fetch(`${BASE}/sakura`)).arrayBuffer()));
    for (let i = 0; i < 3; i++) await fetch(loginRequest(BASE, token));

    const alone = await topPageLatencies();
    let logins = 0;
    const loginLoad = steady(LOGIN_RATE, SECONDS, async () => {
      const response = await fetch(loginRequest(BASE, token));
      if (response.status !== 302) throw new Error(`login answered ${response.status}`);
      logins++;
    });
    const loaded = await topPageLatencies();
    await loginLoad;
    return { alone: p95(alone), loaded: p95(loaded), samples: alone.length, logins };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function queriesPerPage() {
  let queries = 0;
  const handle = await openPglite({ onQuery: () => queries++ });
  await handle.migrate();
  await seedDemoIfEmpty(handle.db);
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const logger = createLogger("silent");
  const dir = await mkdtemp(path.join(os.tmpdir(), "rentacar-bench-blobs-"));
  const app = createApp({
    build,
    database: handle,
    siteCache: createSiteCache({ logger }),
    logger,
    productAnalyticsId: "G-BENCH",
    providerUrl: "https://example.com",
    mailer: createMailer({ MAIL_TRANSPORT: "outbox" }),
    payments: new PaymentSimulator(),
    postal: createOfflinePostalLookup(),
    blobs: createDiskBlobStore(dir),
    media: createDiskBlobStore(`${dir}/media`),
  });
  const base = "http://localhost";
  const fetcher = async (request: Request) => app.fetch(request);
  const token = await csrfPair(base, fetcher);
  const login = await fetcher(loginRequest(base, token));
  const session = /(sid_sakura=[^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1];
  if (!session) throw new Error("login set no session cookie");

  const count = async (pagePath: string, cookie: string) => {
    await (await fetcher(new Request(base + pagePath, { headers: { cookie } }))).arrayBuffer(); // warm
    queries = 0;
    const response = await fetcher(new Request(base + pagePath, { headers: { cookie } }));
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
    return queries;
  };
  const rows: [string, number, number][] = [];
  for (const pagePath of ["/sakura", "/sakura/store", "/en/sakura/fee"]) {
    rows.push([pagePath, await count(pagePath, `csrf=${token}`), await count(pagePath, `csrf=${token}; ${session}`)]);
  }
  await handle.close();
  await rm(dir, { recursive: true, force: true });
  return rows;
}

async function main() {
  const latency = await latencyUnderLogins();
  console.log(
    `\nTop page p95 over ${latency.samples} requests at ${TOP_RATE}/s (${SECONDS} s), loopback, ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log("| load | top page p95 |");
  console.log("|---|---:|");
  console.log(`| top page alone | ${latency.alone.toFixed(1)} ms |`);
  console.log(`| with ${LOGIN_RATE} logins/s (${latency.logins} done) | ${latency.loaded.toFixed(1)} ms |`);
  console.log(`\nratio: ${(latency.loaded / latency.alone).toFixed(2)}× (target ≤ 1.5×)`);

  const rows = await queriesPerPage();
  console.log("\n| page (warm site cache) | queries signed out | queries signed in |");
  console.log("|---|---:|---:|");
  for (const [p, out, inn] of rows) console.log(`| ${p} | ${out} | ${inn} |`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
