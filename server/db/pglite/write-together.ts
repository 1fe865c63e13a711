import type { Db } from "#server/db/client";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * One transaction whose statements are all sent at once, COMMIT right behind them, without waiting
 * for any answer in between (decisions 042, 052). On the embedded database a transaction keeps
 * everyone else waiting, and each wait for an answer is a trip to the server's thread and back.
 * Every driver runs it alike (PostgreSQL, stock PGlite); the fast PGlite path is the one it speeds.
 *
 * `write` sends every statement before it returns: each promise comes from a query builder's
 * `.execute()`, or from a helper whose statement is sent that way before its first `await`. A
 * statement that fails aborts the transaction, whose COMMIT then rolls everything back (as
 * PostgreSQL does), so a refusal must be an error, not an empty answer (`on conflict do nothing`).
 * Resolves with the answers once committed; rejects with the first failure, nothing written.
 */
export async function writeTogether<T extends readonly unknown[]>(
  db: Db,
  write: (tx: Tx) => { [K in keyof T]: Promise<T[K]> },
): Promise<T> {
  let sent: Promise<unknown>[] = [];
  try {
    await db.transaction(async (tx) => {
      sent = write(tx) as unknown as Promise<unknown>[];
      for (const answer of sent) answer.catch(() => {}); // read below, once the transaction has ended
    });
  } catch (error) {
    // Stock PGlite's COMMIT of an aborted transaction throws its own error: the statement's counts.
    const failed = (await Promise.allSettled(sent)).find((answer) => answer.status === "rejected");
    throw failed ? failed.reason : error;
  }
  return Promise.all(sent) as unknown as Promise<T>;
}
