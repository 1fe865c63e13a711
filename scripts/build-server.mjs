// Bundles the Hono server entry and PGlite's thread (server/db/pglite/thread.ts), which the server
// starts from beside it; the React Router build is loaded from build/server at start.
import { build } from "esbuild";

await build({
  entryPoints: { main: "server/main.ts", "pglite-thread.worker": "server/db/pglite/thread.worker.ts" },
  outdir: "build/server",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
