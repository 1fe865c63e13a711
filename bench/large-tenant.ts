// Availability + price for one store and period on a generated large tenant in PostgreSQL:
// 50 stores × 40 car types × 2,000 vehicles, measured at 10,000 and at 100,000 reservations.
// Usage: npx tsx bench/large-tenant.ts   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/rentacar_bench;
// the database is created if missing and its tenant "bigco" rebuilt on every run.)
import { sql } from "drizzle-orm";
import pg from "pg";
import { addDays, localDate } from "../common/calendar-date";
import { searchCarTypes } from "../server/availability/search";
import { SearchQuerySchema } from "../server/availability/search-schema";
import { openPostgres } from "../server/db/client";
import { clients } from "../server/db/schema";
import { createSite } from "../server/db/seed/factories";
import { createSiteCache } from "../server/sites/site-cache";

const URL_ = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/rentacar_bench";
const SITE = "bigco";
const STORES = 50;
const TYPES = 40;
const CLASSES = 8;
const VEHICLES = 2000;
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
      // 2,000 vehicles: one of each type at every store.
      vehicles: Array.from({ length: STORES * TYPES }, (_, i) => ({
        store: Math.floor(i / TYPES),
        typeKey: `t${i % TYPES}`,
        count: 1,
      })).slice(0, VEHICLES),
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
    `tenant: ${STORES} stores, ${typeIds.length} car types, ${VEHICLES} vehicles (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );

  const addReservations = async (from: number, to: number) => {
    // Spread over two years around today, 1-7 days each.
    await db.execute(sql`
      insert into reservations (site_id, reserve_no, store_id, car_type_id, start_at, end_at)
      select ${SITE}, 'B' || g,
             (${sql.raw(`ARRAY[${storeIds.join(",")}]`)})[(1 + (g::bigint * 7919) % ${STORES}::int)::int],
             (${sql.raw(`ARRAY[${typeIds.join(",")}]`)})[(1 + (g::bigint * 104729) % ${TYPES}::int)::int],
             s, s + ((1 + (g % 7)) || ' days')::interval
        from generate_series(${from}::int, ${to}::int) g,
             lateral (select now() - interval '365 days' + ((g * 2654435761::bigint) % (730 * 24)) * interval '1 hour' as s) x`);
    await db.execute(sql`analyze reservations`);
  };

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
  await addReservations(1, 10_000);
  const p95Small = await measure("10k");
  await addReservations(10_001, 100_000);
  const p95Large = await measure("100k");
  console.log(`\np95 at 100k / p95 at 10k: ${(p95Large / p95Small).toFixed(2)} (linear growth would be ~10)`);
  console.log(`target p95 <= 10 ms: ${p95Large <= 10 ? "met" : "NOT met"}`);

  const plan = (await db.execute(sql`
    explain select car_type_id from reservations
     where site_id = ${SITE} and store_id = ${storeIds[0]} and status in ('held', 'confirmed') and (status = 'confirmed' or hold_expires_at > now())
       and tstzrange(start_at, end_at, '[)') && tstzrange(now(), now() + interval '2 days', '[)')`)) as unknown as {
    rows: { "QUERY PLAN": string }[];
  };
  console.log(`\nquery plan:\n${plan.rows.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`);
  await handle.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
