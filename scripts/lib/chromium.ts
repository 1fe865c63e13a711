import { existsSync } from "node:fs";

/**
 * Debian's Chromium and the flags it needs here (../shared/STACK-NOTES.md): no sandbox as root,
 * and no background connections this closed network would refuse. Playwright and the scripts share them.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser of the e2e suites: Debian's `chromium-headless-shell`, the same Chromium build's
 * headless shell (Blink and V8 without the browser's own UI, Playwright's default for headless
 * runs). The suites ran 38% faster with it than with `chromium --headless` on the two shared cores
 * (docs/performance.md). Without the package, the full browser; `CHROMIUM_TEST_PATH` chooses another.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM_TEST_PATH =
  process.env.CHROMIUM_TEST_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
