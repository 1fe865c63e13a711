// The W3C Nu Html Checker over every HTML document the e2e suites received (tests/e2e/fixtures.ts
// keeps them in test-results/html): `npm run test:html` after `npm run test:e2e`. Needs Java 11+.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const DIR = path.join("test-results", "html");
const JAR = path.join("node_modules", "vnu-jar", "build", "dist", "vnu.jar");

const pages = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith(".html")) : [];
if (pages.length === 0) {
  console.error(`check-html: no pages in ${DIR}; run the e2e suites first (npm run test:e2e)`);
  process.exit(1);
}

const run = spawnSync(
  "java",
  ["-jar", JAR, "--errors-only", "--format", "json", "--stdout", "--skip-non-html", "--exit-zero-always", DIR],
  {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  },
);
if (run.error || run.status !== 0) {
  console.error(`check-html: the checker did not run (${run.error?.message ?? `exit ${run.status}`})\n${run.stderr}`);
  process.exit(1);
}
const { messages } = JSON.parse(run.stdout || "{}");
const errors = (messages ?? []).filter((m) => m.type === "error" || m.subType === "fatal");

/** The page a kept file came from. */
const pageUrl = (fileUrl) => {
  const file = decodeURIComponent(new URL(fileUrl).pathname);
  const sidecar = file.replace(/\.html$/, ".url");
  return existsSync(sidecar) ? readFileSync(sidecar, "utf8").trim() : file;
};

const byMessage = new Map();
for (const error of errors) {
  const key = error.message;
  const seen = byMessage.get(key) ?? { count: 0, pages: new Set(), extract: error.extract };
  seen.count += 1;
  seen.pages.add(pageUrl(error.url));
  byMessage.set(key, seen);
}
for (const [message, { count, pages: where, extract }] of byMessage) {
  const list = [...where];
  console.log(`✘ ${message} (${count}× on ${list.length} page${list.length === 1 ? "" : "s"})`);
  if (extract) console.log(`    ${extract.replace(/\s+/g, " ").trim().slice(0, 160)}`);
  for (const url of list.slice(0, 5)) console.log(`    ${url}`);
  if (list.length > 5) console.log(`    … and ${list.length - 5} more`);
}
console.log(`check-html: ${pages.length} pages checked, ${errors.length} errors`);
process.exit(errors.length ? 1 : 0);
