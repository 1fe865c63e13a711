import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Db, type DbHandle, openPglite, openPostgres, type QueryObserver } from "#server/db/client";
import { assertRequestRoleIsLimited } from "#server/db/tenancy";
import { withDatabase } from "./global-db";

export const usingPostgres = process.env.TEST_DB_KIND === "postgres";

/**
 * A test's database, reached as production reaches it (issue 37). `forSite` is the product's own
 * connection: the non-owner app role with one site's scope and row-level security forced; every
 * call into the code under test, and every read a test makes of what that code wrote, goes through
 * it. `owner` loads fixtures only (sites, rows a test starts from): it skips grants and policies,
 * which is how tests once hid a DELETE the app role may not run. `server` is the handle the HTTP
 * app and the background workers take, as `server/main.ts` gives it: site requests drop to the app
 * role, and its owner side serves only the named cross-site paths.
 */
export interface TestDb {
  owner: Db;
  forSite(siteId: string): Db;
  server: Pick<DbHandle, "db" | "forSite">;
  kind: DbHandle["kind"];
  backup?: DbHandle["backup"];
  close(): Promise<void>;
}

/** Fails unless `forSite` runs as a role that neither is a superuser, bypasses RLS, nor owns the tables. */
export async function assertAppRole(forSite: (siteId: string) => Db): Promise<void> {
  await assertRequestRoleIsLimited(forSite);
  const result = (await forSite("").execute(
    sql`select current_user as name, (select tableowner from pg_tables where tablename = 'reservations' and schemaname = 'public') as owner,
               (select relforcerowsecurity from pg_class where relname = 'reservations' and relkind = 'r') as forced`,
  )) as unknown as { rows: { name: string; owner: string; forced: boolean }[] };
  const row = result.rows[0];
  if (!row || row.name === row.owner || !row.forced) {
    throw new Error(
      `tests must reach the database as the app role with row-level security forced, not as ${row?.name ?? "?"}`,
    );
  }
}

function testDb(handle: DbHandle): TestDb {
  return {
    owner: handle.db,
    forSite: handle.forSite,
    server: handle,
    kind: handle.kind,
    backup: handle.backup,
    close: () => handle.close(),
  };
}

/**
 * A fresh, migrated database for one test file: PGlite loaded from the migrated template, or,
 * when TEST_DATABASE_URL is set, a new PostgreSQL database cloned from the template database.
 */
export async function createTestDb(onQuery?: QueryObserver): Promise<TestDb> {
  const handle = await openTestHandle(onQuery);
  await assertAppRole(handle.forSite);
  return testDb(handle);
}

async function openTestHandle(onQuery?: QueryObserver): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const template = process.env.PG_TEMPLATE_DB;
  if (usingPostgres) {
    if (!url || !template) throw new Error("TEST_DATABASE_URL is set but the template database was not made");
    const name = `rentacar_t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const handle = openPostgres(withDatabase(url, name), 5, onQuery);
    return {
      ...handle,
      async close() {
        await handle.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`drop database if exists ${name}`);
        await a.end();
      },
    };
  }
  const file = process.env.PGLITE_TEMPLATE;
  if (!file) throw new Error("tests/setup/global-db.ts did not run");
  return openPglite({
    loadDataDir: new Blob([new Uint8Array(await readFile(file))], { type: "application/x-gzip" }),
    onQuery,
  });
}
