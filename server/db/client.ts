import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "#server/ops/data-dir-lock";
import { fillSearchText } from "#server/search/search-backfill";
import { openPgliteDoor, type PgliteDoor, pgliteFast } from "./pglite";
import { NO_SITE, OWNER, type Scope, scopedPool } from "./tenancy";

/**
 * Drizzle without its relational queries (`db.query.*`), which nothing uses: given the schema, it
 * builds a query builder per table for every transaction and savepoint it opens.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface DbHandle {
  /** The owner: migrations, the seed, named cross-site jobs and test fixtures. Row-level security does not apply. */
  db: Db;
  /** The app role with one site set (decision 022): tenant tables show that site's rows only; "" shows none. */
  forSite(siteId: string): Db;
  kind: "pglite" | "postgres";
  /** The migrations, then the search column of rows that have none (decision 051). */
  migrate(): Promise<void>;
  /** PGlite only: a consistent archive of the whole data folder (tar.gz). */
  backup?(): Promise<Blob>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/** Called with every statement Drizzle sends; tests count queries with it. */
export type QueryObserver = (sql: string) => void;

const observe = (onQuery?: QueryObserver) => (onQuery ? { logQuery: (q: string) => onQuery(q) } : undefined);

/**
 * Scoped instances kept (about 18 KB each), least recently used out first: made-up site names in
 * probed paths cannot grow the map, and a site pushed out is made again on its next request.
 */
const MAX_SCOPED_SITES = 500;

/** One Drizzle instance per site scope, made on first use. */
function siteScopes(make: (scope: Scope) => Db): (siteId: string) => Db {
  const bySite = new Map<string, Db>();
  return (siteId) => {
    let db = bySite.get(siteId);
    if (db) {
      bySite.delete(siteId);
    } else {
      if (bySite.size >= MAX_SCOPED_SITES) bySite.delete(bySite.keys().next().value as string);
      db = make(siteId ? { kind: "site", siteId } : NO_SITE);
    }
    bySite.set(siteId, db);
    return db;
  };
}

/** The handle of a PGlite database, on whichever path its door took (pglite/index.ts). */
function pgliteHandle(door: PgliteDoor, onQuery?: QueryObserver): DbHandle {
  const make = (scope: Scope) =>
    drizzlePglite({ client: door.client(scope) as PGlite, casing: "snake_case", logger: observe(onQuery) });
  const owner = make(OWNER);
  return {
    db: owner as unknown as Db,
    forSite: siteScopes((scope) => make(scope) as unknown as Db),
    kind: "pglite",
    migrate: async () => {
      await migratePglite(owner, { migrationsFolder: MIGRATIONS_DIR });
      await fillSearchText(owner as unknown as Db);
    },
    backup: door.backup,
    close: door.close,
  };
}

/**
 * PGlite on this thread: in memory, from an archive or on a folder (tests, restore, benches). The
 * fast path unless `fast` is false or `PGLITE_FAST=0`.
 */
export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  onQuery?: QueryObserver;
  fast?: boolean;
}): Promise<DbHandle> {
  return pgliteHandle(await openPgliteDoor(options), options.onQuery);
}

/** PGlite on a folder for the server and the scripts: on a thread of its own on the fast path (decision 042). */
export async function openPgliteThread(dataDir: string, fast = pgliteFast()): Promise<DbHandle> {
  return pgliteHandle(await openPgliteDoor({ dataDir, thread: true, fast }));
}

/** Scripts without a logger: one line on stderr. */
function reportConnectionLost(err: Error): void {
  process.stderr.write(`PostgreSQL connection lost (${err.message}); a new one opens on the next query\n`);
}

/**
 * `appConnectionString` (DATABASE_APP_URL): the app's own login, neither superuser nor BYPASSRLS.
 * Without it the owner's connections drop to the app role for site scopes.
 */
export function openPostgres(
  connectionString: string,
  max = 10,
  onQuery?: QueryObserver,
  appConnectionString?: string,
  onConnectionLost: (err: Error) => void = reportConnectionLost,
): DbHandle {
  const ownerPool = new pg.Pool({ connectionString, max: appConnectionString ? 2 : max });
  const appPool = appConnectionString ? new pg.Pool({ connectionString: appConnectionString, max }) : ownerPool;
  // An idle connection that PostgreSQL ends (a restart, a terminated backend) is an 'error' event on
  // the pool: unheard, it would crash the process. The pool drops that connection and opens another.
  for (const pool of new Set([ownerPool, appPool])) pool.on("error", onConnectionLost);
  const entered = new WeakMap<object, string>();
  const make = (pool: pg.Pool, scope: Scope) =>
    drizzlePg({
      client: scopedPool(pool, scope, !appConnectionString, entered),
      casing: "snake_case",
      logger: observe(onQuery),
    });
  const owner = make(ownerPool, OWNER);
  return {
    db: owner as unknown as Db,
    forSite: siteScopes((scope) => make(appPool, scope) as unknown as Db),
    kind: "postgres",
    migrate: async () => {
      await migratePg(owner, { migrationsFolder: MIGRATIONS_DIR });
      await fillSearchText(owner as unknown as Db);
    },
    close: async () => {
      await ownerPool.end();
      if (appPool !== ownerPool) await appPool.end();
    },
  };
}

/**
 * PostgreSQL when `DATABASE_URL` is set, otherwise PGlite under `DATA_DIR/pglite` (its own thread unless `PGLITE_FAST=0`), opened only after
 * this process holds DATA_DIR's lock (one writer per folder); closing the handle releases it.
 */
export async function createDb(
  config: { DATABASE_URL?: string; DATABASE_APP_URL?: string; DATA_DIR: string; PGLITE_FAST?: boolean },
  onConnectionLost?: (err: Error) => void,
): Promise<DbHandle> {
  if (config.DATABASE_URL) {
    return openPostgres(config.DATABASE_URL, 10, undefined, config.DATABASE_APP_URL, onConnectionLost);
  }
  const lock = await acquireDataDirLock(config.DATA_DIR);
  try {
    const dataDir = path.resolve(config.DATA_DIR, "pglite");
    await mkdir(dataDir, { recursive: true });
    const handle = await openPgliteThread(dataDir, config.PGLITE_FAST ?? pgliteFast());
    const close = handle.close;
    return { ...handle, close: () => close().finally(() => lock.release()) };
  } catch (err) {
    await lock.release();
    throw err;
  }
}
