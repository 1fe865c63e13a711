import type { Results } from "@electric-sql/pglite";
import { enterSql, type Scope, scopeKey } from "#server/db/tenancy";
import type { PgliteSend, QueryOptions } from "./statements";

/**
 * A statement for PGlite's one connection: the scope it runs in (tenancy.ts) and, inside a
 * transaction, that transaction's number. A transaction is its "begin", its statements and its
 * "commit" or "rollback", all with its number; the first and last say so in `step`, which the
 * connection reads rather than their text.
 */
export interface PgliteStatement {
  scope: Scope;
  transaction?: number;
  step?: "begin" | "end";
  text: string;
  params?: unknown[];
  options?: QueryOptions;
}

type Waiting = {
  statement: PgliteStatement | null;
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

const isBegin = (s: PgliteStatement) => s.step === "begin";
const isEnd = (s: PgliteStatement) => s.step === "end";

/**
 * PGlite's single connection, shared by every request (decision 042). Statements run one at a time
 * in the order they come, each in its scope, except that while a transaction is open only its own
 * run: the others wait, in order, until it ends. The callers never wait for one another's answers
 * to send theirs, so on PGlite's own thread the next statement is ready the moment one ends.
 * Where PGlite runs (this thread or its own), this runs beside it.
 */
export class PgliteConnection {
  private waiting: Waiting[] = [];
  private running = false;
  /** The transaction under way, and the error of its "begin" if that failed. */
  private open: { id: number; failed: unknown } | null = null;
  /** The scope the connection is in; undefined while a change of scope is unsure. */
  private scope: string | undefined;

  constructor(private readonly send: PgliteSend) {}

  run<T>(statement: PgliteStatement): Promise<Results<T>> {
    return this.enqueue(statement, () => this.execute(statement)) as Promise<Results<T>>;
  }

  /** Work on the whole database (a dump, closing it), between transactions. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(null, work) as Promise<T>;
  }

  private enqueue(statement: PgliteStatement | null, work: () => Promise<unknown>) {
    return new Promise((resolve, reject) => {
      this.waiting.push({ statement, work, resolve, reject });
      void this.drain();
    });
  }

  private mayRun({ statement }: Waiting): boolean {
    if (!this.open) return !statement?.transaction || isBegin(statement);
    return statement?.transaction === this.open.id;
  }

  private async drain() {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const at = this.waiting.findIndex((w) => this.mayRun(w));
        if (at < 0) return;
        const [next] = this.waiting.splice(at, 1) as [Waiting];
        await next.work().then(next.resolve, next.reject);
      }
    } finally {
      this.running = false;
    }
  }

  private async execute(statement: PgliteStatement): Promise<unknown> {
    const { transaction } = statement;
    const begins = !!transaction && isBegin(statement);
    if (begins) this.open = { id: transaction, failed: null };
    try {
      if (this.open?.failed) throw this.open.failed; // outside a transaction these would not be safe
      if (!transaction || begins) await this.enter(statement.scope);
      return await this.send(statement.text, statement.params, statement.options);
    } catch (error) {
      if (begins && this.open) this.open.failed = error;
      throw error;
    } finally {
      if (transaction && isEnd(statement)) this.open = null;
    }
  }

  private async enter(scope: Scope) {
    const key = scopeKey(scope);
    if (this.scope === key) return;
    const { text, values } = enterSql(scope, true);
    this.scope = undefined;
    await this.send(text, values);
    this.scope = key;
  }
}
