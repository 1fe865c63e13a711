import { readFile } from "node:fs/promises";
import pg from "pg";
import { type DbHandle, openPglite, openPostgres, type QueryObserver } from "../../server/db/client";
import { withDatabase } from "./global-db";

export const usingPostgres = process.env.TEST_DB_KIND === "postgres";

/**
 * A fresh, migrated database for one test file: PGlite loaded from the migrated template, or,
 * when TEST_DATABASE_URL is set, a new PostgreSQL database cloned from the template database.
 */
export async function createTestDb(onQuery?: QueryObserver): Promise<DbHandle> {
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
