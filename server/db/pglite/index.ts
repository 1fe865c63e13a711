import type { PgliteClient, Scope } from "#server/db/tenancy";
import { PgliteConnection } from "./connection";
import { pgliteScopes } from "./scopes";
import { startPglite } from "./start";
import { leanQuery } from "./statements";
import { stockScopes } from "./stock";
import { startPgliteThread } from "./thread";

/**
 * The one door to PGlite (decision 053). Behind it, either path gives Drizzle's PGlite driver
 * (drizzle-orm/pglite) what it takes of PGlite, `query` and `transaction`, one client per scope:
 * - fast (the default): statements written on the wire in one call and kept prepared
 *   (statements.ts, wire.ts), one connection that needs no waiting (connection.ts), and for the
 *   server PGlite on a thread of its own (thread.ts); decisions 040-042;
 * - stock (`PGLITE_FAST=0`): PGlite's own `query` and `transaction` on the caller's thread, with
 *   only the scope entered before them (stock.ts).
 * Nothing outside this folder knows which one runs.
 */
export interface PgliteDoor {
  client(scope: Scope): PgliteClient;
  /** A consistent archive of the whole data folder (tar.gz), between transactions. */
  backup(): Promise<Blob>;
  close(): Promise<void>;
  path: "fast" | "stock";
}

/** `PGLITE_FAST=0` (or `false`) takes the stock path; anything else, or nothing, the fast one. */
export const pgliteFast = (value = process.env.PGLITE_FAST) => value !== "0" && value !== "false";

export interface PgliteOptions {
  dataDir?: string;
  loadDataDir?: Blob;
  /** The fast path's server: PGlite on a thread of its own (needs `dataDir`). The stock path stays on this one. */
  thread?: boolean;
  fast?: boolean;
}

export async function openPgliteDoor(options: PgliteOptions): Promise<PgliteDoor> {
  const fast = options.fast ?? pgliteFast();
  if (fast && options.thread && options.dataDir) {
    const thread = await startPgliteThread(options.dataDir);
    return { client: pgliteScopes(thread.run), backup: thread.dump, close: thread.close, path: "fast" };
  }
  const client = await startPglite(options);
  if (!fast) {
    const stock = stockScopes(client);
    return {
      client: stock.scoped,
      backup: () => stock.exclusive(() => client.dumpDataDir("gzip") as Promise<Blob>),
      close: () => stock.exclusive(() => client.close()),
      path: "stock",
    };
  }
  const connection = new PgliteConnection(leanQuery(client));
  return {
    client: pgliteScopes((statement) => connection.run(statement)),
    backup: () => connection.exclusive(() => client.dumpDataDir("gzip") as Promise<Blob>),
    close: () => connection.exclusive(() => client.close()),
    path: "fast",
  };
}
