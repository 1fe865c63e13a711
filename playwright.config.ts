import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_TEST_PATH } from "./scripts/lib/chromium";
import { e2eDataDir } from "./tests/e2e/seed-day";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const DATA_DIR = e2eDataDir(PORT);

// Runs against the production build (`npm run build`) with a fresh PGlite data dir each run.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Tracing snapshots the page at every step, in every test: it cost the suite a third of its
    // time (docs/performance.md). E2E_TRACE=1 keeps a failed test's trace for `playwright show-trace`.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    launchOptions: {
      executablePath: CHROMIUM_TEST_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // The demo sites and the back office's blank e2e sites first (tests/e2e/setup-data.ts), then the server.
    command: `rm -rf ${DATA_DIR} && npx tsx tests/e2e/setup-data.ts && node build/server/main.js`,
    url: `http://127.0.0.1:${PORT}/?lang=jp`,
    env: {
      NODE_ENV: "production",
      WEBHOOK_HTTP_LOOPBACK: "1",
      PORT: String(PORT),
      DATA_DIR: DATA_DIR,
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
