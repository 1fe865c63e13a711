import type { PGlite, Transaction } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "./client";
import { pipelinedQuery } from "./pglite-query";

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

const scopeKey = (scope: Scope) => (scope.kind === "owner" ? "\0owner" : scope.siteId);

/**
 * `switchRole`: the connection logs in as the owner and drops to the app role for site scopes.
 * Without it (a separate app login, `DATABASE_APP_URL`) only the site is set.
 */
function enterSql(scope: Scope, switchRole: boolean): { text: string; values: string[] } {
  const siteId = scope.kind === "owner" ? "" : scope.siteId;
  if (!switchRole) return { text: "select set_config('app.site_id', $1, false)", values: [siteId] };
  return {
    text: "select set_config('role', $2, false), set_config('app.site_id', $1, false)",
    values: [siteId, scope.kind === "owner" ? "none" : APP_ROLE],
  };
}

/** The part of PGlite that Drizzle's PGlite driver calls. */
export type PgliteClient = Pick<PGlite, "query" | "exec" | "transaction">;

type QueryOptions = Parameters<PGlite["query"]>[2];

/**
 * Drizzle reads these types as text and parses them itself: timestamp, timestamptz, interval, date,
 * and the arrays numeric[], timestamp[], timestamptz[], interval[], date[] (drizzle-orm/pglite).
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
const PROBE = "2026-11-24 10:00:00+00";

/**
 * Drizzle hands these parsers to every query, and PGlite then copies its whole parser table (over
 * 300 types) into a new object for each query: about 0.1 ms, as much as a short statement itself.
 * The client reads the same types as text once for all, so options that only repeat that lose
 * their `parsers`; any other parser is passed on untouched.
 */
function readTextTypesOnce(client: PGlite) {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  return (options: QueryOptions): QueryOptions => {
    const parsers = options?.parsers;
    if (!parsers) return options;
    for (const [oid, parse] of Object.entries(parsers)) {
      if (client.parsers[Number(oid)] !== asText || parse(PROBE) !== PROBE) return options;
    }
    const { parsers: _same, ...rest } = options;
    return rest;
  };
}

/**
 * PGlite runs one statement or transaction at a time on its single connection; a scope's setting
 * and its statement must not be split by another request's, so both run under one queue. Statements
 * go out through `pipelinedQuery`, in one call each and prepared when they come again (decision 040).
 */
export function pgliteScopes(client: PGlite) {
  const lean = readTextTypesOnce(client);
  const send = pipelinedQuery(client);
  const sendLean = (text: string, params?: unknown[], options?: QueryOptions) => send(text, params, lean(options));
  let current: string | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => {});
    return run;
  };
  const enter = async (scope: Scope) => {
    const key = scopeKey(scope);
    if (current === key) return;
    const { text, values } = enterSql(scope, true);
    current = undefined;
    await send(text, values);
    current = key;
  };
  return (scope: Scope): PgliteClient => ({
    query: ((text: string, params?: unknown[], options?: object) =>
      exclusive(async () => {
        await enter(scope);
        return sendLean(text, params, options as QueryOptions);
      })) as PGlite["query"],
    exec: ((text: string, options?: object) =>
      exclusive(async () => {
        await enter(scope);
        return client.exec(text, options);
      })) as PGlite["exec"],
    // BEGIN and COMMIT go through `send` too, rather than PGlite's `transaction`, whose own protocol
    // path costs more than the statements between them; Drizzle's transaction uses only `query`.
    transaction: (<T>(fn: (tx: Transaction) => Promise<T>) =>
      exclusive(async () => {
        await enter(scope);
        await send("begin");
        try {
          const result = await fn({ query: sendLean } as unknown as Transaction);
          await send("commit");
          return result;
        } catch (error) {
          await send("rollback").catch(() => {});
          throw error;
        }
      })) as PGlite["transaction"],
  });
}

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
