import type { PGlite, Results, Transaction } from "@electric-sql/pglite";
import type { PgliteClient, Scope } from "#server/db/tenancy";
import type { PgliteStatement } from "./connection";
import type { QueryOptions } from "./statements";

/**
 * Drizzle's clients of PGlite on the fast path, one per scope, over `run`: a `PgliteConnection` on
 * this thread or on PGlite's own (decisions 040, 042). A statement is sent without waiting for
 * anyone else's; the connection runs it in its scope, and keeps other statements out of an open
 * transaction.
 */
export function pgliteScopes(run: (statement: PgliteStatement) => Promise<Results>) {
  let transactions = 0;
  return (scope: Scope): PgliteClient => ({
    query: ((text: string, params?: unknown[], options?: QueryOptions) =>
      run({ scope, text, params, options })) as PGlite["query"],
    // BEGIN and COMMIT are statements too, rather than PGlite's `transaction`, whose own protocol
    // path costs more than the statements between them; Drizzle's transaction uses only `query`.
    transaction: (async <T>(fn: (tx: Transaction) => Promise<T>) => {
      const transaction = ++transactions;
      let ended = false;
      const send = (text: string, params?: unknown[], options?: QueryOptions, step?: PgliteStatement["step"]) =>
        ended
          ? Promise.reject(new Error(`"${text.slice(0, 40)}" was sent after its transaction ended`))
          : run({ scope, transaction, step, text, params, options });
      const inside = (text: string, params?: unknown[], options?: QueryOptions) => send(text, params, options);
      const end = (text: "commit" | "rollback") => {
        const sent = send(text, undefined, undefined, "end");
        ended = true;
        return sent;
      };
      // Not awaited before the first statement: the connection runs them in order.
      const begun = send("begin", undefined, undefined, "begin");
      begun.catch(() => {});
      try {
        const result = await fn({ query: inside } as unknown as Transaction);
        await begun;
        await end("commit");
        return result;
      } catch (error) {
        if (!ended) await end("rollback").catch(() => {});
        throw error;
      }
    }) as PGlite["transaction"],
  });
}
