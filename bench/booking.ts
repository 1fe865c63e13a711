// The booking submit under concurrency, over HTTP against the production build (issue 9).
// Usage: npm run bench:booking   (builds first; or `tsx bench/booking.ts` after `npm run build`)
//   BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) names a PostgreSQL server
//   on which the bench creates and drops its own database; without one reachable, only PGlite runs.
//   BENCH_ONLY=postgres skips the PGlite run (BENCH_ONLY=pglite skips PostgreSQL).
//   BENCH_PORT (default 4331): the first of the three ports the servers listen on.
// 1. Latency: 50 guests, each with a complete reservation session (options → customer →
//    confirmation, prepared first), submit at the same instant, each for a car that is free
//    (distinct periods), paying at the store: p95 of the submit request (target ≤ 300 ms); then a
//    second burst of 50 on other days, the server warmed by the first.
//    On PGlite (one process) and on PostgreSQL (two processes behind the same database).
// 2. Race (PostgreSQL, two processes): 50 guests submit at once for the last car of a type,
//    with overlapping periods: exactly 1 booking, 49 "selected type all reserved", 0 5xx.
// Beside the latency, the CPU the burst cost per submit (Linux /proc, read just before the first
// submit is sent and after the last answer): the app processes', and on PostgreSQL its server
// processes' for the bench database. Latency moves with the machine's load; this much less.
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { burst, freeCarPaths } from "./lib/booking-burst";
import { backendPids, totalCpuMs } from "./lib/cpu";
import { sleep, startServer, waitFor } from "./lib/server";
import { p95 } from "./lib/stats";
import { optionsPath, SITE, storeAndTypes } from "./lib/visitor";

const RACERS = Number(process.env.BENCH_RACERS ?? 50);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ONLY = process.env.BENCH_ONLY;
const PORT = Number(process.env.BENCH_PORT ?? 4331);
/** CPU so far (ms) of what serves the submits: the app processes, and PostgreSQL's processes when known. */
type CpuSampler = () => Promise<{ app: number | null; database: number | null }>;

/**
 * The latency burst: every submit for a car that is free (types × days spread), twice. The first
 * burst meets a server that has booked ten cars since it started, much of its code not yet
 * optimised by V8; the second, on other days, one that has served a burst and its preparation, as a
 * server that has been up a while has. Both are reported; the CPU figures are the first burst's.
 */
async function latency(bases: string[], cpu: CpuSampler) {
  const { storeId, typeIds } = await storeAndTypes(bases[0] as string);
  const burstPaths = (firstDay: number) => freeCarPaths(storeId, typeIds, firstDay, RACERS);
  const paths = burstPaths(60);
  // Warm-up, and the submit alone: ten bookings one after another (other periods).
  const alone: number[] = [];
  for (let i = 0; i < 10; i++) {
    const [one] = await burst(
      [bases[i % bases.length] as string],
      [optionsPath(storeId, typeIds[i % typeIds.length] as number, 150 + i * 2, 1)],
    );
    if (one) alone.push(one.ms);
  }
  let before: Awaited<ReturnType<CpuSampler>> = { app: null, database: null };
  const outcomes = await burst(bases, paths, async () => {
    before = await cpu();
  });
  const after = await cpu();
  const second = await burst(bases, burstPaths(250));
  const perSubmit = (a: number | null, b: number | null) => (a === null || b === null ? null : (b - a) / RACERS);
  return {
    alone: [...alone].sort((a, b) => a - b)[5] ?? Number.NaN,
    appCpu: perSubmit(before.app, after.app),
    databaseCpu: perSubmit(before.database, after.database),
    p95: p95(outcomes.map((o) => o.ms)),
    max: Math.max(...outcomes.map((o) => o.ms)),
    secondP95: p95(second.map((o) => o.ms)),
    booked: [...outcomes, ...second].filter((o) => o.booked).length,
    fiveXx: [...outcomes, ...second].filter((o) => o.status >= 500).length,
  };
}

/**
 * The race: the type's cars (counted in the database) are booked but one, one at a time; then 50
 * guests with overlapping periods submit at once for the last one.
 */
async function race(bases: string[], db: pg.Client) {
  const { storeId, typeIds } = await storeAndTypes(bases[0] as string);
  const typeId = typeIds[0] as number;
  const { rows } = await db.query(
    "select count(*)::int as n from vehicles where site_id = $1 and store_id = $2 and car_type_id = $3 and in_service",
    [SITE, storeId, typeId],
  );
  const cars = rows[0].n as number;
  for (let i = 0; i < cars - 1; i++) {
    const [one] = await burst(bases.slice(0, 1), [optionsPath(storeId, typeId, 100, 1)]);
    if (!one?.booked) throw new Error("a car expected free was refused");
  }
  const count = async () =>
    (
      await db.query(
        "select count(*)::int as n from reservations where site_id = $1 and car_type_id = $2 and status = 'confirmed'",
        [SITE, typeId],
      )
    ).rows[0].n as number;
  const before = await count();
  const paths = Array.from({ length: RACERS }, (_, i) =>
    optionsPath(storeId, typeId, 100 + (i % 2), 1, ["10:00", "11:00", "12:00"][i % 3]),
  );
  const outcomes = await burst(bases, paths);
  return { cars, created: (await count()) - before, outcomes };
}

const cpuText = (ms: number | null) => (ms === null ? "–" : `${ms.toFixed(1)} ms`);
/** The machine's load (1, 5, 15 minutes): the latency is only comparable between runs under similar load. */
const loadText = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");

/** PGlite: one process on a fresh data dir. */
async function pglite(rows: string[]) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "rentacar-bench-booking-"));
  const lite = startServer(PORT, { DATA_DIR: dataDir });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/${SITE}`);
    const r = await latency([`http://127.0.0.1:${PORT}`], async () => ({
      app: await totalCpuMs([lite.pid]),
      database: null, // PGlite runs inside the app process
    }));
    rows.push(
      `| PGlite, 1 process | ${r.alone.toFixed(0)} ms | ${r.booked}/${2 * RACERS} | ${r.p95.toFixed(0)} ms | ${r.max.toFixed(0)} ms | ${r.secondP95.toFixed(0)} ms | ${r.fiveXx} | ${cpuText(r.appCpu)} | – |`,
    );
  } finally {
    lite.kill("SIGTERM");
    await sleep(1000);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`load average at the start: ${loadText()}`);
  console.log(
    `Booking submit bench: ${RACERS} concurrent guests, loopback, ${os.cpus().length} cores, Node ${process.version}\n`,
  );
  const rows: string[] = [];

  if (ONLY !== "postgres") await pglite(rows);

  // PostgreSQL: two processes on one database.
  const dbName = `rentacar_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  let raceLine = "PostgreSQL not reachable: race not run";
  try {
    if (ONLY === "pglite") throw new Error("skipped");
    await admin.connect();
  } catch {
    console.log(rows.join("\n"));
    console.log(raceLine);
    return;
  }
  await admin.query(`create database ${dbName}`);
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  const first = startServer(PORT + 1, { DATABASE_URL: url.toString() });
  let second: ChildProcess | undefined;
  try {
    await waitFor(`http://127.0.0.1:${PORT + 1}/${SITE}`);
    second = startServer(PORT + 2, { DATABASE_URL: url.toString() });
    await waitFor(`http://127.0.0.1:${PORT + 2}/${SITE}`);
    const bases = [`http://127.0.0.1:${PORT + 1}`, `http://127.0.0.1:${PORT + 2}`];
    const r = await latency(bases, async () => ({
      app: await totalCpuMs([first.pid, second?.pid]),
      database: await totalCpuMs(await backendPids(admin, dbName)),
    }));
    rows.push(
      `| PostgreSQL, 2 processes | ${r.alone.toFixed(0)} ms | ${r.booked}/${2 * RACERS} | ${r.p95.toFixed(0)} ms | ${r.max.toFixed(0)} ms | ${r.secondP95.toFixed(0)} ms | ${r.fiveXx} | ${cpuText(r.appCpu)} | ${cpuText(r.databaseCpu)} |`,
    );

    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { cars, created, outcomes } = await race(bases, db);
    await db.end();
    raceLine = [
      `Race for the last car (${cars} cars, ${cars - 1} booked before, ${RACERS} overlapping submits, 2 processes, PostgreSQL):`,
      `  new reservations: ${created}`,
      `  booked answers: ${outcomes.filter((o) => o.booked).length}`,
      `  "selected type all reserved" answers: ${outcomes.filter((o) => o.fullyBooked).length}`,
      `  5xx: ${outcomes.filter((o) => o.status >= 500).length}`,
    ].join("\n");
  } finally {
    first.kill("SIGTERM");
    second?.kill("SIGTERM");
    await sleep(1000);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  console.log(
    `| database | one submit alone (median) | booked of 2 × ${RACERS} at once | submit p95, first burst | max | p95, second burst | 5xx | app CPU per submit | PostgreSQL CPU per submit |`,
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  console.log(rows.join("\n"));
  console.log(`\n${raceLine}`);
  console.log(`\nload average at the end: ${loadText()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
