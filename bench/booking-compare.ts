// Two builds' booking submit on PGlite, compared on one machine at one time (issue 22).
// Usage: tsx bench/booking-compare.ts <checkout A> <checkout B>   (each built: `npm run build` there)
//   e.g. git worktree add /tmp/before <commit>; (cd /tmp/before && ln -s "$OLDPWD/node_modules" && npm run build)
// This machine's speed moves by half from hour to hour, so runs of bench/booking.ts minutes apart
// compare the hour as much as the builds. Here both servers run at once and take turns: a burst of
// 50 submits (as bench/booking.ts's latency burst) on A, then on B, ROUNDS times (default 6), each
// on other days. Printed per build: the server's CPU per submit and the p95 of each burst, and their
// medians.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { burst, freeCarPaths } from "./lib/booking-burst";
import { processCpuMs } from "./lib/cpu";
import { sleep, startServer, waitFor } from "./lib/server";
import { p95 } from "./lib/stats";
import { SITE, storeAndTypes } from "./lib/visitor";

const ROUNDS = Number(process.env.ROUNDS ?? 6);
const RACERS = 50;
const checkouts = process.argv.slice(2);
if (checkouts.length !== 2) throw new Error("usage: tsx bench/booking-compare.ts <checkout A> <checkout B>");

const servers = await Promise.all(
  checkouts.map(async (dir, k) => {
    const port = 4431 + k;
    const child = startServer(port, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "booking-compare-")) }, dir);
    const base = `http://127.0.0.1:${port}`;
    return { dir, child, base, cpu: [] as number[], p95: [] as number[] };
  }),
);
process.on("exit", () => {
  for (const s of servers) s.child.kill();
});

type Server = (typeof servers)[number] & Awaited<ReturnType<typeof storeAndTypes>>;

/** A burst of `n` submits from day `first` on one server: its CPU per submit and the p95. */
async function measure(s: Server, first: number, n: number) {
  let before: number | null = null;
  const outcomes = await burst([s.base], freeCarPaths(s.storeId, s.typeIds, first, n), async () => {
    await sleep(200);
    before = await processCpuMs(s.child.pid);
  });
  const after = await processCpuMs(s.child.pid);
  const failed = outcomes.find((o) => !o.booked);
  if (failed) throw new Error(`${s.dir}: a submit answered ${failed.status}`);
  return {
    cpu: before === null || after === null ? Number.NaN : (after - before) / n,
    p95: p95(outcomes.map((o) => o.ms)),
  };
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
    s.p95.push(b.p95);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(
  `Booking submit, ${RACERS} at once on PGlite, ${ROUNDS} rounds taking turns (load ${os.loadavg()[0]?.toFixed(1)})\n`,
);
console.log("| build | CPU per submit (ms), each burst | median | p95 (ms), each burst | median |");
console.log("|---|---|---|---|---|");
for (const s of ready) {
  const list = (xs: number[], digits: number) => xs.map((x) => x.toFixed(digits)).join(", ");
  console.log(
    `| ${s.dir} | ${list(s.cpu, 1)} | ${median(s.cpu).toFixed(1)} | ${list(s.p95, 0)} | ${median(s.p95).toFixed(0)} |`,
  );
}
for (const s of servers) s.child.kill();
