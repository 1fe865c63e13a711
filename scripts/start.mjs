// `npm start`: builds only when the build is missing or older than its sources (issue 10), then runs
// the server in production. Plain Node, so a current build starts without the dev dependencies.
// `npm run serve` is this with `--no-build`.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const SOURCES = [
  "app",
  "server",
  "common",
  "public",
  "react-router.config.ts",
  "vite.config.ts",
  "package.json",
  "scripts/build-server.mjs",
  "scripts/compress-assets.mjs",
];
const OUTPUTS = ["build/server/main.js", "build/server/pglite-thread.worker.js", "build/server/index.js"];
/** Tests are never bundled: editing one needs no build. */
const NOT_BUILT = /\.test\.tsx?$/;

/** The newest modification time under `entry` (a file or folder); 0 if it does not exist. */
function newest(entry) {
  let info;
  try {
    info = statSync(entry);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return NOT_BUILT.test(entry) ? 0 : info.mtimeMs;
  let latest = info.mtimeMs; // a deleted file shows only in its folder's time
  for (const name of readdirSync(entry)) {
    if (name === "node_modules" || name === "+types") continue;
    latest = Math.max(latest, newest(path.join(entry, name)));
  }
  return latest;
}

/** The oldest output's time, or undefined when one is missing. */
function builtAt() {
  let oldest = Number.POSITIVE_INFINITY;
  for (const file of OUTPUTS) {
    try {
      oldest = Math.min(oldest, statSync(file).mtimeMs);
    } catch {
      return undefined;
    }
  }
  return oldest;
}

const built = builtAt();
const changed = Math.max(...SOURCES.map(newest));
const current = built !== undefined && changed <= built;
// `--check`: only tell whether the build is current (exit 0) or would be rebuilt (exit 1).
if (process.argv.includes("--check")) {
  console.log(current ? "start: the build is current" : "start: the build is missing or older than its sources");
  process.exit(current ? 0 : 1);
}
/**
 * V8 grows its heap lazily towards a limit sized from the machine's memory: under steady load a
 * server's RSS climbed 10 MB a minute with a live heap near 50 MB (bench:soak). A bound makes it
 * collect instead; MAX_HEAP_MB raises it for a process serving many sites.
 */
const heapMb = process.env.MAX_HEAP_MB ?? "256";
if (!/^\d+$/.test(heapMb) || Number(heapMb) < 64) {
  console.error(`MAX_HEAP_MB must be a whole number of megabytes, at least 64 (got "${heapMb}")`);
  process.exit(1);
}

if (!current && !process.argv.includes("--no-build")) {
  console.log(built === undefined ? "start: no build yet, building" : "start: sources changed, building");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) {
    console.error("start: the build failed (see above); the server was not started");
    process.exit(result.status ?? 1);
  }
}

// Its own process group: a Ctrl-C reaches the server once, through us, not also from the terminal.
const server = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, "build/server/main.js"], {
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});

// npm forwards the terminal's SIGINT to us as well: one stop request arrives twice at once. The server
// takes a second signal as "stop now", so repeats within a second are the same request.
const DUPLICATE_MS = 1000;
let lastSignalAt = 0;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    const now = Date.now();
    if (now - lastSignalAt < DUPLICATE_MS) return;
    lastSignalAt = now;
    server.kill(signal);
  });
}
// If this process goes first (an error here), the server must not outlive it.
process.on("exit", () => {
  if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
});

// The server's exit code is ours; ended by a signal, 128 + its number, as a shell reports it.
server.on("exit", (code, signal) => {
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
