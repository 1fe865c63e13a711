// The client JavaScript each page loads before it is interactive: the entry, and every route module
// of the page's branch with its static imports, read from the build's manifest (the same list React
// Router turns into the page's modulepreload links). Chunks a page imports later on demand (the
// Stripe field's loader) are not counted. Run after `npm run build`. The target is counted in gzip
// (level 9); beside it, the Brotli copies the server actually sends to browsers that accept them.
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

const ASSETS = "build/client/assets";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  hasDefaultExport?: boolean;
}

interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface PageJs {
  /** The route id without its language (every language loads the same modules). */
  page: string;
  /** The URL pattern of the Japanese page. */
  path: string;
  files: number;
  gzip: number;
  /** Bytes as sent with `Content-Encoding: br` (scripts/compress-assets.mjs). */
  brotli: number;
}

async function readManifest(): Promise<Manifest> {
  const file = (await readdir(ASSETS)).find((f) => f.startsWith("manifest-") && f.endsWith(".js"));
  if (!file) throw new Error(`no manifest in ${ASSETS}: run \`npm run build\` first`);
  const text = await readFile(path.join(ASSETS, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

/** Gzip sizes (level 9) of the pages of the Japanese tree that render something, largest first. */
export async function clientJsPerPage(): Promise<PageJs[]> {
  const manifest = await readManifest();
  const sizes = new Map<string, { gzip: number; brotli: number }>();
  const sizeOf = async (url: string) => {
    let size = sizes.get(url);
    if (!size) {
      const file = path.join("build/client", url);
      const bytes = await readFile(file);
      // A file without a Brotli copy (too small to gain) is sent as it is.
      const brotli = await stat(`${file}.br`).then(
        (s) => s.size,
        () => bytes.length,
      );
      size = { gzip: gzipSync(bytes, { level: 9 }).length, brotli };
      sizes.set(url, size);
    }
    return size;
  };
  const parents = new Set(Object.values(manifest.routes).map((r) => r.parentId));
  const pages: PageJs[] = [];
  for (const route of Object.values(manifest.routes)) {
    // Leaves of the Japanese tree with a component; layouts load with their pages.
    if (!route.id.startsWith("ja/") || parents.has(route.id) || !route.hasDefaultExport) continue;
    const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    const segments: string[] = [];
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
      if (r.path) segments.unshift(r.path);
    }
    let gzip = 0;
    let brotli = 0;
    for (const f of files) {
      const size = await sizeOf(f);
      gzip += size.gzip;
      brotli += size.brotli;
    }
    pages.push({
      page: route.id.slice(3),
      path: `/${segments.join("/")}`.replace(/\/+/g, "/"),
      files: files.size,
      gzip,
      brotli,
    });
  }
  return pages.sort((a, b) => b.gzip - a.gzip);
}

/** A Markdown table of `pages`, with the ceiling. */
export function clientJsTable(pages: PageJs[], limitKb = 120): string {
  const lines = ["| page | path | files | KB gzip | KB Brotli (sent) |", "|---|---|---:|---:|---:|"];
  for (const p of pages) {
    const kb = p.gzip / 1024;
    const sent = (p.brotli / 1024).toFixed(1);
    lines.push(
      `| ${p.page} | \`${p.path}\` | ${p.files} | ${kb.toFixed(1)}${kb > limitKb ? " (over)" : ""} | ${sent} |`,
    );
  }
  const worst = (pages[0]?.gzip ?? 0) / 1024;
  const worstSent = Math.max(0, ...pages.map((p) => p.brotli)) / 1024;
  lines.push(
    "",
    `largest: ${worst.toFixed(1)} KB gzip (target ≤ ${limitKb} KB on every page), ${worstSent.toFixed(1)} KB as sent (Brotli)`,
  );
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  clientJsPerPage()
    .then((pages) => console.log(clientJsTable(pages)))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
