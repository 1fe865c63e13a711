import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
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
      if (this.environment.config.consumer === "client" && id.startsWith(SERVER_DIR) && !id.endsWith(".schema.ts")) {
        throw new Error(`${path.relative(process.cwd(), id)} is server code and may not reach the browser bundle`);
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [serverOnlyGuard(), tailwindcss(), reactRouter()],
  ssr: { external: ["@electric-sql/pglite", "pg", "pino"] },
});
