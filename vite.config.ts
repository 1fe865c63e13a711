import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { ManualChunksOption } from "rollup";
import { defineConfig, type Plugin } from "vite";

const SERVER_DIR = `${path.resolve("server")}${path.sep}`;

/**
 * The layer fence at build time: no module under server/ may reach the browser bundle. Route
 * modules may import server code for their loaders (React Router strips it from the client
 * build); a component that uses a server value pulls it in, and this stops the build.
 */
function serverOnlyGuard(): Plugin {
  return {
    name: "server-only-guard",
    load(id) {
      // A use case's schema (`*.schema.ts`) is client-safe: it imports zod, common/ and types only.
      if (this.environment.config.consumer !== "client") return null;
      if (id.startsWith(SERVER_DIR) && !id.endsWith(".schema.ts")) {
        throw new Error(`${path.relative(process.cwd(), id)} is server code and may not reach the browser bundle`);
      }
      // The phone rules are the server's alone (decision 055): 35 KB of Brotli on a form's page.
      if (id.includes("/node_modules/libphonenumber-js/")) {
        throw new Error(`${id}: libphonenumber may not reach the browser bundle (decision 055)`);
      }
      return null;
    },
  };
}

/**
 * The layouts every page of a kind renders, outermost first. Each layer's own code (its modules and
 * what they import, outside node_modules and the layers before it) goes into one chunk: a page
 * then preloads three shell files instead of some twenty small ones, which on a slow line is what
 * the first paint waited for (Lighthouse's mobile FCP, docs/performance.md).
 */
const SHELL_LAYERS: [name: string, modules: string[]][] = [
  ["shell-root", ["app/root.tsx"]],
  ["shell-site", ["app/routes/site/site.tsx", "app/routes/site/pages.tsx"]],
  ["shell-default", ["app/routes/site/default-layout.tsx"]],
];

function shellChunks(): ManualChunksOption {
  let layerOf: Map<string, string> | null = null;
  return (id, { getModuleInfo }) => {
    if (!layerOf) {
      const assigned = new Map<string, string>();
      for (const [name, modules] of SHELL_LAYERS) {
        const queue = modules.map((m) => path.resolve(m));
        while (queue.length) {
          const next = queue.pop() as string;
          if (assigned.has(next) || next.includes("/node_modules/") || next.startsWith("\0")) continue;
          const info = getModuleInfo(next);
          if (!info) continue;
          assigned.set(next, name);
          queue.push(...info.importedIds);
        }
      }
      layerOf = assigned;
    }
    return layerOf.get(id);
  };
}

export default defineConfig({
  plugins: [serverOnlyGuard(), tailwindcss(), reactRouter()],
  ssr: { external: ["@electric-sql/pglite", "pg", "pino"] },
  environments: { client: { build: { rollupOptions: { output: { manualChunks: shellChunks() } } } } },
});
