/**
 * Debian's Chromium and the flags it needs here (../shared/STACK-NOTES.md): no sandbox as root,
 * and no background connections this closed network would refuse. Playwright and the scripts share them.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
