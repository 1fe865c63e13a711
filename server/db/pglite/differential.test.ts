import { readFile } from "node:fs/promises";
import { asc, eq, sql } from "drizzle-orm";
import { integer, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, type DbHandle, openPglite } from "#server/db/client";
import { assertAppRole } from "#tests/setup/test-db";

/**
 * The fast path and the stock one (`PGLITE_FAST=0`) side by side (decision 053): each case runs the
 * same statements on both, from the same migrated database, and must give the same rows and the
 * same errors. Requests run as the app role with row-level security forced, as in production.
 */
const notes = pgTable("diff_notes", {
  id: integer().primaryKey(),
  siteId: text().notNull(),
  note: text().notNull(),
  at: timestamp({ withTimezone: true, mode: "date" }),
  price: numeric({ precision: 10, scale: 2 }),
  data: jsonb(),
  tags: text().array(),
});

let fast: DbHandle;
let stock: DbHandle;

async function open(isFast: boolean): Promise<DbHandle> {
  const file = process.env.PGLITE_TEMPLATE;
  if (!file) throw new Error("tests/setup/global-db.ts did not run");
  const loadDataDir = new Blob([new Uint8Array(await readFile(file))], { type: "application/x-gzip" });
  const handle = await openPglite({ loadDataDir, fast: isFast });
  await assertAppRole(handle.forSite);
  await handle.db.execute(sql`
    create table diff_notes (
      id integer primary key, site_id text not null, note text not null unique,
      at timestamptz, price numeric(10, 2), data jsonb, tags text[])`);
  await handle.db.execute(sql`alter table diff_notes enable row level security`);
  await handle.db.execute(sql`alter table diff_notes force row level security`);
  await handle.db.execute(
    sql`create policy site_isolation on diff_notes using (site_id = current_setting('app.site_id', true))`,
  );
  return handle;
}

beforeAll(async () => {
  [fast, stock] = await Promise.all([open(true), open(false)]);
});
afterAll(async () => {
  await Promise.all([fast?.close(), stock?.close()]);
});

/** What a call gave: its value, or its error as the app reads it (the database's fields under Drizzle's wrapper). */
async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await run() };
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    const { code, constraint, detail, message } = cause as Record<string, unknown>;
    return { error: { code, constraint, detail, message } };
  }
}

/** Runs `steps` on each path in turn and expects the same outcomes, which it returns. */
async function same(steps: (handle: DbHandle) => Promise<unknown>[] | Promise<unknown[]>): Promise<unknown[]> {
  const onFast = await Promise.all(await steps(fast));
  const onStock = await Promise.all(await steps(stock));
  expect(onStock).toEqual(onFast);
  return onFast;
}

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
const row = (id: number, siteId: string, note: string) => ({
  id,
  siteId,
  note,
  at: new Date("2026-11-27T01:02:03.456Z"),
  price: "12.50",
  data: { a: 1, list: [1, "two"], text: '引用"符' },
  tags: ["a", "b,c", null] as string[],
});
const read = (db: Db) => db.select().from(notes).orderBy(asc(notes.id));

describe("the fast and the stock PGlite paths", () => {
  it("write and read every type alike, in each site's scope", async () => {
    const [, , a, b, none, owner] = await same(async (h) => [
      await outcome(() =>
        h
          .forSite("a")
          .insert(notes)
          .values([row(1, "a", "one"), row(2, "a", "two")]),
      ),
      await outcome(() =>
        h
          .forSite("b")
          .insert(notes)
          .values(row(3, "b", "three")),
      ),
      await outcome(() => read(h.forSite("a"))),
      await outcome(() => read(h.forSite("b"))),
      await outcome(() => read(h.forSite(""))),
      await outcome(() => read(h.db)),
    ]);
    expect((a as { value: unknown[] }).value).toHaveLength(2);
    expect((b as { value: unknown[] }).value).toEqual([row(3, "b", "three")]);
    expect((none as { value: unknown[] }).value).toEqual([]);
    expect((owner as { value: unknown[] }).value).toHaveLength(3);
  });

  it("refuse alike: another site's row, a taken value, bad SQL, a division by zero; the next statement runs", async () => {
    const outcomes = await same(async (h) => [
      await outcome(() =>
        h
          .forSite("a")
          .insert(notes)
          .values(row(9, "b", "smuggled")),
      ),
      await outcome(() =>
        h
          .forSite("a")
          .insert(notes)
          .values(row(10, "a", "one")),
      ),
      await outcome(() => h.forSite("a").execute(sql`selec 1`)),
      await outcome(() => h.forSite("a").execute(sql`select 1 / ${0}::int as n`)),
      await outcome(async () => rowsOf(await h.forSite("a").execute(sql`select count(*)::int as n from diff_notes`))),
      // Another site's rows are not there to change.
      await outcome(() => h.forSite("b").update(notes).set({ note: "taken over" }).where(eq(notes.id, 1)).returning()),
    ]);
    expect(outcomes.map((o) => (o as { error?: { code?: string } }).error?.code)).toEqual([
      "42501",
      "23505",
      "42601",
      "22012",
      undefined,
      undefined,
    ]);
    expect(outcomes[4]).toEqual({ value: [{ n: 2 }] });
    expect(outcomes[5]).toEqual({ value: [] });
  });

  it("commit a transaction, roll one back on an error, on tx.rollback() and at a savepoint", async () => {
    await same(async (h) => {
      const db = h.forSite("a");
      const committed = await outcome(() =>
        db.transaction(async (tx) => {
          await tx.insert(notes).values(row(4, "a", "four"));
          return tx.select().from(notes).where(eq(notes.id, 4));
        }),
      );
      const failed = await outcome(() =>
        db.transaction(async (tx) => {
          await tx.insert(notes).values(row(5, "a", "five"));
          await tx.insert(notes).values(row(6, "a", "one")); // taken
        }),
      );
      const rolledBack = await outcome(() =>
        db.transaction(async (tx) => {
          await tx.insert(notes).values(row(7, "a", "seven"));
          tx.rollback();
        }),
      );
      const savepoint = await outcome(() =>
        db.transaction(async (tx) => {
          await tx.insert(notes).values(row(8, "a", "eight"));
          await tx
            .transaction(async (inner) => {
              await inner.insert(notes).values(row(11, "a", "eleven"));
              throw new Error("inner refused");
            })
            .catch(() => {});
        }),
      );
      const ids = await outcome(async () => (await read(db)).map((r) => r.id));
      return [committed, failed, (rolledBack as { error: { message: string } }).error.message, savepoint, ids];
    }).then(([committed, failed, , , ids]) => {
      expect(committed).toEqual({ value: [row(4, "a", "four")] });
      expect((failed as { error: { code: string } }).error.code).toBe("23505");
      expect(ids).toEqual({ value: [1, 2, 4, 8] });
    });
  });

  it("keep other scopes' statements out of an open transaction, and each in its own scope", async () => {
    await same(async (h) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tx = h.forSite("b").transaction(async (t) => {
        await t.insert(notes).values(row(12, "b", "twelve"));
        await held;
        return (await t.select().from(notes).orderBy(asc(notes.id))).map((r) => r.id);
      });
      // Sent while the transaction is open: they wait for it, then run in their own scopes.
      const others = Promise.all([read(h.forSite("a")), read(h.forSite("")), read(h.forSite("b"))]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      const [inside, [a, none, b]] = await Promise.all([tx, others]);
      return [inside, a.map((r) => r.id), none.length, b.map((r) => r.id)];
    }).then((outcomes) => expect(outcomes).toEqual([[3, 12], [1, 2, 4, 8], 0, [3, 12]]));
  });
});
