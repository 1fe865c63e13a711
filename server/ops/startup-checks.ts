import { lookup as dnsLookup } from "node:dns/promises";
import { constants } from "node:fs";
import { access, mkdir, stat } from "node:fs/promises";
import { createServer, isIP, type Server } from "node:net";
import path from "node:path";
import { within } from "#server/lib/within";
import { StartupPhaseError } from "./startup-error";

/** Checking DATA_DIR touches a handful of inodes: longer means a hung file system. */
const DATA_DIR_CHECK_MS = 5000;
/**
 * Opening PGlite: about 0.5 s for an existing folder, a first boot (initdb) 5-25 s on a busy machine.
 * A damaged folder fails in about 2 s; this bound is for an open that never returns.
 */
const PGLITE_OPEN_MS = 60_000;

/**
 * Opens the database; for PGlite, first makes sure DATA_DIR is a folder it can use, and bounds the
 * open in time. Failures carry the folder, so the start's one line names DATA_DIR.
 */
export async function openDatabase<T>(
  settings: { DATABASE_URL?: string; DATA_DIR: string },
  open: () => Promise<T>,
): Promise<T> {
  if (settings.DATABASE_URL) return open();
  const phase = { kind: "data-dir", dataDir: settings.DATA_DIR } as const;
  try {
    await within(DATA_DIR_CHECK_MS, `checking ${settings.DATA_DIR}`, usableFolder(path.resolve(settings.DATA_DIR)));
    return await within(PGLITE_OPEN_MS, "opening the embedded database", open());
  } catch (err) {
    throw new StartupPhaseError(phase, err);
  }
}

/**
 * Looking up HOST: instant from /etc/hosts, but on a machine whose resolver does not answer,
 * getaddrinfo waits out its retries (tens of seconds). Past this, the start fails with HOST's line.
 */
export const HOST_LOOKUP_MS = 5000;

/**
 * The address to listen on for HOST, looked up once and bounded in time (listen would look it up
 * without a bound). A failure carries the port and host, so the start's one line names HOST.
 */
export async function listenAddress(
  host: string,
  port: number,
  lookup: (host: string) => Promise<{ address: string }> = dnsLookup,
): Promise<string> {
  if (isIP(host)) return host;
  try {
    return (await within(HOST_LOOKUP_MS, `looking up ${host}`, lookup(host))).address;
  } catch (err) {
    throw new StartupPhaseError({ kind: "listen", port, host }, err);
  }
}

/**
 * Fails at once when the port is taken, before the database is opened and migrated (seconds on
 * PGlite): listens on it and lets go. Listening for real later still reports a port taken meanwhile.
 */
export function portAvailable(address: string, port: number, host: string): Promise<void> {
  const probe = createServer();
  return new Promise<void>((resolve, reject) => {
    probe.once("error", (err) => reject(new StartupPhaseError({ kind: "listen", port, host }, err)));
    probe.listen(port, address, () => probe.close(() => resolve()));
  });
}

/** Resolves once `server` listens; a listen error (port in use, bad host) rejects with its context. */
export function listening(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => {
      server.off("listening", onListening);
      reject(new StartupPhaseError({ kind: "listen", port, host }, err));
    };
    const onListening = () => {
      server.off("error", onError);
      resolve();
    };
    if (server.listening) return resolve();
    server.once("error", onError);
    server.once("listening", onListening);
  });
}

/**
 * Creates the folder one level at a time: `mkdir(…, { recursive: true })` never returns for a path
 * such as /proc/x on Node 20, where the parent exists but refuses new entries.
 */
export async function usableFolder(dir: string): Promise<void> {
  const found = await stat(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return undefined;
    throw err;
  });
  if (found) {
    if (!found.isDirectory()) throw Object.assign(new Error(`${dir} is not a folder`), { code: "ENOTDIR" });
    await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    return;
  }
  const parent = path.dirname(dir);
  if (parent !== dir) await usableFolder(parent);
  await mkdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== "EEXIST") throw err;
  });
}
