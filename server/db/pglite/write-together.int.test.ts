import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { writeTogether } from "./write-together";

let handle: TestDb;

beforeAll(async () => {
  handle = await createTestDb();
  await handle.owner.execute(sql`create table together (id integer primary key, note text not null)`);
});
afterAll(() => handle.close());

const rows = async () =>
  ((await handle.forSite("").execute(sql`select id, note from together order by id`)) as unknown as { rows: unknown[] })
    .rows;

// `together` is no tenant table: the app role with no site writes it as the product writes its own.
describe("statements written together", () => {
  it("commits them and answers each", async () => {
    const [first, second] = await writeTogether(
      handle.forSite(""),
      (tx) =>
        [
          tx.execute(sql`insert into together values (1, 'one') returning id`).execute(),
          tx.execute(sql`insert into together values (2, 'two') returning id`).execute(),
        ] as const,
    );
    // Both drivers answer { rows }.
    expect([first, second].map((answer) => (answer as { rows: unknown[] }).rows)).toEqual([[{ id: 1 }], [{ id: 2 }]]);
    expect(await rows()).toEqual([
      { id: 1, note: "one" },
      { id: 2, note: "two" },
    ]);
  });

  it("rolls every statement back when one fails, and rejects with that failure", async () => {
    const written = writeTogether(handle.forSite(""), (tx) => [
      tx.execute(sql`insert into together values (3, 'three')`).execute(),
      tx.execute(sql`insert into together values (1, 'taken')`).execute(),
      tx.execute(sql`insert into together values (4, 'four')`).execute(),
    ]);
    await expect(written).rejects.toMatchObject({ cause: { code: "23505" } });
    expect(await rows()).toEqual([
      { id: 1, note: "one" },
      { id: 2, note: "two" },
    ]);
  });
});
