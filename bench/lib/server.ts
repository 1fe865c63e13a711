// Starting the production build for a bench, and waiting until it answers.
import { type ChildProcess, spawn } from "node:child_process";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(url: string, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${url} did not come up`);
}

/**
 * `node build/server/main.js` on loopback at `port`, production mode, with the heap bound that
 * `npm start` and `npm run serve` give it (scripts/start.mjs), warnings and errors to our stderr.
 * `cwd`: the checkout whose build runs (another worktree, to compare two builds).
 */
export function startServer(port: number, env: Record<string, string>, cwd?: string): ChildProcess {
  const heap = `--max-old-space-size=${process.env.MAX_HEAP_MB ?? 256}`;
  // SERVER_NODE_ARGS: more flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const extra = (process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  return spawn(process.execPath, [heap, ...extra, "build/server/main.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    cwd,
  });
}
