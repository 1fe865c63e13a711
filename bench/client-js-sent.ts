// The client JavaScript each page costs as a phone receives it (issue 39: at most 120 KB of Brotli
// per page): Chromium loads the page through Caddy as deploy/Caddyfile runs it (TLS, so the browser
// asks for Brotli), waits until the network is quiet, focuses the first form field (forms load their
// rules then, decision 038) and waits again, and every script response's body is counted as it came
// over the wire. Modules the page preloads, imports, or imports later on demand are all in.
// Usage: npm run build && npx tsx bench/client-js-sent.ts   (JS_PAGES=ja-top,en-results picks pages;
// JS_DETAIL=1 lists each page's scripts; JS_PROXY=none loads from the app's own HTTP/1.1 listener, where Chromium asks for gzip only.)
import { chromium } from "@playwright/test";
import { onInterrupt, PREFIX, startBuiltServer, unescapeAttr } from "../scripts/lib/built-server";
import { CHROMIUM_ARGS, CHROMIUM_TEST_PATH } from "../scripts/lib/chromium";
import { startCaddy } from "./lib/caddy";
import { publicPageTargets, SITE } from "./lib/pages";

const LIMIT_KB = 120;
const VIA_CADDY = process.env.JS_PROXY !== "none";

interface Page {
  key: string;
  path: string;
}

/** The twelve Lighthouse pages, then the first booking step and the other public forms in each language, and the back office's login. */
async function pages(base: string): Promise<Page[]> {
  const list: Page[] = [];
  for (const target of await publicPageTargets(base)) {
    list.push(target);
    if (target.page !== "car type") continue;
    const html = await (await fetch(base + target.path)).text();
    const options = /href="([^"]*\/options[^"]*)"/.exec(html)?.[1];
    if (options) list.push({ key: `${target.locale}-options`, path: unescapeAttr(options) });
    const prefix = `${PREFIX[target.locale]}/${SITE}`;
    for (const [name, path] of [
      ["fee", "/fee"],
      ["stores", "/store"],
      ["login", "/login"],
      ["register", "/user/regist"],
    ]) {
      list.push({ key: `${target.locale}-${name}`, path: prefix + path });
    }
  }
  list.push({ key: "admin-login", path: `/admin/${SITE}/login` });
  const only = process.env.JS_PAGES?.split(",").filter(Boolean);
  return only?.length ? list.filter((p) => only.includes(p.key)) : list;
}

async function main() {
  const server = await startBuiltServer();
  const proxy = VIA_CADDY ? await startCaddy(server.base) : null;
  const browser = await chromium.launch({ executablePath: CHROMIUM_TEST_PATH, args: CHROMIUM_ARGS });
  const stopAll = async () => {
    await browser.close();
    await proxy?.stop();
    await server.stop();
  };
  onInterrupt(stopAll);
  const origin = proxy?.origin ?? server.base;
  const rows: string[] = ["| page | scripts | KB as sent | encoding | over |", "|---|---:|---:|---|---|"];
  let worst = 0;
  try {
    for (const page of await pages(server.base)) {
      const context = await browser.newContext({
        ignoreHTTPSErrors: true,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const tab = await context.newPage();
      const scripts: { url: string; sent: Promise<number>; encoding: string }[] = [];
      tab.on("response", (response) => {
        if (response.request().resourceType() !== "script") return;
        scripts.push({
          url: response.url(),
          sent: response
            .request()
            .sizes()
            .then((s) => s.responseBodySize),
          encoding: response.headers()["content-encoding"] ?? "identity",
        });
      });
      await tab.goto(origin + page.path, { waitUntil: "networkidle" });
      const field = tab.locator("main input:not([type=hidden]), main select").first();
      if (await field.count()) {
        await field.focus();
        await tab.waitForLoadState("networkidle");
      }
      const sizes = await Promise.all(scripts.map((s) => s.sent));
      const bytes = sizes.reduce((a, b) => a + b, 0);
      if (process.env.JS_DETAIL === "1") {
        for (const [i, s] of scripts.entries())
          console.log(`  ${((sizes[i] ?? 0) / 1024).toFixed(1).padStart(6)} KB ${new URL(s.url).pathname}`);
      }
      const encodings = [...new Set(scripts.map((s) => s.encoding))].join(", ");
      const kb = bytes / 1024;
      worst = Math.max(worst, kb);
      rows.push(
        `| ${page.key} | ${scripts.length} | ${kb.toFixed(1)} | ${encodings} | ${kb > LIMIT_KB ? "over" : ""} |`,
      );
      console.log(
        `${page.key.padEnd(14)} ${String(scripts.length).padStart(3)} scripts ${kb.toFixed(1).padStart(6)} KB (${encodings})`,
      );
      await context.close();
    }
  } finally {
    await stopAll();
  }
  console.log(`\n${rows.join("\n")}\n`);
  console.log(
    `largest: ${worst.toFixed(1)} KB as sent (target ≤ ${LIMIT_KB} KB of Brotli on every page${VIA_CADDY ? "" : "; JS_PROXY=none sends gzip"})`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
