// Soak: a bounded mixed load on loopback for SOAK_MINUTES, with the server's RSS over time (issue 10).
// Usage: npm run bench:soak   (builds first; or `tsx bench/soak.ts` after `npm run build`)
//   SOAK_MINUTES (default 10), SOAK_CONCURRENCY (default 8) workers, each sending its next request
//   when the last one has answered.
//   Database: PGlite on a fresh temporary DATA_DIR by default; SOAK_DATABASE_URL=postgres://… uses that
//   database as it is; `--postgres` creates a fresh database on BENCH_PG_URL (default
//   postgres://postgres@127.0.0.1:5432/postgres) and drops it at the end.
// The load: pages of every demo site in every language it offers (top, search results with dates,
// car types, stores, fees, custom pages, sitemaps), a few unknown pages and never-seen site names (as
// bots probe), one wrong-password login a second and one guest booking every ten seconds.
// Exits non-zero on any 5xx or network error, or when RSS grows by more than 10% after the first
// minute (the warm-up).
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sleep, startServer, waitFor } from "./lib/server";
import { percentile } from "./lib/stats";
import { optionsPath, SITE, storeAndTypes, Visitor } from "./lib/visitor";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = 4710;
const BASE = `http://127.0.0.1:${PORT}`;
const DEMO_SITES = ["sakura", "kaede", "fuji", "hana"];
const PREFIXES = ["", "en/", "kr/", "tw/"];
const RSS_EVERY_MS = 10_000;
const LOGIN_EVERY_MS = 1000;
const BOOKING_EVERY_MS = 10_000;
const MAX_GROWTH = 0.1;

/** What one minute of load did. */
interface Minute {
  requests: number;
  errors: number;
  latencies: number[];
}

class Tally {
  readonly minutes: Minute[] = [];
  readonly statuses = new Map<string, number>();
  readonly failures: string[] = [];
  constructor(private readonly start: number) {}

  private minute(at: number): Minute {
    const index = Math.floor((at - this.start) / 60_000);
    for (let i = this.minutes.length; i <= index; i++) this.minutes.push({ requests: 0, errors: 0, latencies: [] });
    return this.minutes[index] as Minute;
  }
  record(kind: string, startedAt: number, status: number | "network", what: string) {
    const minute = this.minute(startedAt);
    minute.requests++;
    minute.latencies.push(performance.now() - startedAt);
    const key = `${kind} ${status}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    if (status === "network" || status >= 500) {
      minute.errors++;
      if (this.failures.length < 20) this.failures.push(`${status} ${what}`);
    }
  }
}

/** A visitor whose every request is timed and counted, the booking steps included. */
class CountedVisitor extends Visitor {
  constructor(
    base: string,
    private readonly tally: Tally,
    private readonly kind: string,
  ) {
    super(base);
  }
  override async get(pathname: string) {
    return this.counted(pathname, () => super.get(pathname));
  }
  override async post(pathname: string, fields: Record<string, string>, multipart = false) {
    return this.counted(`POST ${pathname}`, () => super.post(pathname, fields, multipart));
  }
  private async counted<T extends { status: number }>(what: string, send: () => Promise<T>): Promise<T> {
    const startedAt = performance.now();
    try {
      const answer = await send();
      this.tally.record(this.kind, startedAt, answer.status, what);
      return answer;
    } catch (err) {
      this.tally.record(this.kind, startedAt, "network", `${what}: ${(err as Error).message}`);
      throw err;
    }
  }
}

/** Deterministic choices, so two runs send the same mix. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const tokyoDate = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Asia/Tokyo" });

type PathMaker = (n: number) => string;

/** Finds, on the running server, the pages each demo site really has: languages, stores, car types. */
async function pageMix(): Promise<{ weight: number; make: PathMaker }[]> {
  const ok = async (p: string) => (await fetch(BASE + p)).status === 200;
  const tops: string[] = [];
  const listings: string[] = [];
  const searches: { prefix: string; site: string; storeId: string }[] = [];
  const carTypes: string[] = [];
  for (const site of DEMO_SITES) {
    const prefixes: string[] = [];
    for (const prefix of PREFIXES) if (await ok(`/${prefix}${site}`)) prefixes.push(prefix);
    const storeList = await (await fetch(`${BASE}/${site}/store`)).text();
    const storeIds = [
      ...new Set([...storeList.matchAll(new RegExp(`href="/${site}/store/(\\d+)"`, "g"))].map((m) => m[1] as string)),
    ];
    const customPages = [
      ...new Set([...storeList.matchAll(new RegExp(`href="/${site}/c/([^"]+)"`, "g"))].map((m) => m[1])),
    ];
    for (const prefix of prefixes) {
      tops.push(`/${prefix}${site}`);
      listings.push(`/${prefix}${site}/store`, ...storeIds.map((id) => `/${prefix}${site}/store/${id}`));
      if (await ok(`/${prefix}${site}/fee`)) listings.push(`/${prefix}${site}/fee`);
      listings.push(...customPages.map((url) => `/${prefix}${site}/c/${url}`));
      for (const storeId of storeIds) searches.push({ prefix, site, storeId });
    }
    for (const storeId of storeIds) {
      const list = await (await fetch(`${BASE}/${site}/reserve?si=${storeId}&date_undecided=1`)).text();
      for (const m of new Set([...list.matchAll(/data-car-type-id="(\d+)"/g)].map((x) => x[1]))) {
        carTypes.push(`/${site}/reserve/stores/${storeId}/cars/${m}`);
      }
    }
  }
  const pick = <T>(list: T[], n: number) => list[n % list.length] as T;
  const search: PathMaker = (n) => {
    const { prefix, site, storeId } = pick(searches, n);
    // Periods spread over two months: each a different query, as visitors' dates are.
    const from = 3 + (n % 60);
    const nights = 1 + (n % 4);
    return `/${prefix}${site}/reserve?si=${storeId}&sd=${tokyoDate(from)}&st=10:00&ed=${tokyoDate(from + nights)}&et=18:00`;
  };
  return [
    { weight: 30, make: (n) => pick(tops, n) },
    { weight: 22, make: search },
    { weight: 5, make: (n) => `${search(n).split("?")[0]}?si=${pick(searches, n).storeId}&date_undecided=1` },
    { weight: 12, make: (n) => pick(carTypes, n) },
    { weight: 20, make: (n) => pick(listings, n) },
    { weight: 3, make: (n) => `/${pick(DEMO_SITES, n)}/sitemap.xml` },
    { weight: 1, make: () => "/robots.txt" },
    // Unknown pages of a real site, and site names never seen before (each new to the process).
    { weight: 4, make: (n) => `/${pick(DEMO_SITES, n)}/no-such-page-${n}` },
    { weight: 3, make: (n) => `/probe-${n}` },
  ];
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

interface Schedule {
  nextLogin: number;
  nextBooking: number;
  logins: number;
  bookings: { tried: number; booked: number; refused: number; failed: number };
}

async function login(visitor: CountedVisitor, n: number) {
  // Unknown addresses and the demo member, always the wrong password: a full Argon2 check each time.
  const email = n % 5 === 0 ? "hanako@example.com" : `soak-${n % 20}@example.com`;
  await visitor.post(`/${SITE}/login`, { email, password: `wrong-${n}` }).catch(() => {});
}

async function booking(visitor: CountedVisitor, catalogue: { storeId: number; typeIds: number[] }, k: number) {
  const typeId = catalogue.typeIds[k % catalogue.typeIds.length] as number;
  // One day each, from three weeks out, so bookings do not take every car of a type.
  const from = 21 + Math.floor(k / catalogue.typeIds.length) * 2;
  const fields = await visitor.prepare(optionsPath(catalogue.storeId, typeId, from, 1), k);
  const answer = await visitor.post(`/${SITE}/reserve/confirm`, fields);
  return answer.status === 302 && (answer.location ?? "").endsWith("/reserve/completed");
}

/** The entry whose share of the total weight `roll` falls in. */
function weighted<T extends { weight: number }>(entries: T[], roll: number): T {
  let rest = roll;
  for (const entry of entries) {
    rest -= entry.weight;
    if (rest < 0) return entry;
  }
  return entries[entries.length - 1] as T;
}

async function worker(
  id: number,
  until: number,
  tally: Tally,
  mix: { weight: number; make: PathMaker }[],
  schedule: Schedule,
  catalogue: { storeId: number; typeIds: number[] },
) {
  const random = mulberry32(id + 1);
  const total = mix.reduce((s, m) => s + m.weight, 0);
  const browser = new CountedVisitor(BASE, tally, "GET");
  const loginForm = new CountedVisitor(BASE, tally, "login");
  await loginForm.get(`/${SITE}/login`).catch(() => {});
  let n = id * 1_000_000;
  while (performance.now() < until) {
    n++;
    const now = performance.now();
    if (now >= schedule.nextLogin) {
      schedule.nextLogin += LOGIN_EVERY_MS;
      await login(loginForm, schedule.logins++);
      continue;
    }
    if (now >= schedule.nextBooking) {
      schedule.nextBooking += BOOKING_EVERY_MS;
      const k = schedule.bookings.tried++;
      try {
        if (await booking(new CountedVisitor(BASE, tally, "booking"), catalogue, k)) schedule.bookings.booked++;
        else schedule.bookings.refused++;
      } catch {
        schedule.bookings.failed++;
      }
      continue;
    }
    await browser.get(weighted(mix, random() * total).make(n)).catch(() => {});
  }
}

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rentacar_soak_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const mb = (n: number | undefined) => (n === undefined ? "–" : n.toFixed(0));
const ms = (n: number) => (Number.isNaN(n) ? "–" : n.toFixed(0));

async function main() {
  let dataDir: string | undefined;
  let fresh: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  let env: Record<string, string>;
  let database: string;
  if (process.env.SOAK_DATABASE_URL) {
    env = { DATABASE_URL: process.env.SOAK_DATABASE_URL };
    database = "PostgreSQL (SOAK_DATABASE_URL)";
  } else if (process.argv.includes("--postgres")) {
    fresh = await freshPostgres();
    env = { DATABASE_URL: fresh.url };
    database = "PostgreSQL (fresh database)";
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "rentacar-soak-"));
    env = { DATA_DIR: dataDir };
    database = "PGlite (fresh DATA_DIR)";
  }
  const server = startServer(PORT, env);
  let failed = true;
  try {
    await waitFor(`${BASE}/${SITE}`);
    const pid = server.pid as number;
    const mix = await pageMix();
    const catalogue = await storeAndTypes(BASE);
    const rssAtStart = await rssMb(pid);
    console.log(
      `Soak: ${MINUTES} min, ${CONCURRENCY} workers, ${database}, loopback, ${os.cpus().length} cores, Node ${process.version}`,
    );
    console.log(`RSS after start and discovery: ${mb(rssAtStart)} MB\n`);
    console.log("| minute | RSS MB (end) | requests | errors | p50 ms | p95 ms |");
    console.log("|---:|---:|---:|---:|---:|---:|");

    const start = performance.now();
    const until = start + MINUTES * 60_000;
    const tally = new Tally(start);
    const rss: { at: number; mb: number }[] = [];
    const sampler = setInterval(() => {
      rssMb(pid).then(
        (value) => rss.push({ at: performance.now() - start, mb: value }),
        () => {},
      );
    }, RSS_EVERY_MS);
    // A minute's row as soon as the minute is over (its last requests may still be answering).
    let printed = 0;
    const printRow = (i: number) => {
      const m = tally.minutes[i] ?? { requests: 0, errors: 0, latencies: [] };
      const end = rss.filter((s) => s.at <= (i + 1) * 60_000 + 1000).at(-1)?.mb;
      console.log(
        `| ${i + 1} | ${mb(end)} | ${m.requests} | ${m.errors} | ${ms(percentile(m.latencies, 0.5))} | ${ms(percentile(m.latencies, 0.95))} |`,
      );
    };
    const reporter = setInterval(() => {
      while (printed < Math.floor((performance.now() - start - 1500) / 60_000) && printed < MINUTES)
        printRow(printed++);
    }, 1000);
    const schedule: Schedule = {
      nextLogin: start + LOGIN_EVERY_MS,
      nextBooking: start + BOOKING_EVERY_MS,
      logins: 0,
      bookings: { tried: 0, booked: 0, refused: 0, failed: 0 },
    };
    await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, id) => worker(id, until, tally, mix, schedule, catalogue)),
    );
    clearInterval(sampler);
    rss.push({ at: performance.now() - start, mb: await rssMb(pid) });
    clearInterval(reporter);
    while (printed < MINUTES) printRow(printed++);

    const all = tally.minutes.flatMap((m) => m.latencies);
    const requests = tally.minutes.reduce((s, m) => s + m.requests, 0);
    const errors = tally.minutes.reduce((s, m) => s + m.errors, 0);
    const warm = rss.filter((s) => s.at <= 60_000 + 1000).at(-1)?.mb ?? Number.NaN;
    const last = rss.at(-1)?.mb ?? Number.NaN;
    const peak = Math.max(...rss.map((s) => s.mb));
    const growth = (last - warm) / warm;
    // Garbage collection moves single samples by tens of MB: the means of whole minutes show the trend.
    const meanOf = (from: number, to: number) => {
      const inside = rss.filter((s) => s.at > from && s.at <= to + 1000).map((s) => s.mb);
      return inside.reduce((a, b) => a + b, 0) / inside.length;
    };
    const second = meanOf(60_000, 120_000);
    const lastMinute = meanOf((MINUTES - 1) * 60_000, MINUTES * 60_000);
    console.log(`\nRSS samples every ${RSS_EVERY_MS / 1000} s (MB): ${rss.map((s) => s.mb.toFixed(0)).join(" ")}`);
    console.log(
      `requests: ${requests}, errors (5xx or network): ${errors}, p50 ${ms(percentile(all, 0.5))} ms, p95 ${ms(percentile(all, 0.95))} ms`,
    );
    console.log(
      `logins (wrong password): ${schedule.logins}; bookings: ${schedule.bookings.tried} tried, ${schedule.bookings.booked} booked, ${schedule.bookings.refused} refused, ${schedule.bookings.failed} failed`,
    );
    console.log(
      `answers: ${[...tally.statuses]
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join(", ")}`,
    );
    if (tally.failures.length) console.log(`first failures:\n  ${tally.failures.join("\n  ")}`);
    console.log(
      `mean RSS in minute 2: ${mb(second)} MB, in the last minute: ${mb(lastMinute)} MB (${(((lastMinute - second) / second) * 100).toFixed(1)}%)`,
    );
    const grewOk = growth <= MAX_GROWTH;
    console.log(
      `\nRSS at 1 min ${mb(warm)} MB, at the end ${mb(last)} MB, peak ${mb(peak)} MB: growth ${(growth * 100).toFixed(1)}% ` +
        `(limit ${MAX_GROWTH * 100}%) ${grewOk ? "PASS" : "FAIL"}; 5xx and network errors: ${errors} ${errors === 0 ? "PASS" : "FAIL"}`,
    );
    failed = !grewOk || errors > 0;
  } finally {
    server.kill("SIGTERM");
    await Promise.race([new Promise((r) => server.once("exit", r)), sleep(15_000)]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
