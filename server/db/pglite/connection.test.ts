import type { Results } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { OWNER, type Scope } from "#server/db/tenancy";
import { PgliteConnection, type PgliteStatement } from "./connection";
import { pgliteScopes } from "./scopes";
import type { PgliteSend } from "./statements";

const site = (siteId: string): Scope => ({ kind: "site", siteId });

/**
 * A database that records what runs on it, in order. Each statement's answer waits for a turn of
 * the event loop, as one from PGlite's thread does, so the next statements arrive meanwhile.
 */
function recording(failOn?: string) {
  const ran: string[] = [];
  const send: PgliteSend = async <T>(text: string, params?: unknown[]) => {
    ran.push(text.startsWith("select set_config") ? `scope ${params?.[0] || "owner"}` : text);
    await new Promise((resolve) => setImmediate(resolve));
    if (text === failOn) throw new Error(`${text} failed`);
    return { rows: [], fields: [], affectedRows: 0 } as Results<T>;
  };
  return { ran, connection: new PgliteConnection(send) };
}

/** A transaction's first and last statements are marked, as `pgliteScopes` marks them. */
const statement = (scope: Scope, text: string, transaction?: number): PgliteStatement => ({
  scope,
  text,
  transaction,
  step: !transaction
    ? undefined
    : text === "begin"
      ? "begin"
      : text === "commit" || text === "rollback"
        ? "end"
        : undefined,
});

describe("PGlite's one connection", () => {
  it("runs statements in the order sent, entering each one's scope only when it changes", async () => {
    const { ran, connection } = recording();
    await Promise.all([
      connection.run(statement(site("a"), "one")),
      connection.run(statement(site("a"), "two")),
      connection.run(statement(site("b"), "three")),
      connection.run(statement(OWNER, "four")),
    ]);
    expect(ran).toEqual(["scope a", "one", "two", "scope b", "three", "scope owner", "four"]);
  });

  it("keeps other statements out of an open transaction until it ends, then runs them in order", async () => {
    const { ran, connection } = recording();
    const tx = (text: string) => connection.run(statement(site("a"), text, 1));
    const begun = tx("begin");
    const outside = connection.run(statement(site("b"), "outside"));
    const laterTx = connection.run(statement(site("c"), "begin", 2));
    const inside = tx("inside");
    await Promise.all([begun, inside]);
    const afterTx2 = connection.run(statement(site("c"), "second's", 2));
    await tx("commit");
    await Promise.all([outside, laterTx, afterTx2, connection.run(statement(site("c"), "commit", 2))]);
    expect(ran).toEqual([
      "scope a",
      "begin",
      "inside",
      "commit",
      "scope b",
      "outside",
      "scope c",
      "begin",
      "second's",
      "commit",
    ]);
  });

  it("does not run a transaction's statements outside it when its begin failed, and frees the connection at its end", async () => {
    const { ran, connection } = recording("begin");
    const tx = (text: string) => connection.run(statement(site("a"), text, 1));
    const results = await Promise.allSettled([tx("begin"), tx("insert"), tx("rollback")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(ran).toEqual(["scope a", "begin"]);
    await connection.run(statement(site("a"), "after"));
    expect(ran).toEqual(["scope a", "begin", "after"]);
  });

  it("does work on the whole database between transactions", async () => {
    const { ran, connection } = recording();
    const tx = (text: string) => connection.run(statement(site("a"), text, 1));
    await tx("begin");
    const dump = connection.exclusive(async () => {
      ran.push("dump");
      return "archive";
    });
    await tx("insert");
    await tx("commit");
    expect(await dump).toBe("archive");
    expect(ran).toEqual(["scope a", "begin", "insert", "commit", "dump"]);
  });

  it("enters the scope again after a change of scope failed", async () => {
    const { ran, connection } = recording("select set_config('role', $2, false), set_config('app.site_id', $1, false)");
    await expect(connection.run(statement(site("a"), "one"))).rejects.toThrow("failed");
    await expect(connection.run(statement(site("a"), "two"))).rejects.toThrow("failed");
    expect(ran).toEqual(["scope a", "scope a"]);
  });
});

describe("a transaction of Drizzle's PGlite client", () => {
  it("refuses a statement sent after it ended, instead of running it outside or waiting forever", async () => {
    const { ran, connection } = recording();
    const client = pgliteScopes((s) => connection.run(s))(site("a"));
    let tx: { query: (text: string) => Promise<unknown> } | undefined;
    await client.transaction(async (t) => {
      tx = t;
      await t.query("inside");
    });
    await expect(tx?.query("late")).rejects.toThrow('"late" was sent after its transaction ended');
    await client.query("after");
    expect(ran).toEqual(["scope a", "begin", "inside", "commit", "after"]);
  });
});
