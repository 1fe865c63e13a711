import { Worker } from "node:worker_threads";
import { messages, type Results } from "@electric-sql/pglite";
import type { PgliteStatement } from "./connection";
import { withoutTextParsers } from "./statements";

/**
 * PGlite on a thread of its own (decision 042): on the server's thread it had been a third of a
 * booking submit's CPU, which now runs on the second core. The thread keeps the database's
 * `PgliteConnection`; the server's thread posts statements to it and reads the rows it answers.
 */
export interface PgliteThread {
  run: (statement: PgliteStatement) => Promise<Results>;
  /** `dumpDataDir("gzip")`, between two transactions. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

export type ToThread = { id: number; op: "run"; statement: PgliteStatement } | { id: number; op: "dump" | "close" };
/** The answer to message `id`; id 0 says the database is open (or could not be opened). */
export type FromThread = { id: number; value: unknown } | { id: number; error: SentError };
/** An error as it crosses threads: a clone would keep only its message, and the app reads `code`, `constraint`, `detail`. */
export type SentError = { message: string; database: boolean; [field: string]: unknown };

export const sendable = (error: unknown): SentError =>
  error instanceof Error
    ? { ...error, message: error.message, database: error instanceof messages.DatabaseError }
    : { message: String(error), database: false };

const revive = ({ message, database, ...fields }: SentError): Error =>
  Object.assign(
    database ? new messages.DatabaseError(message, Number(fields.length ?? 0), "error") : new Error(message),
    fields,
  );

function spawn(dataDir: string): Worker {
  const here = import.meta.url;
  const workerData = { dataDir };
  if (!here.endsWith(".ts")) return new Worker(new URL("./pglite-thread.worker.js", here), { workerData });
  // From source (tsx, Vitest): the thread registers tsx's loader before it loads TypeScript.
  const file = JSON.stringify(new URL("./thread.worker.ts", here).href);
  return new Worker(`import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${file}); })`, {
    eval: true,
    workerData,
  });
}

export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const thread = spawn(dataDir);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let last = 0;
  let stopped: Error | null = null;
  // Referenced only while an answer is awaited: like PGlite on this thread, an open database does
  // not keep the process alive by itself.
  const settle = (id: number) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) thread.unref();
    return waiting;
  };
  const stop = (error: Error) => {
    stopped ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(stopped);
  };
  thread.on("message", (answer: FromThread) => {
    const waiting = settle(answer.id);
    if ("error" in answer) waiting?.reject(revive(answer.error));
    else waiting?.resolve(answer.value);
  });
  thread.on("error", (error) => stop(new Error(`PGlite's thread failed: ${error.message}`)));
  thread.on("exit", () => stop(new Error("PGlite is closed")));

  const call = <T>(message: ToThread): Promise<T> =>
    new Promise((resolve, reject) => {
      if (stopped) return reject(stopped);
      thread.postMessage(message); // throws, before anything waits, on a value that cannot be cloned
      if (pending.size === 0) thread.ref();
      pending.set(message.id, { resolve: resolve as (value: unknown) => void, reject });
    });

  await new Promise((resolve, reject) => {
    pending.set(0, { resolve, reject });
  });
  return {
    run: (statement) => {
      const options = withoutTextParsers(statement.options);
      // A parser is a function, which cannot cross threads; Drizzle passes only its text ones.
      if (options === null) return Promise.reject(new Error("PGlite's thread reads only its own parsers"));
      return call({ id: ++last, op: "run", statement: { ...statement, options } });
    },
    dump: async () => new Blob([await call<ArrayBuffer>({ id: ++last, op: "dump" })], { type: "application/x-gzip" }),
    close: async () => {
      if (stopped) return;
      const exited = new Promise((resolve) => thread.once("exit", resolve));
      await call({ id: ++last, op: "close" });
      thread.ref(); // until it has exited: the process may have nothing else left to wait for
      await exited;
    },
  };
}
