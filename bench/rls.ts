// Row-level security's cost on the search results page (decision 022): the same page, in one run,
// through the app role with the site set (RLS) and through the owner (no RLS), in alternating rounds.
// Usage: npm run bench:rls   (PGlite; BENCH_PG_URL=postgres://… adds PostgreSQL)
// Options via env: BENCH_ROUNDS (default 6), BENCH_SECONDS per round (default 5), BENCH_CONNECTIONS (default 4).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { type DbHandle, openPglite, openPostgres } from "#server/db/client";
import { seedDemoIfEmpty } from "#server/db/seed/demo";
import { createApp } from "#server/http/app";
import { createLogger } from "#server/logger";
import { createMailer } from "#server/mail/mailer";
import { PaymentSimulator } from "#server/payments";
import { createOfflinePostalLookup } from "#server/postal";
import { createSiteCache } from "#server/sites/site-cache";
import { createDiskBlobStore } from "#server/uploads/blob-store";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PG_URL = process.env.BENCH_PG_URL;
const BASE = "http://localhost";

type Fetcher = (request: Request) => Promise<Response>;

async function appFor(database: Pick<DbHandle, "db" | "forSite">, blobs: string): Promise<Fetcher> {
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const logger = createLogger("silent");
  const app = createApp({
    build,
    database,
    siteCache: createSiteCache({ logger }),
    logger,
    productAnalyticsId: "G-BENCH",
    providerUrl: "https://example.com",
    mailer: createMailer({ MAIL_TRANSPORT: "outbox" }),
    payments: new PaymentSimulator(),
    postal: createOfflinePostalLookup(),
    blobs: createDiskBlobStore(blobs),
    media: createDiskBlobStore(`${blobs}/media`),
  });
  return async (request) => app.fetch(request);
}

/** Three days at the first store, three weeks ahead: every car type priced with real availability. */
async function resultsPath(fetcher: Fetcher): Promise<string> {
  const stores = await (await fetcher(new Request(`${BASE}/sakura/store`))).text();
  const storeId = /\/sakura\/store\/(\d+)/.exec(stores)?.[1];
  if (!storeId) throw new Error("no store on /sakura/store");
  const day = (n: number) => new Date(Date.now() + 9 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
  return `/sakura/reserve?si=${storeId}&sd=${day(21)}&st=10:00&ed=${day(23)}&et=18:00`;
}

/** Requests answered in `seconds` by `CONNECTIONS` loops; any answer but 200 stops the bench. */
async function throughput(fetcher: Fetcher, pagePath: string, seconds: number): Promise<number> {
  let answered = 0;
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const response = await fetcher(new Request(BASE + pagePath));
      const html = await response.text();
      if (response.status !== 200 || !html.includes('data-testid="car-card"'))
        throw new Error(`${pagePath} answered ${response.status} without car types`);
      answered++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  return answered;
}

async function compare(label: string, handle: DbHandle) {
  const blobs = await mkdtemp(path.join(os.tmpdir(), "rentacar-bench-rls-"));
  try {
    const withRls = await appFor(handle, blobs);
    const withoutRls = await appFor({ db: handle.db, forSite: () => handle.db }, blobs);
    const pagePath = await resultsPath(withRls);
    // Warm-up: JIT, the site caches and the database's plans, for both.
    await throughput(withRls, pagePath, 2);
    await throughput(withoutRls, pagePath, 2);
    let rls = 0;
    let owner = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating, and each first in turn, so drift in the machine's load falls on both.
      if (round % 2) {
        owner += await throughput(withoutRls, pagePath, SECONDS);
        rls += await throughput(withRls, pagePath, SECONDS);
      } else {
        rls += await throughput(withRls, pagePath, SECONDS);
        owner += await throughput(withoutRls, pagePath, SECONDS);
      }
    }
    const seconds = ROUNDS * SECONDS;
    const ratio = rls / owner;
    console.log(
      `${label.padEnd(10)} results page: with RLS ${(rls / seconds).toFixed(1)} req/s, without ${(owner / seconds).toFixed(1)} req/s` +
        ` → ${(ratio * 100).toFixed(1)}% (target ≥ 90%) ${ratio >= 0.9 ? "PASS" : "FAIL"}`,
    );
    return ratio >= 0.9;
  } finally {
    await rm(blobs, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`${ROUNDS} alternating rounds of ${SECONDS} s each, ${CONNECTIONS} concurrent requests, in process`);
  let pass = true;
  const pglite = await openPglite({});
  await pglite.migrate();
  await seedDemoIfEmpty(pglite.db);
  pass = (await compare("PGlite", pglite)) && pass;
  await pglite.close();

  if (PG_URL) {
    const name = `rentacar_bench_rls_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const handle = openPostgres(url.toString());
    try {
      await handle.migrate();
      await seedDemoIfEmpty(handle.db);
      pass = (await compare("PostgreSQL", handle)) && pass;
    } finally {
      await handle.close();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  }
  process.exitCode = pass ? 0 : 1;
}

await main();
