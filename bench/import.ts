// The CSV import of a fleet (issue 23: "a fleet of 5,000 vehicles imports in seconds"): a tenant of
// 50 stores × 40 car types, a file of 5,000 vehicles in Shift_JIS-free UTF-8 with Japanese headers,
// read for the preview and then imported in one transaction, on PGlite and (with BENCH_DATABASE_URL)
// on PostgreSQL. Prints the seconds of each step.
// Usage: npm run bench:import   (VEHICLES=5000; BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/rentacar_bench)
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db, DbHandle } from "#server/db/client";
import { openPglite, openPostgres } from "#server/db/client";
import { clients } from "#server/db/schema";
import { createSite } from "#server/db/seed/factories";
import { vehiclesImporter } from "#server/imports/catalog-import";
import { commitImport, previewImport } from "#server/imports/import";
import type { Actor } from "#server/staff/permissions";

const VEHICLES = Number(process.env.VEHICLES ?? 5000);
const SITE = "importco";
const OWNER: Actor = { id: 0, staffId: null, email: "", name: "bench", role: "owner", storeIds: [] };

async function tenant(db: Db) {
  await db.delete(clients).where(sql`${clients.siteId} = ${SITE}`);
  const stores = Array.from({ length: 50 }, (_, i) => ({ storeName: `店舗${i + 1}` }));
  await createSite(db, {
    siteId: SITE,
    clientId: 990_001,
    usagePlanType: 4,
    settings: { siteTitle: "Import Co." },
    stores,
    catalogue: {
      classes: [{ key: "c", className: "クラス" }],
      carTypes: Array.from({ length: 40 }, (_, i) => ({
        key: `t${i}`,
        classKey: "c",
        typeName: `車種${i + 1}`,
        capacity: 5,
      })),
      vehicles: [],
    },
  });
}

function fleetCsv(): Uint8Array {
  const lines = ["店舗,車種,登録番号,色,走行距離,稼働"];
  for (let i = 0; i < VEHICLES; i++)
    lines.push(`店舗${(i % 50) + 1},車種${(i % 40) + 1},沖縄 500 わ ${i},白,${i * 7},はい`);
  return new TextEncoder().encode(lines.join("\r\n"));
}

async function measure(name: string, handle: DbHandle) {
  await handle.migrate();
  await tenant(handle.db);
  const bytes = fleetCsv();
  const t0 = performance.now();
  const preview = await previewImport(handle.db, SITE, OWNER, vehiclesImporter, bytes);
  const t1 = performance.now();
  if (preview.withErrors) throw new Error(`${preview.withErrors} rows refused`);
  const { count } = await commitImport(handle.db, SITE, OWNER, vehiclesImporter, {
    text: preview.text,
    fileName: "fleet.csv",
  });
  const t2 = performance.now();
  console.log(
    `${name.padEnd(10)} ${count} vehicles (${(bytes.length / 1024).toFixed(0)} KB): preview ${((t1 - t0) / 1000).toFixed(2)} s, import ${((t2 - t1) / 1000).toFixed(2)} s`,
  );
}

const dir = await mkdtemp(path.join(os.tmpdir(), "bench-import-"));
try {
  const lite = await openPglite({ dataDir: path.join(dir, "pglite") });
  await measure("PGlite", lite);
  await lite.close();
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const u = new URL(url);
    const name = u.pathname.slice(1);
    const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, "/postgres") });
    await admin.connect();
    if (!(await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount) {
      await admin.query(`create database ${name}`);
    }
    await admin.end();
    const handle = openPostgres(url, 4);
    await measure("PostgreSQL", handle);
    await handle.close();
  } else {
    console.log("PostgreSQL skipped: set BENCH_DATABASE_URL");
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
