import type { Db } from "./client";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * One transaction whose statements are all sent at once, COMMIT right behind them, without waiting
 * for any answer in between (decision 042). On the embedded database a transaction keeps everyone
 * else waiting, and each wait for an answer is a trip to the server's thread and back.
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
  await db.transaction(async (tx) => {
    sent = write(tx) as unknown as Promise<unknown>[];
    for (const answer of sent) answer.catch(() => {}); // read below, once the transaction has ended
  });
  return Promise.all(sent) as unknown as Promise<T>;
}
