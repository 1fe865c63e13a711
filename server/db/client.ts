import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/** Called with every statement Drizzle sends; tests count queries with it. */
export type QueryObserver = (sql: string) => void;

const observe = (onQuery?: QueryObserver) => (onQuery ? { logQuery: (q: string) => onQuery(q) } : undefined);

export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  onQuery?: QueryObserver;
}): Promise<DbHandle> {
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { btree_gist },
  });
  const db = drizzlePglite({ client, schema, casing: "snake_case", logger: observe(options.onQuery) });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, max = 10, onQuery?: QueryObserver): DbHandle {
  const pool = new pg.Pool({ connectionString, max });
  const db = drizzlePg({ client: pool, schema, casing: "snake_case", logger: observe(onQuery) });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

/** PostgreSQL when `DATABASE_URL` is set, otherwise PGlite under `DATA_DIR/pglite`. */
export async function createDb(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<DbHandle> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  const dataDir = path.resolve(config.DATA_DIR, "pglite");
  await mkdir(dataDir, { recursive: true });
  return openPglite({ dataDir });
}
