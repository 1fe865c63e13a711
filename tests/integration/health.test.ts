import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, DbHandle } from "#server/db/client";
import { createApp } from "#server/http/app";
import { serverBuild } from "#tests/fixtures/server-build";
import { testServices } from "#tests/fixtures/services";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

// /healthz and /readyz through the whole HTTP stack (issue 10), on PGlite and PostgreSQL.

let handle: TestDb;
const logLines: string[] = [];
let stopping = false;

/** A build whose only document answers 404: health must never reach React Router. */
const notFoundBuild = serverBuild({}, 404);

function appOn(database: Pick<DbHandle, "db" | "forSite">) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const services = testServices(handle.forSite(""), { logger: pino({ level: "info", base: undefined }, sink) });
  return createApp({ ...services, database, build: notFoundBuild, mode: "production", stopping: () => stopping });
}

/** A database that fails every query, as an unreachable server does. */
const unreachable: Pick<DbHandle, "db" | "forSite"> = (() => {
  const failing = {
    execute: () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
  } as unknown as Db;
  return { db: failing, forSite: () => failing };
})();

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

describe("GET /healthz", () => {
  it("answers liveness without touching the database", async () => {
    const response = await appOn(unreachable).request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("GET /readyz", () => {
  it("is ready when the database answers and holds every migration", async () => {
    const response = await appOn(handle.server).request("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true, database: "ok", migrations: "current" });
  });

  it("is not ready when the database does not answer", async () => {
    const response = await appOn(unreachable).request("/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ ready: false, database: "unreachable" });
  });

  it("is not ready when the database lacks the newest migration", async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await handle.owner.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
    );
    try {
      const response = await appOn(handle.server).request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ready: false, database: "ok", migrations: "behind" });
    } finally {
      await handle.owner.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
      );
    }
  });

  it("answers 503 once a graceful stop has begun, so a balancer sends new requests elsewhere", async () => {
    stopping = true;
    try {
      const response = await appOn(handle.server).request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ready: false, stopping: true });
    } finally {
      stopping = false;
    }
  });
});

describe("probes are not logged at info level", () => {
  it("writes no log line for /healthz and /readyz, and one for another path", async () => {
    const app = appOn(handle.server);
    logLines.length = 0;
    await app.request("/healthz");
    await app.request("/readyz");
    expect(logLines).toEqual([]);
    await app.request("/no-such-site-page");
    expect(logLines.some((line) => line.includes("/no-such-site-page"))).toBe(true);
  });
});
