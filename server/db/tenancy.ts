import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "./client";

/**
 * Row-level security (decision 022). Every tenant table answers only rows whose `site_id` equals the
 * connection's `app.site_id`, for any role but the owner. A connection is put in a scope before it
 * runs anything: the app role with one site (a request), the app role with no site (sees no tenant
 * row), or the owner (migrations, the seed and named cross-site jobs).
 *
 * Settings are session-level and remembered per connection, so a query pays a round trip only when
 * its connection was last used for another scope. That is safe because every use of a connection
 * passes through `enter` first: nothing reaches the raw client without naming its scope.
 */
export const APP_ROLE = "rentacar_app";

export type Scope = { kind: "site"; siteId: string } | { kind: "owner" };

export const NO_SITE: Scope = { kind: "site", siteId: "" };
export const OWNER: Scope = { kind: "owner" };

export const scopeKey = (scope: Scope) => (scope.kind === "owner" ? "\0owner" : scope.siteId);

/**
 * `switchRole`: the connection logs in as the owner and drops to the app role for site scopes.
 * Without it (a separate app login, `DATABASE_APP_URL`) only the site is set.
 */
export function enterSql(scope: Scope, switchRole: boolean): { text: string; values: string[] } {
  const siteId = scope.kind === "owner" ? "" : scope.siteId;
  if (!switchRole) return { text: "select set_config('app.site_id', $1, false)", values: [siteId] };
  return {
    text: "select set_config('role', $2, false), set_config('app.site_id', $1, false)",
    values: [siteId, scope.kind === "owner" ? "none" : APP_ROLE],
  };
}

/** The part of PGlite that Drizzle's PGlite driver calls: what both PGlite paths give it (pglite/). */
export type PgliteClient = Pick<PGlite, "query" | "transaction">;

/**
 * A pool that puts each connection it hands out in `scope`. Drizzle's node-postgres driver takes it
 * for a pool (it is one, by prototype), so transactions check out a scoped connection too.
 */
export function scopedPool(pool: pg.Pool, scope: Scope, switchRole: boolean, entered: WeakMap<object, string>) {
  const key = scopeKey(scope);
  const { text, values } = enterSql(scope, switchRole);
  const wrapper = Object.create(pool) as pg.Pool;
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    if (entered.get(client) !== key) {
      try {
        entered.delete(client);
        await client.query(text, values);
        entered.set(client, key);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
    }
    return client;
  };
  Object.assign(wrapper, {
    connect,
    async query(...args: unknown[]) {
      const client = await connect();
      try {
        return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } finally {
        client.release();
      }
    },
  });
  return wrapper;
}

/**
 * Refuses to serve when the request role would skip the policies: a superuser or BYPASSRLS login in
 * DATABASE_APP_URL, or an owner that cannot drop to the app role.
 */
export async function assertRequestRoleIsLimited(forSite: (siteId: string) => Db): Promise<void> {
  const result = (await forSite("").execute(
    sql`select current_user as name, rolsuper, rolbypassrls from pg_roles where rolname = current_user`,
  )) as unknown as { rows: { name: string; rolsuper: boolean; rolbypassrls: boolean }[] };
  const role = result.rows[0];
  if (!role || role.rolsuper || role.rolbypassrls) {
    throw new Error(
      `DATABASE_APP_URL: the app's role ${role?.name ?? "?"} is a superuser or has BYPASSRLS; row-level security would not apply (decision 022)`,
    );
  }
}
