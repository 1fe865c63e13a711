import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pipelinedQuery, withoutTextParsers } from "./statements";

let client: PGlite;
let send: ReturnType<typeof pipelinedQuery>;
let calls = 0;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    create table things (
      id serial primary key,
      name text not null unique,
      n integer, big bigint, price numeric(10, 2), ok boolean,
      data jsonb, at timestamptz, day date, bytes bytea, tags text[]
    )`);
  const raw = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message) => {
    calls++;
    return raw(message);
  };
  send = pipelinedQuery(client);
});
afterAll(() => client.close());

const INSERT = `insert into things (name, n, big, price, ok, data, at, day, bytes, tags)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`;
const row = (name: string) => [
  name,
  7,
  9007199254740993n,
  "12.50",
  true,
  { a: 1, list: [1, "two"], text: '引用"符' },
  new Date("2026-11-27T01:02:03.456Z"),
  "2026-12-01",
  new Uint8Array([0, 1, 254, 255]),
  ["a", "b,c", 'd"e', null],
];

describe("a statement sent in one call", () => {
  it("writes and reads every type as PGlite's own query does", async () => {
    const mine = await send(INSERT, row("pipelined"));
    const theirs = await client.query(INSERT, row("query"));
    expect(mine.rows).toHaveLength(1);
    const [a, b] = [mine.rows[0], theirs.rows[0]] as Record<string, unknown>[];
    expect({ ...a, id: 0, name: "" }).toEqual({ ...b, id: 0, name: "" });
    expect(mine.fields).toEqual(theirs.fields);
    expect(mine.affectedRows).toBe(1);
    const read = await send<{ data: unknown; tags: unknown }>("select data, tags from things where name = $1", [
      "pipelined",
    ]);
    expect(read.rows[0]?.data).toEqual({ a: 1, list: [1, "two"], text: '引用"符' });
    expect(read.rows[0]?.tags).toEqual(["a", "b,c", 'd"e', null]);
  });

  it("answers rows as arrays when asked, and statements without rows or parameters", async () => {
    const arrays = await send("select n, ok from things where name = $1", ["pipelined"], { rowMode: "array" });
    expect(arrays.rows).toEqual([[7, true]]);
    const updated = await send("update things set n = n + 1 where n is not null");
    expect(updated.affectedRows).toBe(2);
    expect(updated.rows).toEqual([]);
  });

  it("describes a statement the first time, prepares it the second, then only binds and runs it", async () => {
    const text = "select count(*)::int as n from things where n > $1";
    const callsFor = async () => {
      calls = 0;
      expect((await send<{ n: number }>(text, [0])).rows[0]?.n).toBe(2);
      return calls;
    };
    expect([await callsFor(), await callsFor(), await callsFor(), await callsFor()]).toEqual([2, 2, 1, 1]);
  });

  it("closes the least recently used statement beyond its limit, and prepares it again when it comes back", async () => {
    const few = pipelinedQuery(client, 2);
    const texts = ["select $1::int + 1 as n", "select $1::int + 2 as n", "select $1::int + 3 as n"];
    const prepared = async () =>
      ((await client.query<{ name: string }>("select name from pg_prepared_statements")).rows ?? []).length;
    const before = await prepared();
    for (const text of texts.slice(0, 2)) for (let i = 0; i < 2; i++) await few(text, [1]);
    expect(await prepared()).toBe(before + 2);
    await few(texts[2] as string, [1]); // the first text is closed to make room
    expect(await prepared()).toBe(before + 1);
    for (let i = 0; i < 2; i++) expect((await few(texts[0] as string, [1])).rows).toEqual([{ n: 2 }]);
  });

  it("writes parameters larger than its buffer and reads an answer PGlite hands over in pieces", async () => {
    // Beyond the writer's 8 KB and PGlite's output buffer: both grow, the answer comes in several parts.
    const long = "長い文字列、".repeat(60_000);
    const raw = client.execProtocolRawStream.bind(client);
    let pieces = 0;
    client.execProtocolRawStream = (message, options) =>
      raw(message, {
        ...options,
        onRawData: (bytes) => {
          pieces++;
          options?.onRawData(bytes);
        },
      });
    try {
      const stored = await send<{ data: { text: string } }>(
        "insert into things (name, data) values ($1, $2) returning data",
        ["long", { text: long }],
      );
      expect(stored.rows[0]?.data.text).toBe(long);
      pieces = 0;
      const read = await send<{ a: string; b: string }>(
        "select data->>'text' as a, data->>'text' as b from things where name = $1",
        ["long"],
      );
      expect(pieces).toBeGreaterThan(1);
      expect(read.rows[0]).toEqual({ a: long, b: long });
    } finally {
      client.execProtocolRawStream = raw;
    }
  });

  it("throws PostgreSQL's error with its code and constraint, and the next statement runs", async () => {
    const error = await send(INSERT, row("pipelined")).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", constraint: "things_name_key" });
    await expect(send("selec 1")).rejects.toMatchObject({ code: "42601" });
    expect((await send("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("throws the raw call's own failure, and the next statement runs", async () => {
    const raw = client.execProtocolRawStream.bind(client);
    client.execProtocolRawStream = () => Promise.reject(new Error("the module failed"));
    try {
      await expect(send("select 1 as one")).rejects.toThrow("the module failed");
    } finally {
      client.execProtocolRawStream = raw;
    }
    expect((await send("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("answers statements sent at once, each its own, even while they push each other out", async () => {
    const one = pipelinedQuery(client, 1);
    const texts = ["select $1::int * 10 as n", "select $1::int * 100 as n"];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => one<{ n: number }>(texts[i % 2] as string, [i]).then((r) => r.rows[0]?.n)),
    );
    expect(answers).toEqual([0, 100, 20, 300, 40, 500, 60, 700]);
  });

  it("runs inside PGlite's transaction, which a failed statement rolls back", async () => {
    await expect(
      client.transaction(async () => {
        await send(INSERT, row("in a transaction"));
        await send("select 1/0");
      }),
    ).rejects.toMatchObject({ code: "22012" });
    expect((await send("select name from things where name = $1", ["in a transaction"])).rows).toEqual([]);
  });

  it("keeps row-level security with a kept plan: each run sees its own site's rows, under any role", async () => {
    await client.exec(`
      create table visits (site_id text not null, n int);
      insert into visits values ('a', 1), ('a', 2), ('b', 3);
      alter table visits enable row level security;
      alter table visits force row level security;
      create policy site_isolation on visits using (site_id = current_setting('app.site_id', true));
      create role visitor_app;
      grant select on visits to visitor_app;`);
    const enter = (role: string, site: string) =>
      send("select set_config('role', $1, false), set_config('app.site_id', $2, false)", [role, site]);
    const read = async () =>
      (await send<{ n: number }>("select n from visits where n > $1 order by n", [0])).rows.map((r) => r.n);
    // Past PostgreSQL's five custom plans, so a generic plan is tried too.
    for (let i = 0; i < 8; i++) {
      await enter("visitor_app", "a");
      expect(await read()).toEqual([1, 2]);
      await enter("visitor_app", "b");
      expect(await read()).toEqual([3]);
      await enter("visitor_app", "");
      expect(await read()).toEqual([]);
      await enter("none", "a"); // the owner: policies do not apply
      expect(await read()).toEqual([1, 2, 3]);
    }
    expect(
      (await client.query("select 1 from pg_prepared_statements where statement like '%from visits%'")).rows,
    ).toHaveLength(1);
  });
});

describe("Drizzle's parsers", () => {
  it("are dropped when they only read its date and time types as text; any other parser is kept out", () => {
    const asText = (value: string) => value;
    const asNumber = (value: string) => Number(value);
    expect(withoutTextParsers({ rowMode: "array", parsers: { 1184: asText, 1082: asText } })).toEqual({
      rowMode: "array",
    });
    expect(withoutTextParsers({ parsers: { 23: asText } })).toBeNull();
    expect(withoutTextParsers({ parsers: { 1184: asNumber } })).toBeNull();
    expect(withoutTextParsers({ rowMode: "array" })).toEqual({ rowMode: "array" });
    expect(withoutTextParsers(undefined)).toBeUndefined();
  });
});
