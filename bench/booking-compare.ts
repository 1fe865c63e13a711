// Two builds' booking submit on PGlite, compared on one machine at one time (issue 22).
// Usage: tsx bench/booking-compare.ts <checkout A> <checkout B>   (each built: `npm run build` there)
//   COMPARE_PG_URL=postgres://postgres@127.0.0.1:5432/postgres: on PostgreSQL instead, each build
//   on a database of its own that the bench creates and drops, its backends' CPU counted too.
//   BENCH_PORT (default 4431): the first of the two ports.
//   e.g. git worktree add /tmp/before <commit>; (cd /tmp/before && ln -s "$OLDPWD/node_modules" && npm run build)
// This machine's speed moves by half from hour to hour, so runs of bench/booking.ts minutes apart
// compare the hour as much as the builds. Here both servers run at once and take turns: a burst of
// 50 submits (as bench/booking.ts's latency burst) on A, then on B, ROUNDS times (default 6), each
// on other days. Printed per build: the server's CPU per submit and the p95 of each burst, and their
// medians.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { burst, freeCarPaths } from "./lib/booking-burst";
import { backendPids, processCpuMs, totalCpuMs } from "./lib/cpu";
import { sleep, startServer, waitFor } from "./lib/server";
import { p95 } from "./lib/stats";
import { SITE, storeAndTypes } from "./lib/visitor";

const ROUNDS = Number(process.env.ROUNDS ?? 6);
const RACERS = 50;
const checkouts = process.argv.slice(2);
if (checkouts.length !== 2) throw new Error("usage: tsx bench/booking-compare.ts <checkout A> <checkout B>");

const PG_URL = process.env.COMPARE_PG_URL;
const PORT = Number(process.env.BENCH_PORT ?? 4431);
const admin = PG_URL ? new pg.Client({ connectionString: PG_URL }) : null;
await admin?.connect();
const dbNames = checkouts.map((_, k) => `rentacar_compare_${process.pid}_${k}`);
for (const name of admin ? dbNames : []) await admin?.query(`create database ${name}`);

const servers = await Promise.all(
  checkouts.map(async (dir, k) => {
    const port = PORT + k;
    let env: Record<string, string>;
    if (PG_URL) {
      const url = new URL(PG_URL);
      url.pathname = `/${dbNames[k]}`;
      env = { DATABASE_URL: url.toString() };
    } else env = { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "booking-compare-")) };
    const child = startServer(port, env, dir);
    const base = `http://127.0.0.1:${port}`;
    return {
      dir,
      child,
      base,
      db: dbNames[k] as string,
      cpu: [] as number[],
      dbCpu: [] as number[],
      p95: [] as number[],
    };
  }),
);
process.on("exit", () => {
  for (const s of servers) s.child.kill();
});

/** CPU so far of the server and, on PostgreSQL, of its database's backends. */
const cpuOf = async (s: (typeof servers)[number]) => ({
  app: await processCpuMs(s.child.pid),
  db: admin ? await totalCpuMs(await backendPids(admin, s.db)) : null,
});

type Server = (typeof servers)[number] & Awaited<ReturnType<typeof storeAndTypes>>;

/** A burst of `n` submits from day `first` on one server: its CPU per submit and the p95. */
async function measure(s: Server, first: number, n: number) {
  let before: Awaited<ReturnType<typeof cpuOf>> = { app: null, db: null };
  const outcomes = await burst([s.base], freeCarPaths(s.storeId, s.typeIds, first, n), async () => {
    await sleep(200);
    before = await cpuOf(s);
  });
  const after = await cpuOf(s);
  const failed = outcomes.find((o) => !o.booked);
  if (failed) throw new Error(`${s.dir}: a submit answered ${failed.status}`);
  const per = (a: number | null, b: number | null) => (a === null || b === null ? Number.NaN : (b - a) / n);
  return { cpu: per(before.app, after.app), dbCpu: per(before.db, after.db), p95: p95(outcomes.map((o) => o.ms)) };
}

const ready: Server[] = [];
for (const s of servers) {
  await waitFor(`${s.base}/${SITE}`);
  ready.push({ ...s, ...(await storeAndTypes(s.base)) });
}
// Warm-up as bench/booking.ts's: ten bookings one after another.
for (const s of ready) for (let i = 0; i < 10; i++) await measure(s, 130 + i * 2, 1);
for (let round = 0; round < ROUNDS; round++) {
  for (const s of ready) {
    const b = await measure(s, 40 + round * 11, RACERS);
    s.cpu.push(b.cpu);
    s.dbCpu.push(b.dbCpu);
    s.p95.push(b.p95);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(
  `Booking submit, ${RACERS} at once on ${PG_URL ? "PostgreSQL (one process each)" : "PGlite"}, ${ROUNDS} rounds taking turns (load ${os.loadavg()[0]?.toFixed(1)})\n`,
);
console.log(
  "| build | CPU per submit (ms), each burst | median | database CPU per submit, median | p95 (ms), each burst | median |",
);
console.log("|---|---|---|---|---|---|");
for (const s of ready) {
  const list = (xs: number[], digits: number) => xs.map((x) => x.toFixed(digits)).join(", ");
  console.log(
    `| ${s.dir} | ${list(s.cpu, 1)} | ${median(s.cpu).toFixed(1)} | ${admin ? median(s.dbCpu).toFixed(1) : "–"} | ${list(s.p95, 0)} | ${median(s.p95).toFixed(0)} |`,
  );
}
for (const s of servers) s.child.kill();
if (admin) {
  await sleep(1000);
  for (const name of dbNames) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
