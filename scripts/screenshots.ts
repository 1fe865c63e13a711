// Full-page screenshots of every demo site, in every language it offers, on a phone and a desktop.
// Usage: npm run screenshots   (builds first; or `tsx scripts/screenshots.ts` after `npm run build`)
// Writes screenshots/{site}-{lang}-{phone|desktop}-{page}.png (the folder is ignored by git and
// emptied of PNGs first). Starts the built server on a free port (4177 upward) with a fresh data dir.
// Env: SHOTS_DIR (default screenshots), SHOTS_SITES (comma list, default all demo sites),
//      SHOTS_PHONE_SCALE (phone deviceScaleFactor, default 2), CHROMIUM_PATH (default /usr/bin/chromium).
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import {
  escapeRegExp,
  firstCarTypePath,
  LOCALES,
  type LocaleCode,
  onInterrupt,
  PREFIX,
  resultsPath,
  startBuiltServer,
} from "./lib/built-server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium";

const OUT_DIR = path.resolve(process.env.SHOTS_DIR ?? "screenshots");
const SITES = (process.env.SHOTS_SITES ?? "sakura,kaede,fuji,hana,tsuki").split(",").filter(Boolean);
const PHONE_SCALE = Number(process.env.SHOTS_PHONE_SCALE ?? 2);

const BROWSER_LOCALE: Record<LocaleCode, string> = { ja: "ja-JP", en: "en-US", ko: "ko-KR", "zh-TW": "zh-TW" };
const BLOCKED = /googletagmanager\.com|google-analytics\.com/;

const DEVICES = {
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: PHONE_SCALE,
    isMobile: true,
    hasTouch: true,
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
} as const;
type Device = keyof typeof DEVICES;

interface Shot {
  site: string;
  locale: LocaleCode;
  page: string;
  path: string;
}

async function html(base: string, p: string): Promise<{ status: number; text: string; location: string | null }> {
  const r = await fetch(base + p, { redirect: "manual" });
  return { status: r.status, text: await r.text(), location: r.headers.get("location") };
}

/** The pages to shoot for one site in one language, found by following its own links; [] when it lacks the language. */
async function pagesOf(base: string, site: string, locale: LocaleCode): Promise<Shot[]> {
  const prefix = `${PREFIX[locale]}/${site}`;
  const shot = (page: string, p: string): Shot => ({ site, locale, page, path: p });
  const top = await html(base, prefix);
  if (top.status >= 300 && top.status < 400 && top.location?.endsWith("/unpublished")) {
    return [shot("unpublished", new URL(top.location, base).pathname)];
  }
  if (top.status !== 200) return [];

  const shots = [shot("top", prefix)];
  const results = resultsPath(prefix, top.text);
  shots.push(shot("results", results));
  const car = firstCarTypePath(prefix, (await html(base, results)).text);
  if (car) shots.push(shot("car-type", car));
  else console.warn(`! ${results}: no car type link`);
  shots.push(shot("fee", `${prefix}/fee`));
  shots.push(shot("stores", `${prefix}/store`));
  const storeHref = new RegExp(`href="(${escapeRegExp(prefix)}/store/\\d+)"`).exec(
    (await html(base, `${prefix}/store`)).text,
  )?.[1];
  if (storeHref) shots.push(shot("store", storeHref));
  const custom = new RegExp(`href="(${escapeRegExp(prefix)}/c/[^"?#]+)"`).exec(top.text)?.[1];
  if (custom) shots.push(shot(`custom-${custom.split("/").pop()}`, custom));
  return shots;
}

async function shoot(context: BrowserContext, device: Device, shots: Shot[], problems: string[]): Promise<void> {
  const page = await context.newPage();
  for (const s of shots) {
    const file = path.join(OUT_DIR, `${s.site}-${s.locale}-${device}-${s.page}.png`);
    try {
      const response = await page.goto(s.path, { waitUntil: "load", timeout: 30_000 });
      if (response?.status() !== 200) problems.push(`${s.path} (${device}): HTTP ${response?.status()}`);
      // Full-page shots would show lazy images below the first screen as empty boxes: load them all.
      await page.evaluate(async () => {
        const images = [...document.images];
        for (const img of images) img.loading = "eager";
        await Promise.all(images.map((img) => (img.complete ? null : img.decode().catch(() => null))));
        await document.fonts.ready;
      });
      await page.screenshot({ path: file, fullPage: true, animations: "disabled", caret: "hide" });
    } catch (err) {
      problems.push(`${s.path} (${device}): ${(err as Error).message.split("\n")[0]}`);
    }
  }
  await page.close();
}

async function main() {
  const started = Date.now();
  const server = await startBuiltServer();
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  const cleanup = async () => {
    await browser?.close().catch(() => {});
    await server.stop();
  };
  onInterrupt(cleanup);
  const problems: string[] = [];
  try {
    await mkdir(OUT_DIR, { recursive: true });
    for (const f of await readdir(OUT_DIR)) if (f.endsWith(".png")) await rm(path.join(OUT_DIR, f));

    const shots: Shot[] = [];
    for (const site of SITES) {
      for (const locale of LOCALES) shots.push(...(await pagesOf(server.base, site, locale)));
    }

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    // Phone and desktop work through the list at the same time (2 pages in flight), with one
    // context per language so that the browser's locale (date inputs, Accept-Language) matches it.
    await Promise.all(
      (Object.keys(DEVICES) as Device[]).map(async (device) => {
        for (const locale of LOCALES) {
          const ofLocale = shots.filter((s) => s.locale === locale);
          if (!ofLocale.length) continue;
          const context = await browser!.newContext({
            ...DEVICES[device],
            baseURL: server.base,
            locale: BROWSER_LOCALE[locale],
            timezoneId: "Asia/Tokyo",
          });
          await context.route(BLOCKED, (route) => route.abort());
          await shoot(context, device, ofLocale, problems);
          await context.close();
        }
      }),
    );

    const files = (await readdir(OUT_DIR)).filter((f) => f.endsWith(".png")).sort();
    let bytes = 0;
    for (const f of files) bytes += (await stat(path.join(OUT_DIR, f))).size;
    const bySite = SITES.map((site) => {
      const langs = [...new Set(shots.filter((s) => s.site === site).map((s) => s.locale))];
      return `${site} (${langs.join(", ") || "none"})`;
    });
    console.log(`sites: ${bySite.join("; ")}`);
    console.log(
      `${files.length} screenshots, ${(bytes / 1024 / 1024).toFixed(1)} MB, in ${OUT_DIR} ` +
        `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    if (problems.length) {
      console.log(`\n${problems.length} page(s) did not load cleanly:`);
      for (const p of problems) console.log(`  ${p}`);
    }
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
