import { createHash, randomBytes } from "node:crypto";
import { readFileSync, unlinkSync } from "node:fs";
import { link, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { usableFolder } from "./startup-checks";

/**
 * One writer per PGlite data folder (issue 10). PGlite has no lock of its own: two processes on one
 * folder both rewrite its control file and WAL, and committed writes are lost. So every process that
 * opens DATA_DIR first owns `DATA_DIR/.lock`, a small file naming its process.
 *
 * Only link(2) and rename(2) are used, both atomic on one file system:
 * - a free folder is claimed by hard-linking a fully written temp file to `.lock` (fails if present),
 *   so no reader ever sees a half-written lock;
 * - a lock whose process is dead is replaced only by the process that first claims a guard file
 *   named after that exact content (`.lock.takeover-<hash>`), with the same two rules. Two starters
 *   racing for one stale lock therefore produce one winner; the other then finds a live owner.
 */
export const LOCK_FILE = ".lock";

/** How long a start waits for another live process that is in the middle of a takeover. */
const TAKEOVER_WAIT_MS = 10_000;
/** Guards of guards exist only when takers die mid-takeover; a deep chain means something else is wrong. */
const MAX_GUARD_DEPTH = 8;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is in use by process ${pid}`);
    this.name = "DataDirInUseError";
  }
}

export interface DataDirLock {
  /** The absolute DATA_DIR. */
  dataDir: string;
  /** Removes the lock file if it is still this process's. */
  release(): Promise<void>;
}

/** What a lock file says. `procStart` and `bootId` tell a reused pid from the process that wrote it. */
interface LockOwner {
  pid: number;
  startedAt: string;
  procStart?: string;
  bootId?: string;
  nonce: string;
}

export interface LockHolder {
  pid: number;
  alive: boolean;
  /** The lock file's text: compared with what a process wrote to tell whether it still holds it. */
  content: string;
}

/** Folders held by this process, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const root = path.resolve(dataDir);
  if (heldHere.has(root)) throw new DataDirInUseError(root, process.pid);
  heldHere.add(root);
  const file = path.join(root, LOCK_FILE);
  const mine = `${JSON.stringify(ownIdentity())}\n`;
  try {
    // The folder itself may be created; nothing inside it is touched before the lock is ours.
    await usableFolder(root);
    const claimed = await claim(root, file, mine, Date.now() + TAKEOVER_WAIT_MS, 0);
    if (claimed !== true) throw new DataDirInUseError(root, claimed.pid);
  } catch (err) {
    heldHere.delete(root);
    throw err;
  }

  // Last resort for an exit that skipped release (process.exit in an error path).
  const onExit = () => {
    try {
      if (readFileSync(file, "utf8") === mine) unlinkSync(file);
    } catch {}
  };
  process.on("exit", onExit);
  let released = false;
  return {
    dataDir: root,
    async release() {
      if (released) return;
      released = true;
      process.off("exit", onExit);
      await unlinkIfMine(file, mine);
      heldHere.delete(root);
    },
  };
}

/** Who holds DATA_DIR's lock, if anyone: `db:backup` asks a live server for the archive. */
export async function readDataDirLock(dataDir: string): Promise<LockHolder | undefined> {
  const content = await readText(path.join(path.resolve(dataDir), LOCK_FILE));
  if (content === undefined) return undefined;
  const owner = parseOwner(content);
  return owner ? { pid: owner.pid, alive: isAlive(owner), content } : { pid: 0, alive: false, content };
}

/**
 * Makes `file` hold `mine`: linked if absent, or replaced if its owner is dead. Returns true, or the
 * live owner. Every change happens in one link or rename, so readers see a whole lock or none.
 */
async function claim(
  dir: string,
  file: string,
  mine: string,
  deadline: number,
  depth: number,
): Promise<true | LockOwner> {
  for (;;) {
    const current = await readText(file);
    if (current === undefined) {
      if (await linkNew(dir, file, mine)) return true;
      continue; // created by another process in between: look at it
    }
    const owner = parseOwner(current);
    if (owner && isAlive(owner)) return owner;
    if (depth >= MAX_GUARD_DEPTH) throw new Error(`DATA_DIR ${dir}: cannot take over the stale lock ${file}`);

    // A stale or unreadable lock. Only the holder of the guard for this exact content may replace it,
    // and while it holds the guard nobody else can change the file (its owner is dead).
    const guard = path.join(dir, `${LOCK_FILE}.takeover-${contentHash(current)}`);
    const guarded = await claim(dir, guard, mine, deadline, depth + 1);
    if (guarded !== true) {
      // Another live process is taking over: soon the lock is its own.
      if (Date.now() > deadline) return guarded;
      await sleep(10);
      continue;
    }
    try {
      if ((await readText(file)) === current) {
        await replaceWith(dir, file, mine);
        return true;
      }
    } finally {
      await unlinkIfMine(guard, mine);
    }
  }
}

/** Creates `file` holding `content` unless it exists. */
async function linkNew(dir: string, file: string, content: string): Promise<boolean> {
  const temp = await writeTemp(dir, content);
  try {
    await link(temp, file);
    return true;
  } catch (err) {
    if (errorCode(err) === "EEXIST") return false;
    throw err;
  } finally {
    await unlink(temp).catch(() => {});
  }
}

async function replaceWith(dir: string, file: string, content: string) {
  const temp = await writeTemp(dir, content);
  try {
    await rename(temp, file);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
}

async function writeTemp(dir: string, content: string): Promise<string> {
  const temp = path.join(dir, `${LOCK_FILE}-${process.pid}-${randomBytes(6).toString("hex")}.tmp`);
  await writeFile(temp, content, { flag: "wx" });
  return temp;
}

async function unlinkIfMine(file: string, mine: string) {
  if ((await readText(file)) === mine) await unlink(file).catch(() => {});
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (err) {
    if (errorCode(err) === "ENOENT") return undefined;
    throw err;
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner> | null;
    if (!value || !Number.isSafeInteger(value.pid) || (value.pid as number) <= 0) return undefined;
    if (typeof value.nonce !== "string") return undefined;
    return value as LockOwner;
  } catch {
    return undefined;
  }
}

function isAlive(owner: LockOwner): boolean {
  // This process before it holds the folder: a lock naming its pid was left by an earlier process
  // that had the same pid (a restarted container). Folders held here are refused before this.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if (errorCode(err) === "ESRCH") return false;
    // EPERM: alive, under another user.
  }
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return false;
  const started = procStart(owner.pid);
  if (owner.procStart && started && owner.procStart !== started) return false;
  return true;
}

function ownIdentity(): LockOwner {
  return {
    pid: process.pid,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    procStart: procStart(process.pid),
    bootId: bootId(),
    nonce: randomBytes(8).toString("hex"),
  };
}

/** The process's start time in clock ticks since boot (Linux, /proc/PID/stat field 22). */
function procStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return undefined;
  }
}

function contentHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}
