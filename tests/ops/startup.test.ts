import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "#server/db/client";
import { seedDemoIfEmpty } from "#server/db/seed/demo";
import { withDatabase } from "#tests/setup/global-db";

// Start failures of the built server (npm test builds before Vitest), each one line naming the
// variable to fix, with no stack trace (issue 10). The start bounds its own waits (a host lookup, a
// folder check, opening PGlite: server/ops/startup-checks.ts); these tests assert the line and the
// exit code, never the time it took (issue 38): a loaded machine is slower, not wrong.
const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** Only so that a start that hangs ends the test with its output: far past any bound of the start's own. */
const HANG_GUARD_MS = 120_000;
let root: string;
/** A migrated and seeded DATA_DIR: copies of it open in about a second, with no initdb. */
let readyDataDir: string;

interface Outcome {
  code: number | null;
  /** What a person reads: stdout and stderr without pino's JSON lines. */
  lines: string[];
  output: string;
}

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1" };
  delete env.DATABASE_URL;
  delete env.DATABASE_APP_URL;
  return env;
}

function startServer(env: NodeJS.ProcessEnv, command = ["build/server/main.js"]) {
  const child = spawn(process.execPath, command, { env: { ...baseEnv(), ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  return { child, output: () => output };
}

/** Runs the server until it exits; one that hangs is killed, and then has no exit code. */
async function failedStart(env: NodeJS.ProcessEnv): Promise<Outcome> {
  const { child, output } = startServer(env);
  const killer = setTimeout(() => child.kill("SIGKILL"), HANG_GUARD_MS);
  const [code] = (await once(child, "exit")) as [number | null];
  clearTimeout(killer);
  const lines = output()
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("{"));
  return { code, lines, output: output() };
}

/** Exit code 1 (main's catch), one line naming the variable, no stack trace. */
function expectOneLine(outcome: Outcome, variable: string) {
  expect(outcome.code, `did not exit by itself: ${outcome.output}`).toBe(1);
  expect(outcome.lines, outcome.output).toHaveLength(1);
  expect(outcome.lines[0]).toContain(variable);
  expect(outcome.output).not.toContain("    at ");
  console.log(`${variable}: exit ${outcome.code}: ${outcome.lines[0]}`);
}

async function dataDirCopy(name: string): Promise<string> {
  const dir = path.join(root, name);
  await cp(readyDataDir, dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "rentacar-start-"));
  readyDataDir = path.join(root, "ready");
  const template = process.env.PGLITE_TEMPLATE;
  if (!template) throw new Error("tests/setup/global-db.ts did not run");
  // The same layout as createDb: DATA_DIR/pglite.
  await mkdir(path.join(readyDataDir, "pglite"), { recursive: true });
  const handle = await openPglite({
    dataDir: path.join(readyDataDir, "pglite"),
    loadDataDir: new Blob([new Uint8Array(await readFile(template))], { type: "application/x-gzip" }),
  });
  await seedDemoIfEmpty(handle.db);
  await handle.close();
}, 180_000);

afterAll(() => rm(root, { recursive: true, force: true }));

describe("a start that cannot succeed prints one line naming the variable to fix", {
  timeout: HANG_GUARD_MS + 30_000,
}, () => {
  it("DATABASE_URL: nothing listens at its port", async () => {
    const outcome = await failedStart({ DATABASE_URL: "postgres://rentacar:s3cret@127.0.0.1:1/rentals", PORT: "4600" });
    expectOneLine(outcome, "DATABASE_URL");
    expect(outcome.lines[0]).toContain("127.0.0.1:1/rentals");
    expect(outcome.output).not.toContain("s3cret");
  });

  it("DATABASE_URL: a wrong password", async () => {
    // PostgreSQL here trusts every local login (pg_hba.conf), so it cannot refuse a password. This
    // server speaks the start of its protocol and refuses the password as PostgreSQL does (28P01).
    const refusing = refusingPostgres();
    refusing.listen(0, "127.0.0.1");
    await once(refusing, "listening");
    const port = (refusing.address() as net.AddressInfo).port;
    try {
      const outcome = await failedStart({ DATABASE_URL: `postgres://rentacar:wrong-pw@127.0.0.1:${port}/rentals` });
      expectOneLine(outcome, "DATABASE_URL");
      expect(outcome.lines[0]).toContain("password");
      expect(outcome.output).not.toContain("wrong-pw");
    } finally {
      refusing.close();
    }
  });

  it("PORT: the port is in use", async () => {
    const taken = net.createServer().listen(4601, "127.0.0.1");
    await once(taken, "listening");
    try {
      const outcome = await failedStart({ DATA_DIR: await dataDirCopy("port"), PORT: "4601" });
      expectOneLine(outcome, "PORT");
      expect(outcome.lines[0]).toContain("4601");
    } finally {
      taken.close();
    }
  });

  it("HOST: no such host", async () => {
    const outcome = await failedStart({
      DATA_DIR: await dataDirCopy("host"),
      PORT: "4602",
      HOST: "no-such-host.invalid",
    });
    expectOneLine(outcome, "HOST");
    expect(outcome.lines[0]).toContain("no-such-host.invalid");
  });

  it("DATA_DIR: a folder that cannot exist (/proc/x), without hanging", async () => {
    const outcome = await failedStart({ DATA_DIR: "/proc/x", PORT: "4603" });
    expectOneLine(outcome, "DATA_DIR");
    expect(outcome.lines[0]).toContain("/proc/x");
  });

  it("DATA_DIR: a damaged PGlite folder", async () => {
    const dir = await dataDirCopy("corrupt");
    await writeFile(path.join(dir, "pglite", "global", "pg_control"), Buffer.alloc(8192, 0x5a));
    const outcome = await failedStart({ DATA_DIR: dir, PORT: "4604" });
    expectOneLine(outcome, "DATA_DIR");
    expect(outcome.output).not.toContain("-sASSERTIONS");
  });

  it("PROVIDER_URL: not an http(s) URL", async () => {
    const outcome = await failedStart({ PROVIDER_URL: "javascript:alert(1)", DATA_DIR: path.join(root, "unused") });
    expectOneLine(outcome, "PROVIDER_URL");
  });
});

// Needs a PostgreSQL server to create and break databases in; CI sets TEST_DATABASE_URL.
describe.skipIf(!ADMIN_URL)("on PostgreSQL", { timeout: HANG_GUARD_MS + 30_000 }, () => {
  const admin = () => new pg.Client({ connectionString: ADMIN_URL });
  const noGist = `rentacar_start_nogist_${process.pid}`;

  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${noGist} with (force)`);
    await client.end();
  });

  it("DATABASE_URL: the database does not exist", async () => {
    const url = withDatabase(ADMIN_URL as string, `rentacar_start_missing_${process.pid}`);
    const outcome = await failedStart({ DATABASE_URL: url, PORT: "4610" });
    expectOneLine(outcome, "DATABASE_URL");
    expect(outcome.lines[0]).toContain("does not exist");
  });

  it("DATABASE_URL: btree_gist cannot be created", async () => {
    // As a superuser every contrib extension can be created; a database whose event trigger refuses
    // CREATE EXTENSION stands for a server that lacks the extension or forbids it.
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${noGist} with (force)`);
    await client.query(`create database ${noGist}`);
    await client.end();
    const db = new pg.Client({ connectionString: withDatabase(ADMIN_URL as string, noGist) });
    await db.connect();
    await db.query(`create function refuse_extensions() returns event_trigger language plpgsql as $$
      begin raise exception 'extension "btree_gist" is not available' using errcode = '0A000'; end $$`);
    await db.query(
      "create event trigger refuse_extensions on ddl_command_start when tag in ('CREATE EXTENSION') execute function refuse_extensions()",
    );
    await db.end();
    const outcome = await failedStart({ DATABASE_URL: withDatabase(ADMIN_URL as string, noGist), PORT: "4611" });
    expectOneLine(outcome, "DATABASE_URL");
    expect(outcome.lines[0]).toContain("btree_gist");
  });
});

describe("npm start (scripts/start.mjs)", () => {
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await exited;
  }, 30_000);

  it("with a current build, does not rebuild and serves at once", async () => {
    // `npm test` runs Vitest right after `npm run build`: the build must count as current.
    const check = spawnSync(process.execPath, ["scripts/start.mjs", "--check"], { encoding: "utf8" });
    expect(check.status, `${check.stdout}: run \`npm run build\` before Vitest`).toBe(0);
    const builtAt = (await stat("build/server/main.js")).mtimeMs;

    const started = performance.now();
    const start = startServer({ DATA_DIR: await dataDirCopy("start"), PORT: "4620" }, ["scripts/start.mjs"]);
    server = start.child;
    let status = 0;
    // Polls until it answers; the test's timeout bounds a start that never does.
    while (server.exitCode === null) {
      status = await fetch("http://127.0.0.1:4620/")
        .then((r) => r.status)
        .catch(() => 0);
      if (status) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const ms = performance.now() - started;
    console.log(`npm start with a current build: GET / answered ${status} after ${ms.toFixed(0)} ms`);
    expect(status, start.output()).toBeGreaterThan(0);
    expect(status).toBeLessThan(500);
    expect(start.output()).not.toContain("building");
    expect((await stat("build/server/main.js")).mtimeMs).toBe(builtAt);

    // SIGTERM reaches the server through the script, which exits with the server's code.
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  }, 60_000);
});

/** A server that asks for a cleartext password and refuses it with PostgreSQL's 28P01. */
function refusingPostgres(): net.Server {
  return net.createServer((socket) => {
    let received = Buffer.alloc(0);
    let askedPassword = false;
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (!askedPassword) {
        // StartupMessage: Int32 length, then the protocol version and parameters.
        if (received.length < 4 || received.length < received.readInt32BE(0)) return;
        received = received.subarray(received.readInt32BE(0));
        askedPassword = true;
        socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3])); // AuthenticationCleartextPassword
        return;
      }
      // PasswordMessage: 'p', Int32 length, the password.
      if (received.length < 5 || received.length < 1 + received.readInt32BE(1)) return;
      const fields = Buffer.from(
        'SFATAL\0VFATAL\0C28P01\0Mpassword authentication failed for user "rentacar"\0Rauth_failed\0\0',
      );
      const header = Buffer.alloc(5);
      header.write("E");
      header.writeInt32BE(4 + fields.length, 1);
      socket.end(Buffer.concat([header, fields]));
    });
  });
}
