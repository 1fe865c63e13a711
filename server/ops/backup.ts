import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { createDb, type DbHandle, openPglite } from "#server/db/client";
import type { Logger } from "#server/logger";
import { acquireDataDirLock, DataDirInUseError, type LockHolder, readDataDirLock } from "./data-dir-lock";

/**
 * Backups of the embedded database (issue 10): `DATA_DIR/backups/pglite-<UTC time>.tar.gz`, a tar of
 * the whole PGlite folder. Only one process may open the folder, so while the server runs the backup
 * is written by the server itself: `db:backup` leaves a request file and sends it SIGUSR2.
 */
export const BACKUPS_DIR = "backups";
/** How long `db:backup` waits for a running server to write the archive. */
export const BACKUP_WAIT_MS = 60_000;

const REQUEST_PREFIX = ".request-";
/** Written by a server once it answers SIGUSR2: the lock it holds, so only that process is signalled. */
const LISTENER_FILE = ".listener";
/** A name the server will write: no folders, no dot files. */
const ARCHIVE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.tar\.gz$/;

const backupsDir = (dataDir: string) => path.join(path.resolve(dataDir), BACKUPS_DIR);
const failureFile = (dir: string, name: string) => path.join(dir, `.${name}.error`);

/** `pglite-20261122T101500Z.tar.gz`, with `-2`, `-3`… if that second already has one. */
export function backupName(dataDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
  const dir = backupsDir(dataDir);
  for (let n = 1; ; n++) {
    const name = `pglite-${stamp}${n > 1 ? `-${n}` : ""}.tar.gz`;
    if (!existsSync(path.join(dir, name))) return name;
  }
}

/**
 * Writes a consistent archive of the open PGlite database. PGlite runs one query at a time and
 * `dumpDataDir` holds that turn while it copies the folder, so no write lands halfway; the checkpoint
 * first puts every page in the data files, so a restore needs no WAL replay. The archive is written
 * under a dot name and renamed: a file with the final name is always complete.
 */
export async function writeBackup(handle: DbHandle, dataDir: string, name = backupName(dataDir)): Promise<string> {
  if (!handle.backup) throw new Error("backups of PostgreSQL are made with pg_dump");
  if (!ARCHIVE_NAME.test(name)) throw new Error(`not a backup file name: ${name}`);
  const dir = backupsDir(dataDir);
  await mkdir(dir, { recursive: true });
  await handle.db.execute(sql`checkpoint`);
  const archive = new Uint8Array(await (await handle.backup()).arrayBuffer());
  const partial = path.join(dir, `.${name}.partial`);
  const file = await open(partial, "w");
  try {
    await file.writeFile(archive);
    await file.sync();
  } finally {
    await file.close();
  }
  const final = path.join(dir, name);
  await rename(partial, final);
  return final;
}

/**
 * The server's side: on SIGUSR2, write the archives asked for in `backups/.request-*` (or one with a
 * new name when the signal came by hand), one at a time. Returns the function that stops listening.
 */
export function onBackupSignal(handle: DbHandle, dataDir: string, logger: Logger): () => void {
  if (!handle.backup) return () => {};
  const dir = backupsDir(dataDir);
  let running = false;
  let again = false;

  const serveRequests = async (byHand: boolean) => {
    const requests = await pendingRequests(dir);
    if (requests.length === 0 && byHand) requests.push({ file: undefined, name: backupName(dataDir) });
    for (const request of requests) {
      try {
        const file = await writeBackup(handle, dataDir, request.name);
        logger.info({ file }, "backup written");
      } catch (err) {
        logger.error({ err, name: request.name }, "backup failed");
        if (request.file) await writeFile(failureFile(dir, request.name), errorMessage(err)).catch(() => {});
      } finally {
        if (request.file) await unlink(request.file).catch(() => {});
      }
    }
  };
  const listener = () => {
    if (running) {
      again = true; // the request may have come after this round listed them
      return;
    }
    running = true;
    void (async () => {
      let byHand = true;
      do {
        again = false;
        await serveRequests(byHand).catch((err) => logger.error({ err }, "backup failed"));
        byHand = false;
      } while (again);
      running = false;
    })();
  };
  process.on("SIGUSR2", listener);
  announceListener(dataDir).catch((err) => logger.warn({ err }, "db:backup will not find this server"));
  return () => process.off("SIGUSR2", listener);
}

/**
 * `npm run db:backup`: asks the live server holding DATA_DIR for an archive, or, when nobody holds
 * it, opens the database itself. Returns the archive's path.
 */
export async function backupDataDir(config: { DATA_DIR: string }, waitMs = BACKUP_WAIT_MS): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const holder = await readDataDirLock(config.DATA_DIR);
    if (holder?.alive) return requestBackup(config.DATA_DIR, holder, waitMs);
    if (!existsSync(path.join(path.resolve(config.DATA_DIR), "pglite", "PG_VERSION"))) {
      throw new Error(`DATA_DIR ${path.resolve(config.DATA_DIR)} has no PGlite database to back up`);
    }
    try {
      const handle = await createDb(config);
      try {
        return await writeBackup(handle, config.DATA_DIR);
      } finally {
        await handle.close();
      }
    } catch (err) {
      // A server started between the look and the open: ask it instead.
      if (!(err instanceof DataDirInUseError) || attempt > 0) throw err;
    }
  }
}

/** Leaves a request for the server, signals it, and waits for the archive (or its failure). */
async function requestBackup(dataDir: string, holder: LockHolder, waitMs: number): Promise<string> {
  const dir = backupsDir(dataDir);
  const listener = await readFile(path.join(dir, LISTENER_FILE), "utf8").catch(() => undefined);
  if (listener !== holder.content) {
    throw new Error(
      `DATA_DIR ${path.resolve(dataDir)} is in use by process ${holder.pid}, which is not a running server that takes backups; try again when it has finished starting or has stopped`,
    );
  }
  const name = backupName(dataDir);
  const request = path.join(dir, `${REQUEST_PREFIX}${process.pid}-${randomBytes(4).toString("hex")}`);
  // Published by rename, so the server never reads half a request.
  await writeFile(`${request}.tmp`, name);
  await rename(`${request}.tmp`, request);
  const final = path.join(dir, name);
  const failure = failureFile(dir, name);
  try {
    process.kill(holder.pid, "SIGUSR2");
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (existsSync(final)) return final;
      const reason = await readFile(failure, "utf8").catch(() => undefined);
      if (reason !== undefined) {
        await unlink(failure).catch(() => {});
        throw new Error(`the server (process ${holder.pid}) could not write the backup: ${reason}`);
      }
      if (!(await readDataDirLock(dataDir))?.alive) throw new Error(`the server (process ${holder.pid}) stopped`);
      await sleep(100);
    }
    throw new Error(`the server (process ${holder.pid}) wrote no backup within ${waitMs / 1000} s`);
  } finally {
    await unlink(request).catch(() => {});
  }
}

/**
 * `npm run db:restore FILE`: into a stopped DATA_DIR only (this takes its lock). The archive is
 * loaded into a sibling folder first, so a bad archive leaves the database as it was; then the old
 * folder is renamed away, the new one renamed in, and the old one removed.
 */
export async function restoreBackup(archive: string, config: { DATA_DIR: string }): Promise<void> {
  const source = path.resolve(archive);
  const contents = await readFile(source).catch(() => {
    throw new Error(`cannot read the backup ${source}`);
  });
  const root = path.resolve(config.DATA_DIR);
  const lock = await acquireDataDirLock(root);
  try {
    await removeLeftovers(root);
    const incoming = path.join(root, `pglite.restoring-${process.pid}`);
    const handle = await openPglite({
      dataDir: incoming,
      loadDataDir: new Blob([pgliteTar(contents, source)], { type: "application/x-tar" }),
    }).catch((err) => {
      throw new Error(`${source} is not a PGlite backup (${errorMessage(err)})`);
    });
    try {
      // An archive of anything else would come up as an empty database: refuse it.
      const found = (await handle.db.execute(
        sql`select to_regclass('drizzle.__drizzle_migrations') is not null as migrated`,
      )) as unknown as { rows: { migrated: boolean }[] };
      if (!found.rows[0]?.migrated) throw new Error(`${source} is not a backup of this application's database`);
      await handle.db.execute(sql`checkpoint`);
    } finally {
      await handle.close();
    }
    const live = path.join(root, "pglite");
    const replaced = path.join(root, `pglite.replaced-${process.pid}`);
    if (existsSync(live)) await rename(live, replaced);
    await rename(incoming, live);
    await rm(replaced, { recursive: true, force: true });
  } catch (err) {
    await removeLeftovers(root).catch(() => {});
    throw err;
  } finally {
    await lock.release();
  }
}

/**
 * The archive as a tar holding a PostgreSQL data folder, checked here: PGlite reports a bad archive
 * as an error thrown outside the promise it returns.
 */
function pgliteTar(bytes: Uint8Array, source: string): Uint8Array<ArrayBuffer> {
  let tar: Uint8Array;
  try {
    tar = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  } catch {
    throw new Error(`${source} is not a PGlite backup (not a readable .tar.gz)`);
  }
  const field = (header: Uint8Array, from: number, to: number) =>
    Buffer.from(header.subarray(from, to)).toString("utf8").split("\0")[0] ?? "";
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    const name = field(header, 0, 100);
    if (name === "") break;
    if (name.replace(/^\.?\//, "") === "PG_VERSION") return new Uint8Array(tar);
    const size = Number.parseInt(field(header, 124, 136).trim() || "0", 8);
    if (!Number.isFinite(size)) break;
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${source} is not a PGlite backup (no PG_VERSION in it)`);
}

/** Half-done restores (the lock is held, so nobody else is making them). */
async function removeLeftovers(root: string) {
  for (const name of await readdir(root)) {
    if (/^pglite\.restoring-\d+$/.test(name)) await rm(path.join(root, name), { recursive: true, force: true });
  }
}

async function pendingRequests(dir: string): Promise<{ file: string | undefined; name: string }[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const requests: { file: string | undefined; name: string }[] = [];
  for (const entry of names.filter((n) => n.startsWith(REQUEST_PREFIX) && !n.endsWith(".tmp")).sort()) {
    const file = path.join(dir, entry);
    const name = (await readFile(file, "utf8").catch(() => "")).trim();
    if (ARCHIVE_NAME.test(name)) requests.push({ file, name });
    else await unlink(file).catch(() => {});
  }
  return requests;
}

/** Tells `db:backup` that the process holding DATA_DIR's lock answers SIGUSR2. */
async function announceListener(dataDir: string) {
  const holder = await readDataDirLock(dataDir);
  if (holder?.pid !== process.pid) return;
  const dir = backupsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `${LISTENER_FILE}.${process.pid}.tmp`);
  await writeFile(temp, holder.content);
  await rename(temp, path.join(dir, LISTENER_FILE));
}

function errorMessage(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split("\n")[0] ?? "";
}
