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
import { processCpuMs } from "./lib/cpu";
import { sleep, startServer, waitFor } from "./lib/server";
import { p95 } from "./lib/stats";
import { optionsPath, SITE, storeAndTypes, Visitor } from "./lib/visitor";

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

/** `n` guests prepare their sessions, then submit at once, each for a free car from day `first`. */
async function burst(s: Server, first: number, n: number) {
  const visitors = Array.from({ length: n }, () => new Visitor(s.base));
  const fields = await Promise.all(
    visitors.map((v, i) =>
      v.prepare(
        optionsPath(
          s.storeId,
          s.typeIds[i % s.typeIds.length] as number,
          first + Math.floor(i / s.typeIds.length) * 2,
          1,
        ),
        i,
      ),
    ),
  );
  await sleep(200);
  const before = await processCpuMs(s.child.pid);
  const ms = await Promise.all(
    visitors.map(async (v, i) => {
      const t0 = performance.now();
      const answer = await v.post(`/${SITE}/reserve/confirm`, fields[i] as Record<string, string>);
      if (answer.status !== 302) throw new Error(`${s.dir}: submit answered ${answer.status}`);
      return performance.now() - t0;
    }),
  );
  const after = await processCpuMs(s.child.pid);
  return { cpu: before === null || after === null ? Number.NaN : (after - before) / n, p95: p95(ms) };
}

const ready: Server[] = [];
for (const s of servers) {
  await waitFor(`${s.base}/${SITE}`);
  ready.push({ ...s, ...(await storeAndTypes(s.base)) });
}
// Warm-up as bench/booking.ts's: ten bookings one after another.
for (const s of ready) for (let i = 0; i < 10; i++) await burst(s, 130 + i * 2, 1);
for (let round = 0; round < ROUNDS; round++) {
  for (const s of ready) {
    const b = await burst(s, 40 + round * 11, RACERS);
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
