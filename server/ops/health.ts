import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Env, Hono } from "hono";
import { type DbHandle, MIGRATIONS_DIR } from "#server/db/client";

export interface Readiness {
  ready: boolean;
  database: "ok" | "unreachable";
  migrations: "current" | "behind" | "unknown";
  /** Set once a stop has begun: a load balancer should send new requests elsewhere. */
  stopping?: true;
}

/**
 * `/readyz`: the database answers, both as the owner and as the app role, and holds the newest
 * migration this build ships (a process started from a newer build than the database is not ready).
 */
export function readinessCheck(
  handle: Pick<DbHandle, "db" | "forSite">,
  migrationsFolder = MIGRATIONS_DIR,
): () => Promise<Readiness> {
  const newest = Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  return async () => {
    try {
      await handle.forSite("").execute(sql`select 1`);
      const result = (await handle.db.execute(
        sql`select coalesce(max(created_at), 0)::bigint as applied from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { applied: string | number }[] };
      const current = Number(result.rows[0]?.applied ?? 0) >= newest;
      return { ready: current, database: "ok", migrations: current ? "current" : "behind" };
    } catch {
      return { ready: false, database: "unreachable", migrations: "unknown" };
    }
  };
}

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `GET /healthz` (liveness: the process answers; no database call) and `GET /readyz`. Registered
 * before the request logger, so probes every few seconds do not fill the info log.
 */
export function mountHealth<E extends Env>(
  app: Hono<E>,
  check: () => Promise<Readiness>,
  stopping: () => boolean = () => false,
): void {
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, NO_STORE));
  app.get("/readyz", async (c) => {
    if (stopping()) return c.json({ ready: false, stopping: true }, 503, NO_STORE);
    const readiness = await check();
    return c.json(readiness, readiness.ready ? 200 : 503, NO_STORE);
  });
}
