// The layer fence, run by `npm run lint` (docs/decisions/010-layers.md):
// - server/ and common/ never import app/; common/ never imports server/ either (it is neutral);
// - in app/, only *.server.ts(x) files and route modules may import values from server/:
//   components, hooks and helpers that reach the browser take types only, or a use case's
//   schema (server/**/*.schema.ts), which is client-safe: it imports zod, common/ and types only.
//   Tests (*.test.ts) never reach the browser, so they are not held to that rule.
// Route modules are checked again at build time: the client build fails if a server/ module
// reaches it (vite.config.ts, serverOnlyGuard).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = process.cwd();
const SOURCE = /\.(ts|tsx|mjs)$/;
const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "node_modules" || name.startsWith(".") || name === "+types") continue;
    if (statSync(full).isDirectory()) yield* files(full);
    else if (SOURCE.test(name)) yield full;
  }
}

const layerOf = (file) => path.relative(ROOT, file).split(path.sep)[0];
const problems = [];

/** The layer an import reaches: by its package alias (`#server/...`) or its relative path. */
function targetLayer(file, spec) {
  const alias = /^#(app|server|common|tests)\//.exec(spec ?? "");
  if (alias) return alias[1];
  return spec?.startsWith(".") ? layerOf(path.resolve(path.dirname(file), spec)) : null;
}

for (const layer of ["app", "server", "common"]) {
  for (const file of files(path.join(ROOT, layer))) {
    const rel = path.relative(ROOT, file);
    const text = readFileSync(file, "utf8");
    const browserReachable =
      layer === "app" &&
      !/\.server\.tsx?$/.test(file) &&
      !/\.test\.tsx?$/.test(file) &&
      !rel.startsWith(`app${path.sep}routes${path.sep}`) &&
      !rel.endsWith("entry.server.tsx") &&
      !rel.endsWith("root.tsx");
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[3] ?? m[4];
      const target = targetLayer(file, spec);
      if (!target) continue;
      const typeOnly = Boolean(m[2]);
      if ((layer === "server" || layer === "common") && target === "app") {
        problems.push(`${rel}: ${layer}/ may not import app/ ("${spec}")`);
      } else if (layer === "common" && target === "server") {
        problems.push(`${rel}: common/ may not import server/ ("${spec}")`);
      } else if (rel.endsWith(".schema.ts") && target === "server" && !typeOnly && !spec.endsWith(".schema")) {
        problems.push(`${rel}: a schema is client-safe and may import only types from server/ ("${spec}")`);
      } else if (browserReachable && target === "server" && !typeOnly && !spec.endsWith(".schema")) {
        problems.push(
          `${rel}: browser code may import only types from server/ ("${spec}"); use a .server.ts module or common/`,
        );
      }
    }
  }
}

if (problems.length) {
  console.error(`Layer fence: ${problems.length} import(s) cross a layer they may not.\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("Layer fence: ok");
