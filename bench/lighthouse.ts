// Lighthouse (default mobile emulation and throttling) on the sakura top, search results and car
// type pages in the four languages: 12 runs, about 20 s each on 2 cores.
// Usage: npm run bench:lighthouse   (builds first; or `tsx bench/lighthouse.ts` after `npm run build`)
// Prints the four category scores per page and writes/replaces the "Lighthouse (mobile)" section
// of docs/performance.md. A benchmark, not a test: low scores never fail it; it exits non-zero only
// when the server or Lighthouse cannot run.
// Env: CHROME_PATH (default /usr/bin/chromium); LIGHTHOUSE_FROM: a directory whose node_modules
// holds lighthouse (default: this project), e.g. a throwaway `npm install lighthouse` elsewhere;
// LH_PAGES: comma list of page keys to run (e.g. `ja-top,en-results`), default all twelve;
// LH_NO_DOCS=1: print only, leave docs/performance.md alone; LH_DETAIL=1: each page's metrics, its
// LCP element and the audits that cost it points. The pages are loaded through Caddy as
// deploy/Caddyfile runs it (TLS, so HTTP/2: what a visitor's browser gets; needs `caddy` and
// `openssl`); LH_PROXY=none loads them from the app's own HTTP/1.1 listener instead.
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { onInterrupt, startBuiltServer } from "../scripts/lib/built-server";
import { startCaddy } from "./lib/caddy";
import { type PageTarget, publicPageTargets } from "./lib/pages";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const VIA_CADDY = process.env.LH_PROXY !== "none";
// The proxy's certificate is a throwaway self-signed one.
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  ...(VIA_CADDY ? ["--ignore-certificate-errors"] : []),
];
/** A run whose trace Lighthouse failed to record (its NO_NAVSTART) measured nothing: it is run again. */
const ATTEMPTS = 3;
/** Offline, the analytics hosts would only stall the load: Lighthouse blocks them (blockedUrlPatterns). */
const BLOCKED_URL_PATTERNS = ["*googletagmanager.com*", "*google-analytics.com*"];
const DOC = "docs/performance.md";
const SECTION = "## Lighthouse (mobile)";

type Category = (typeof CATEGORIES)[number];

/** The part of a Lighthouse result this script reads. */
interface LighthouseResult {
  lhr: {
    lighthouseVersion: string;
    finalDisplayedUrl?: string;
    runtimeError?: { code: string; message: string };
    runWarnings?: string[];
    categories: Partial<Record<Category, { score: number | null }>>;
    audits: Record<
      string,
      {
        score: number | null;
        numericValue?: number;
        displayValue?: string;
        details?: { type?: string; items?: { node?: { snippet?: string } }[] };
      }
    >;
  };
}
type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
interface LaunchedChrome {
  port: number;
  kill(): Promise<void> | void;
}
type LaunchFn = (options: { chromePath?: string; chromeFlags?: string[] }) => Promise<LaunchedChrome>;

/** lighthouse and chrome-launcher (its dependency), resolved from the project or from LIGHTHOUSE_FROM. */
async function loadLighthouse(): Promise<{ lighthouse: LighthouseFn; launch: LaunchFn; version: string }> {
  const from = path.resolve(process.env.LIGHTHOUSE_FROM ?? ".");
  const require = createRequire(path.join(from, "package.json"));
  const load = async (name: string) => import(pathToFileURL(require.resolve(name)).href);
  let lighthouseModule: { default: LighthouseFn };
  let launcherModule: { launch: LaunchFn };
  try {
    lighthouseModule = await load("lighthouse");
    launcherModule = await load("chrome-launcher");
  } catch (err) {
    throw new Error(
      `lighthouse is not installed in ${from} (${(err as Error).message.split("\n")[0]}).\n` +
        "Install it as a devDependency, or in a throwaway directory and point LIGHTHOUSE_FROM at it:\n" +
        "  mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && npm install lighthouse --no-audit --no-fund\n" +
        "  LIGHTHOUSE_FROM=/tmp/lh npx tsx bench/lighthouse.ts",
    );
  }
  const pkg = JSON.parse(
    await readFile(path.join(path.dirname(require.resolve("lighthouse")), "..", "package.json"), "utf8"),
  ) as { version: string };
  return { lighthouse: lighthouseModule.default, launch: launcherModule.launch, version: pkg.version };
}

type Target = PageTarget;

const targets = (base: string) => publicPageTargets(base, process.env.LH_PAGES?.split(",").filter(Boolean));

type Scores = Record<Category, number | null>;

async function runOne(
  lib: Awaited<ReturnType<typeof loadLighthouse>>,
  url: string,
): Promise<{ scores: Scores; error?: string; warnings: string[] }> {
  const chrome = await lib.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lib.lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      blockedUrlPatterns: BLOCKED_URL_PATTERNS,
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => {
        const score = lhr.categories[c]?.score;
        return [c, typeof score === "number" ? Math.round(score * 100) : null];
      }),
    ) as Scores;
    if (process.env.LH_DETAIL === "1") console.log(detail(lhr));
    return { scores, error: lhr.runtimeError?.message, warnings: lhr.runWarnings ?? [] };
  } finally {
    await chrome.kill();
  }
}

/** The five metrics the performance score is made of, the LCP element, and the audits that failed. */
function detail(lhr: LighthouseResult["lhr"]): string {
  const metrics = [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
  ].map((id) => `${id} ${lhr.audits[id]?.displayValue ?? "–"} (${lhr.audits[id]?.score ?? "–"})`);
  const lcp = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0];
  const snippet = JSON.stringify(lcp ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1] ?? "–";
  const failed = Object.entries(lhr.audits)
    .filter(([, a]) => a.score !== null && a.score < 0.9 && a.details?.type === "opportunity")
    .map(([id, a]) => `${id} ${a.displayValue ?? ""}`);
  return [`  ${metrics.join(", ")}`, `  LCP element: ${snippet.slice(0, 160)}`, ...failed.map((f) => `  - ${f}`)].join(
    "\n",
  );
}

function table(rows: { target: Target; scores: Scores }[]): string {
  const cell = (n: number | null) => (n === null ? "–" : String(n));
  const lines = [
    "| page | lang | performance | accessibility | best practices | SEO |",
    "|---|---|---:|---:|---:|---:|",
  ];
  for (const { target, scores } of rows) {
    lines.push(`| ${target.page} | ${target.locale} | ${CATEGORIES.map((c) => cell(scores[c])).join(" | ")} |`);
  }
  return lines.join("\n");
}

/** Replaces the "Lighthouse (mobile)" section (up to the next `## `) or inserts it before the first dated section. */
async function writeDoc(body: string) {
  const doc = await readFile(DOC, "utf8");
  const section = `${SECTION}\n\n${body.trim()}\n\n`;
  const start = doc.indexOf(`${SECTION}\n`);
  let next: string;
  if (start >= 0) {
    const after = doc.indexOf("\n## ", start + SECTION.length);
    next = doc.slice(0, start) + section + (after >= 0 ? doc.slice(after + 1) : "");
  } else {
    const firstSection = doc.indexOf("\n## ");
    next =
      firstSection >= 0
        ? `${doc.slice(0, firstSection + 1)}${section}${doc.slice(firstSection + 1)}`
        : `${doc.trimEnd()}\n\n${section}`;
  }
  await writeFile(DOC, `${next.trimEnd()}\n`);
}

async function main() {
  const lib = await loadLighthouse();
  const server = await startBuiltServer();
  const proxy = VIA_CADDY ? await startCaddy(server.base) : null;
  const stopAll = async () => {
    await proxy?.stop();
    await server.stop();
  };
  onInterrupt(stopAll);
  const origin = proxy?.origin ?? server.base;
  const rows: { target: Target; scores: Scores }[] = [];
  const notes: string[] = [];
  const started = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  try {
    const list = await targets(server.base);
    for (const [i, target] of list.entries()) {
      const t0 = Date.now();
      // Lighthouse reports on localhost as it would on the public host; 127.0.0.1 keeps it off IPv6.
      const url = origin + target.path;
      let run = await runOne(lib, url);
      for (let attempt = 1; attempt < ATTEMPTS && run.error?.includes("NO_NAVSTART"); attempt++) {
        notes.push(`${target.key}: Lighthouse recorded no trace (NO_NAVSTART); run again`);
        run = await runOne(lib, url);
      }
      const { scores, error, warnings } = run;
      rows.push({ target, scores });
      if (error) notes.push(`${target.key}: ${error}`);
      for (const w of warnings) notes.push(`${target.key}: ${w}`);
      console.log(
        `[${i + 1}/${list.length}] ${target.key.padEnd(16)} ${CATEGORIES.map((c) => `${c} ${scores[c] ?? "–"}`).join(", ")} ` +
          `(${((Date.now() - t0) / 1000).toFixed(0)} s)`,
      );
    }
  } finally {
    await stopAll();
  }

  const date = new Date().toISOString().slice(0, 10);
  const results = rows.find((r) => r.target.page === "results")?.target.path ?? "";
  const output = table(rows);
  console.log(`\n${output}\n`);
  for (const n of notes) console.log(`note: ${n}`);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`${rows.length} runs in ${seconds} s`);

  if (process.env.LH_NO_DOCS !== "1") {
    const body = [
      `${date}, Lighthouse ${lib.version}, \`npm run bench:lighthouse\` (\`bench/lighthouse.ts\`): the production`,
      "build on a fresh PGlite data dir, Lighthouse's default mobile emulation and simulated throttling,",
      `Debian Chromium (\`${CHROME_FLAGS.join(" ")}\`), analytics hosts blocked,`,
      VIA_CADDY
        ? "through Caddy as `deploy/Caddyfile` runs it (TLS and HTTP/2; `LH_PROXY=none`: the app's own listener),"
        : "from the app's own HTTP/1.1 listener (`LH_PROXY=none`; no visitor meets it behind the proxy),",
      "one run per page (again when Lighthouse records no trace),",
      `on ${os.cpus().length} cores (Node ${process.version}). Results: a two-day search 40 days ahead at the first`,
      `store (\`${results.replace(/\d{4}-\d\d-\d\d/g, "…")}\`); car type: the first card's detail page.`,
      `1-minute load average ${loadAtStart.toFixed(1)} at the start, ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end: Lighthouse`,
      "derives its simulated timings from the observed run, so performance drops on a busy machine; compare",
      "runs taken under similar load. The other three categories do not depend on load.",
      "",
      output,
      ...(notes.length ? ["", "Lighthouse notes:", "", ...[...new Set(notes)].map((n) => `- ${n}`)] : []),
    ].join("\n");
    await writeDoc(body);
    console.log(`wrote the "${SECTION.slice(3)}" section of ${DOC}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
