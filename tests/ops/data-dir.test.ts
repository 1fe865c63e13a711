import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#server/db/client";
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE } from "#server/ops/data-dir-lock";

// One writer per PGlite folder, and backups (issue 10). Runs the built server: npm test builds first.
const PORT = 4652;
const SECOND_PORT = 4653;
const TMP = path.join(os.tmpdir(), "rentacar-data-dir");
const SPAWN_TIMEOUT = 120_000;

/** The children's environment: PGlite in DATA_DIR, whatever this shell had configured. */
function childEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  delete env.DATABASE_APP_URL;
  return { ...env, ...extra };
}

function startServer(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ["build/server/main.js"], {
    env: childEnv(dataDir, { PORT: String(port), HOST: "127.0.0.1" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A `scripts/db.ts` command, as `npm run db:…` runs it (tsx), without npm's own notices. */
function dbScript(dataDir: string, ...args: string[]): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/db.ts", ...args], {
    env: childEnv(dataDir),
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Waits for the process to end; its exit code and everything it printed. */
async function finished(child: ChildProcess, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const [code] = (await once(child, "exit")) as [number | null];
  clearTimeout(timer);
  return { code, output: output.trim() };
}

async function waitServing(port: number, server: ChildProcess) {
  for (let i = 0; i < 400; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const answer = await fetch(`http://127.0.0.1:${port}/`, { redirect: "manual" }).catch(() => null);
    if (answer) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not start");
}

/** Every entry under the folder: files with size, mtime and sha256, folders by name. */
async function fingerprint(root: string): Promise<string[]> {
  const entries: string[] = [];
  const walk = async (dir: string) => {
    for (const name of (await readdir(dir)).sort()) {
      const full = path.join(dir, name);
      const info = await stat(full);
      const rel = path.relative(root, full);
      if (info.isDirectory()) {
        entries.push(`${rel}/`);
        await walk(full);
      } else {
        const sha = createHash("sha256")
          .update(await readFile(full))
          .digest("hex");
        entries.push(`${rel} ${info.size} ${info.mtimeMs} ${sha}`);
      }
    }
  };
  await walk(root);
  return entries;
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  if (!child.pid) throw new Error("could not start a process");
  return child.pid;
}

function staleLock(pid: number): string {
  return `${JSON.stringify({ pid, startedAt: new Date(0).toISOString(), nonce: Math.random().toString(16) })}\n`;
}

/** Sakura's site colour, and after setting it to `change` if given (read back in the same open). */
async function siteColor(dataDir: string, change?: string): Promise<{ before: string; after: string }> {
  const handle = await createDb({ DATA_DIR: dataDir });
  const read = async () =>
    (
      (await handle.db.execute(sql`select site_color from site_settings where site_id = 'sakura'`)) as unknown as {
        rows: { site_color: string }[];
      }
    ).rows[0]?.site_color ?? "";
  try {
    const before = await read();
    if (change) await handle.db.execute(sql`update site_settings set site_color = ${change} where site_id = 'sakura'`);
    return { before, after: await read() };
  } finally {
    await handle.close();
  }
}

beforeAll(() => mkdir(TMP, { recursive: true }));

describe("one writer per PGlite folder, and backups while the server runs", () => {
  let dataDir: string;
  let server: ChildProcess;
  let archive: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(TMP, "served-"));
    server = startServer(dataDir, PORT);
    await waitServing(PORT, server);
  }, SPAWN_TIMEOUT);
  afterAll(async () => {
    if (server.exitCode === null) server.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    "a second server on the same DATA_DIR exits at once with one line naming the holder, and changes no file",
    async () => {
      const before = await fingerprint(dataDir);
      const second = await finished(startServer(dataDir, SECOND_PORT));
      expect(second.code).not.toBe(0);
      expect(second.output).toBe(`DATA_DIR ${dataDir} is in use by process ${server.pid}`);
      expect(await fingerprint(dataDir)).toEqual(before);
      expect(server.exitCode).toBeNull();
    },
    SPAWN_TIMEOUT,
  );

  it(
    "db:migrate on a held DATA_DIR fails the same way",
    async () => {
      const before = await fingerprint(dataDir);
      const migrate = await finished(dbScript(dataDir, "migrate"));
      expect(migrate.code).not.toBe(0);
      expect(migrate.output).toBe(`DATA_DIR ${dataDir} is in use by process ${server.pid}`);
      expect(await fingerprint(dataDir)).toEqual(before);
    },
    SPAWN_TIMEOUT,
  );

  it(
    "db:backup asks the running server for a complete, timestamped archive",
    async () => {
      const backup = await finished(dbScript(dataDir, "backup"));
      expect(backup.code, backup.output).toBe(0);
      archive = backup.output;
      expect(path.dirname(archive)).toBe(path.join(dataDir, "backups"));
      expect(path.basename(archive)).toMatch(/^pglite-\d{8}T\d{6}Z(-\d+)?\.tar\.gz$/);
      expect((await stat(archive)).size).toBeGreaterThan(0);
      // Nothing half-written or pending is left beside it.
      expect((await readdir(path.dirname(archive))).filter((n) => /partial|request|error/.test(n))).toEqual([]);
    },
    SPAWN_TIMEOUT,
  );

  it(
    "db:restore refuses while the server runs, and changes no file",
    async () => {
      const before = await fingerprint(dataDir);
      const restore = await finished(dbScript(dataDir, "restore", archive));
      expect(restore.code).not.toBe(0);
      expect(restore.output).toBe(`DATA_DIR ${dataDir} is in use by process ${server.pid}`);
      expect(await fingerprint(dataDir)).toEqual(before);
    },
    SPAWN_TIMEOUT,
  );

  it(
    "back up, change data, restore into the stopped DATA_DIR: the change is gone",
    async () => {
      server.kill("SIGTERM");
      expect((await finished(server)).code).toBe(0);
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

      const { before: original, after: changed } = await siteColor(dataDir, "#123456");
      expect(changed).toBe("#123456");
      expect(original).not.toBe("#123456");

      const restore = await finished(dbScript(dataDir, "restore", archive));
      expect(restore.code, restore.output).toBe(0);
      expect((await siteColor(dataDir)).before).toBe(original);
      // The old folder and the staging folder are gone; the lock is released; the server's own key stays.
      expect((await readdir(dataDir)).sort()).toEqual(["backups", "pglite", "secrets"]);
    },
    SPAWN_TIMEOUT,
  );

  it(
    "db:backup with nobody holding DATA_DIR dumps it itself",
    async () => {
      const backup = await finished(dbScript(dataDir, "backup"));
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).not.toBe(archive);
      expect(existsSync(backup.output)).toBe(true);
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    },
    SPAWN_TIMEOUT,
  );
});

describe("the lock itself", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(TMP, "lock-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("takes over a lock left by a process that has exited, or an unreadable one", async () => {
    for (const leftover of [staleLock(deadPid()), "", "not json\n", '{"pid":0,"nonce":"x"}']) {
      await writeFile(path.join(dataDir, LOCK_FILE), leftover);
      const lock = await acquireDataDirLock(dataDir);
      const held = JSON.parse(await readFile(path.join(dataDir, LOCK_FILE), "utf8"));
      expect(held.pid).toBe(process.pid);
      await lock.release();
      expect(await readdir(dataDir)).toEqual([]);
    }
  });

  it("refuses a second open in the same process, and releases only its own lock", async () => {
    const lock = await acquireDataDirLock(dataDir);
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(
      new DataDirInUseError(path.resolve(dataDir), process.pid).message,
    );
    // Someone else's lock (an operator removed ours and a new process took it) survives our release.
    const theirs = staleLock(process.ppid);
    await writeFile(path.join(dataDir, LOCK_FILE), theirs);
    await lock.release();
    expect(await readFile(path.join(dataDir, LOCK_FILE), "utf8")).toBe(theirs);
    await rm(path.join(dataDir, LOCK_FILE));
  });

  it(
    "processes racing for one stale lock produce exactly one winner, every time",
    async () => {
      const racers = [0, 1, 2].map(() =>
        spawn(process.execPath, ["--import", "tsx", "tests/ops/lock-racer.ts", dataDir], {
          stdio: ["pipe", "pipe", "inherit"],
        }),
      );
      const lines = racers.map((racer) =>
        createInterface({ input: racer.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator](),
      );
      const next = async (i: number) => String((await lines[i]?.next())?.value ?? "");
      try {
        for (let i = 0; i < racers.length; i++) expect(await next(i)).toBe("ready");
        for (let round = 0; round < 8; round++) {
          await writeFile(path.join(dataDir, LOCK_FILE), staleLock(deadPid()));
          for (const racer of racers) racer.stdin?.write("go\n");
          const answers = await Promise.all(racers.map((_, i) => next(i)));
          const winners = answers.flatMap((answer, i) => (answer === "won" ? [i] : []));
          expect(winners, answers.join(" | ")).toHaveLength(1);
          const winner = racers[winners[0] as number] as ChildProcess;
          for (const answer of answers.filter((a) => a !== "won")) {
            expect(answer).toBe(`lost DATA_DIR ${path.resolve(dataDir)} is in use by process ${winner.pid}`);
          }
          winner.stdin?.write("release\n");
          expect(await next(winners[0] as number)).toBe("released");
          // No guard or temp file is left behind.
          expect(await readdir(dataDir)).toEqual([]);
        }
      } finally {
        for (const racer of racers) racer.kill();
      }
    },
    SPAWN_TIMEOUT,
  );
});
