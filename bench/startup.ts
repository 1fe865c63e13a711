// How long a start that cannot succeed takes to print its line and exit (issue 10), measured here
// rather than asserted in tests/ops/startup.test.ts (issue 38: a loaded machine is slower, not wrong).
// Usage: npm run bench:startup   (builds first; BENCH_ROUNDS, default 5)
// Each case runs the built server alone, once untimed, then ROUNDS times; prints the median and the slowest in ms.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { percentile } from "./lib/stats";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function failedStartMs(env: NodeJS.ProcessEnv): Promise<{ ms: number; code: number | null; line: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const [code] = (await once(child, "exit")) as [number | null];
  const line = output.split("\n").find((l) => l.trim() && !l.startsWith("{")) ?? "";
  return { ms: performance.now() - started, code, line: line.trim() };
}

async function main() {
  const root = await mkdtemp(path.join(os.tmpdir(), "rentacar-bench-start-"));
  const taken = net.createServer().listen(4690, "127.0.0.1");
  await once(taken, "listening");
  const cases: [string, NodeJS.ProcessEnv][] = [
    ["PORT in use", { DATA_DIR: path.join(root, "port"), PORT: "4690" }],
    ["HOST that does not resolve", { DATA_DIR: path.join(root, "host"), PORT: "4691", HOST: "no-such-host.invalid" }],
    ["DATA_DIR under /proc", { DATA_DIR: "/proc/x", PORT: "4692" }],
    ["DATABASE_URL: nothing listens", { DATABASE_URL: "postgres://rentacar@127.0.0.1:1/rentals", PORT: "4693" }],
  ];
  try {
    for (const [name, env] of cases) {
      // One round untimed: a new DATA_DIR's first boot (initdb) is not what is measured.
      let last = await failedStartMs(env);
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const run = await failedStartMs(env);
        samples.push(run.ms);
        last = run;
      }
      console.log(
        `${name}: median ${percentile(samples, 0.5).toFixed(0)} ms, slowest ${Math.max(...samples).toFixed(0)} ms (exit ${last.code}: ${last.line})`,
      );
    }
  } finally {
    taken.close();
    await rm(root, { recursive: true, force: true });
  }
}

await main();
