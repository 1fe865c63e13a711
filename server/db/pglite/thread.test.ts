import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER } from "#server/db/tenancy";
import { type PgliteThread, startPgliteThread } from "./thread";

let dir: string;
let thread: PgliteThread;
const run = (text: string, params?: unknown[], options?: object) => thread.run({ scope: OWNER, text, params, options });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "pglite-thread-"));
  thread = await startPgliteThread(dir);
  await run(
    `create table things (id serial primary key, name text not null unique, at timestamptz, data jsonb, bytes bytea)`,
  );
});
afterAll(async () => {
  await thread.close(); // harmless when closed already
  await rm(dir, { recursive: true, force: true });
});

describe("PGlite on its own thread", () => {
  it("answers rows as PGlite does, Drizzle's text types as text", async () => {
    const inserted = await run("insert into things (name, at, data, bytes) values ($1, $2, $3, $4) returning *", [
      "one",
      new Date("2026-11-27T01:02:03Z"),
      JSON.stringify({ a: [1, "二"] }),
      new Uint8Array([0, 255]),
    ]);
    expect(inserted.rows).toEqual([
      { id: 1, name: "one", at: "2026-11-27 01:02:03+00", data: { a: [1, "二"] }, bytes: new Uint8Array([0, 255]) },
    ]);
    expect(inserted.affectedRows).toBe(1);
    const arrays = await run("select id, name from things", [], { rowMode: "array" });
    expect(arrays.rows).toEqual([[1, "one"]]);
  });

  it("hands over a database error with every field the app reads", async () => {
    const error = await run("insert into things (name) values ($1)", ["one"]).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: "23505",
      constraint: "things_name_key",
      detail: "Key (name)=(one) already exists.",
      table: "things",
    });
    expect(error.message).toContain("duplicate key");
  });

  it("refuses a parser of the caller's, which cannot cross threads", async () => {
    await expect(run("select 1", [], { parsers: { 23: (x: string) => Number(x) * 2 } })).rejects.toThrow(
      "reads only its own parsers",
    );
    // Drizzle's own, which read its types as text as the thread does anyway, are dropped.
    expect((await run("select 1 as n", [], { parsers: { 1184: (x: string) => x } })).rows).toEqual([{ n: 1 }]);
  });

  it("dumps the data folder as a gzip archive between statements", async () => {
    const archive = new Uint8Array(await (await thread.dump()).arrayBuffer());
    expect(gunzipSync(archive).length).toBeGreaterThan(1_000_000);
  });

  it("refuses statements once closed (the last test: it closes the thread)", async () => {
    await thread.close();
    await expect(run("select 1")).rejects.toThrow("PGlite is closed");
  });
});
