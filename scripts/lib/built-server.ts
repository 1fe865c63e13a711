// Starts the production build (`build/server/main.js`) on a free local port with a fresh PGlite
// data dir, as the e2e tests and `bench/http.ts` do. The demo sites are seeded on first start.
// Used by `scripts/screenshots.ts`, `bench/lighthouse.ts`, the e2e test of the Stripe gateway and
// the page cache's ops test; run `npm run build` before.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const SERVER_ENTRY = "build/server/main.js";

export interface BuiltServer {
  /** `http://127.0.0.1:PORT` */
  base: string;
  port: number;
  dataDir: string;
  /** Stops the server (SIGTERM, SIGKILL after 5 s) and removes its data dir. */
  stop(): Promise<void>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** The first free port from `start` upward (ports 4177+ are ours on the shared machines). */
export async function freePort(start = 4177, tries = 100): Promise<number> {
  for (let port = start; port < start + tries; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${start}-${start + tries - 1}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Spawns the built server and waits until `readyPath` answers with a status below 500.
 * Fails fast with the server's last stderr lines when it exits during start-up.
 */
export async function startBuiltServer(
  options: {
    port?: number;
    readyPath?: string;
    timeoutMs?: number;
    logLevel?: string;
    /** More environment for the server (another payment gateway, …). */
    env?: Record<string, string>;
    /** Runs on the new, empty data dir before the server starts (a provider command, say). */
    prepare?: (dataDir: string, port: number) => Promise<void>;
  } = {},
): Promise<BuiltServer> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first (from the repository root)`);
  }
  const port = options.port ?? (await freePort(Number(process.env.SERVER_PORT ?? 4177)));
  const readyPath = options.readyPath ?? "/sakura";
  const timeoutMs = options.timeoutMs ?? 120_000;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "rentacar-built-"));
  if (options.prepare) {
    try {
      await options.prepare(dataDir, port);
    } catch (err) {
      await rm(dataDir, { recursive: true, force: true });
      throw err;
    }
  }
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: options.logLevel ?? "warn",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited(child);
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + timeoutMs;
  try {
    while (true) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the server exited during start-up (${child.exitCode ?? child.signalCode}):\n${stderr}`);
      }
      try {
        const response = await fetch(base + readyPath, { redirect: "manual" });
        if (response.status < 500) break;
      } catch {}
      if (Date.now() > until) throw new Error(`${base}${readyPath} did not answer within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, port, dataDir, stop };
}

/** Calls `cleanup` once on Ctrl-C / SIGTERM, then exits with 130 / 143. */
export function onInterrupt(cleanup: () => Promise<void>) {
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      cleanup().finally(() => process.exit(code));
    });
  }
}

/** A calendar date `days` from today in Japan (the demo stores' time zone), `YYYY-MM-DD`. */
export function dateInJapan(days: number): string {
  return new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

export type LocaleCode = "ja" | "en" | "ko" | "zh-TW";
/** URL prefix of each language (`/en/sakura/...`); Japanese has none. */
export const PREFIX: Record<LocaleCode, string> = { ja: "", en: "/en", ko: "/kr", "zh-TW": "/tw" };
export const LOCALES = Object.keys(PREFIX) as LocaleCode[];

/** Decodes the few entities React escapes in attribute values. */
export function unescapeAttr(s: string): string {
  return s.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<");
}

/** The search results path of a site at its first store, `daysAhead` days ahead for two days. */
export function resultsPath(sitePrefix: string, topHtml: string, daysAhead = 40): string {
  const select = /<select[^>]*name="si"[^>]*>([\s\S]*?)<\/select>/.exec(topHtml)?.[1];
  const storeId = select ? /<option[^>]*value="([^"]+)"/.exec(select)?.[1] : undefined;
  const query = new URLSearchParams({
    ...(storeId ? { si: storeId } : {}),
    sd: dateInJapan(daysAhead),
    st: "10:00",
    ed: dateInJapan(daysAhead + 2),
    et: "18:00",
  });
  return `${sitePrefix}/reserve?${query}`;
}

/** The first car type detail linked from a results page. */
export function firstCarTypePath(sitePrefix: string, resultsHtml: string): string | undefined {
  const href = new RegExp(`href="(${escapeRegExp(sitePrefix)}/reserve/stores/\\d+/cars/\\d+[^"]*)"`).exec(
    resultsHtml,
  )?.[1];
  return href ? unescapeAttr(href) : undefined;
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
