import type { PGlite, Transaction } from "@electric-sql/pglite";
import { enterSql, type PgliteClient, type Scope, scopeKey } from "#server/db/tenancy";

/**
 * Stock PGlite (`PGLITE_FAST=0`): Drizzle's PGlite driver over PGlite's own `query` and
 * `transaction`, as drizzle-orm/pglite expects. The one thing added is the scope (tenancy.ts):
 * PGlite has one session, so a statement and the change of scope before it run as one turn, and a
 * transaction holds the turn from its scope to its end. PGlite's own lock already keeps other
 * statements out of an open transaction; this one keeps them from changing its scope meanwhile.
 */
export function stockScopes(client: PGlite) {
  let turn: Promise<unknown> = Promise.resolve();
  /** The scope PGlite's session is in; undefined while a change is unsure. */
  let current: string | undefined;

  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const mine = turn.then(work);
    turn = mine.catch(() => {});
    return mine;
  };
  const enter = async (scope: Scope) => {
    const key = scopeKey(scope);
    if (current === key) return;
    const { text, values } = enterSql(scope, true);
    current = undefined;
    await client.query(text, values);
    current = key;
  };

  const scoped = (scope: Scope): PgliteClient => ({
    query: ((text: string, params?: unknown[], options?: Parameters<PGlite["query"]>[2]) =>
      exclusive(async () => {
        await enter(scope);
        return client.query(text, params, options);
      })) as PGlite["query"],
    transaction: (<T>(fn: (tx: Transaction) => Promise<T>) =>
      exclusive(async () => {
        await enter(scope);
        return client.transaction(fn);
      })) as PGlite["transaction"],
  });
  return { scoped, exclusive };
}
