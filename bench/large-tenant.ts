// Availability + price for one store and period on a generated large tenant in PostgreSQL:
// 50 stores × 40 car types with 5 vehicles of each type at each store (10,000 vehicles), measured
// at 10,000, 100,000 and 1,000,000 reservations that respect the fleet: the capacity trigger of
// decision 021 stays on and checks every row, so the load's time is also what a bulk import costs.
// Usage: npm run bench:large   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/rentacar_bench;
// LARGE_MAX=100000 stops earlier; the database is created if missing and "bigco" rebuilt on every run.)
import { sql } from "drizzle-orm";
import pg from "pg";
import { addDays, localDate } from "#common/calendar-date";
import { searchCarTypes } from "#server/availability/search";
import { SearchQuerySchema } from "#server/availability/search-schema";
import { openPostgres } from "#server/db/client";
import { clients } from "#server/db/schema";
import { createSite } from "#server/db/seed/factories";
import { HOLDS_A_CAR_SQL } from "#server/reservations/status";
import { createSiteCache } from "#server/sites/site-cache";

const URL_ = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/rentacar_bench";
const SITE = "bigco";
const STORES = 50;
const TYPES = 40;
const CLASSES = 8;
const PER_TYPE = 5;
/** One lane per vehicle: a lane's bookings follow each other, so no store and type is ever overbooked. */
const LANES = STORES * TYPES * PER_TYPE;
const MAX = Number(process.env.LARGE_MAX ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 400);

async function ensureDatabase() {
  const u = new URL(URL_);
  const name = u.pathname.slice(1);
  u.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (!exists.rowCount) await admin.query(`create database ${name}`);
  await admin.end();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  await ensureDatabase();
  const handle = openPostgres(URL_, 4);
  const { db } = handle;
  await handle.migrate();
  await db.delete(clients).where(sql`${clients.siteId} = ${SITE}`);

  const t0 = performance.now();
  const nights = (base: number) => ({
    mode: 2,
    effectiveFrom: "2020-01-01",
    sameDay: base,
    nights1: base * 2,
    nights2: base * 3,
    nights3: base * 4,
    nights4: base * 5,
    nights5: base * 6,
    nights6: base * 7,
    nights7: base * 8,
    nights14: base * 14,
    month: base * 25,
    extraDay: base,
  });
  const site = await createSite(db, {
    siteId: SITE,
    clientId: 990_001,
    usagePlanType: 4,
    settings: { siteTitle: "Big Co", defaultDispEmptyCarType: 1 },
    stores: Array.from({ length: STORES }, (_, i) => ({
      storeName: `Store ${i + 1}`,
      isOpen24h: true,
      displayOrder: i,
    })),
    catalogue: {
      classes: Array.from({ length: CLASSES }, (_, i) => ({ key: `c${i}`, className: `Class ${i}` })),
      carTypes: Array.from({ length: TYPES }, (_, i) => ({
        key: `t${i}`,
        classKey: `c${i % CLASSES}`,
        typeName: `Type ${i}`,
        capacity: 2 + (i % 7),
        displayOrder: i,
      })),
      vehicles: Array.from({ length: STORES * TYPES }, (_, i) => ({
        store: Math.floor(i / TYPES),
        typeKey: `t${i % TYPES}`,
        count: PER_TYPE,
      })),
      feePlans: Array.from({ length: STORES * CLASSES }, (_, i) => ({
        store: Math.floor(i / CLASSES),
        classKey: `c${i % CLASSES}`,
        ...nights(4000 + (i % CLASSES) * 500),
      })),
    },
  });
  const storeIds = site.storeIds;
  const typeIds = Object.values(site.catalogue?.typeIds ?? {});
  console.log(
    `tenant: ${STORES} stores, ${typeIds.length} car types, ${LANES} vehicles (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );

  /**
   * Bookings `from`..`to`. Booking g takes lane (g - 1) mod LANES, that is one vehicle of one store
   * and type; its n-th booking starts n six-day slots from today, alternately after and before it
   * (so the first ones fall where searches look), and lasts 1 to 5 days: never two at once on a lane,
   * never more at a store and type than its vehicles. Written in batches of 50,000 rows, each
   * checked row by row by the capacity trigger.
   */
  const addReservations = async (from: number, to: number) => {
    const started = performance.now();
    for (let lo = from; lo <= to; lo += 50_000) {
      const hi = Math.min(to, lo + 49_999);
      await db.execute(sql`
        insert into reservations (site_id, reserve_no, store_id, car_type_id, start_at, end_at)
        select ${SITE}, 'B' || g,
               (${sql.raw(`ARRAY[${storeIds.join(",")}]`)})[1 + pair / ${TYPES}::int],
               (${sql.raw(`ARRAY[${typeIds.join(",")}]`)})[1 + pair % ${TYPES}::int],
               s, s + (1 + g % 5) * interval '1 day'
          from generate_series(${lo}::int, ${hi}::int) g,
               lateral (select (g - 1) % ${LANES}::int as lane, (g - 1) / ${LANES}::int as n) l,
               lateral (select lane / ${PER_TYPE}::int as pair) p,
               lateral (select date_trunc('day', now()) + interval '10 hours'
                               + (case when n % 2 = 0 then n / 2 else -(n + 1) / 2 end) * interval '6 days'
                               + (lane % ${PER_TYPE}::int) * interval '3 hours' as s) x`);
    }
    // A store's history is read after autovacuum has been through it (visibility map, hint bits,
    // statistics), not while it works on rows loaded a moment ago.
    await db.execute(sql`vacuum (analyze) reservations`);
    const seconds = (performance.now() - started) / 1000;
    loads.push(
      `${(to - from + 1).toLocaleString("en-US")} rows in ${seconds.toFixed(1)} s (${(((to - from + 1) / seconds) | 0).toLocaleString("en-US")} rows/s, the trigger on)`,
    );
  };
  const loads: string[] = [];

  const bundle = await createSiteCache().get(db, SITE);
  if (!bundle) throw new Error("tenant missing");
  const now = new Date();
  const today = localDate(now, "Asia/Tokyo");

  const measure = async (label: string) => {
    const times: number[] = [];
    for (let i = 0; i < SEARCHES + 20; i++) {
      const store = storeIds[(i * 17) % storeIds.length] as number;
      const sd = addDays(today, 1 + (i % 60));
      const query = SearchQuerySchema.parse({
        si: String(store),
        sd,
        st: "10:00",
        ed: addDays(sd, i % 5),
        et: "18:00",
      });
      const start = performance.now();
      const r = await searchCarTypes(db, SITE, { bundle, query, now });
      const ms = performance.now() - start;
      if (r.offers.length === 0 && !r.notice) throw new Error("search returned nothing");
      if (i >= 20) times.push(ms); // the first 20 warm up
    }
    times.sort((a, b) => a - b);
    const [count] = (
      (await db.execute(sql`select count(*)::int as n from reservations where site_id = ${SITE}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    console.log(
      `| ${label} | ${count?.n.toLocaleString("en-US")} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${percentile(times, 99).toFixed(2)} |`,
    );
    return percentile(times, 95);
  };

  console.log(`\n${SEARCHES} searches per row (availability + price of all ${TYPES} types at one store), ms\n`);
  console.log("| reservations | count | p50 | p95 | p99 |");
  console.log("|---|---:|---:|---:|---:|");
  const p95s: [string, number][] = [];
  for (const [label, upTo, from] of [
    ["10k", 10_000, 1],
    ["100k", 100_000, 10_001],
    ["1M", 1_000_000, 100_001],
  ] as const) {
    if (upTo > MAX) break;
    await addReservations(from, upTo);
    p95s.push([label, await measure(label)]);
  }
  console.log(`\nloading (the capacity trigger checks every row):\n${loads.map((l) => `  ${l}`).join("\n")}`);
  const worst = Math.max(...p95s.map(([, p]) => p));
  console.log(`\ntarget p95 <= 3 ms at every size: ${worst <= 3 ? "met" : "NOT met"} (worst ${worst.toFixed(2)} ms)`);

  // The plan of the overlap query availability runs (server/availability/queries.ts), two weeks ahead.
  const plan = (await db.execute(sql`
    explain (analyze, buffers, costs off) select car_type_id, start_at, blocked_until from reservations
     where site_id = ${SITE} and store_id = ${storeIds[0]} and ${sql.raw(HOLDS_A_CAR_SQL)}
       and tstzrange(start_at, blocked_until, '[)') && tstzrange(now() + interval '14 days', now() + interval '16 days', '[)')`)) as unknown as {
    rows: { "QUERY PLAN": string }[];
  };
  console.log(`\nquery plan:\n${plan.rows.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`);
  await handle.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
