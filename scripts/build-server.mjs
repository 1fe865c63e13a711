// Bundles the Hono server entry; the React Router build is loaded from build/server at start.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server/main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
