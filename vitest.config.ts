import { defineConfig } from "vitest/config";

// Test files share their worker's modules (`isolate: false`): PGlite's WebAssembly and the server's
// modules load once per worker instead of once per file, which halves the suite's time
// (docs/performance.md). Each file still opens its own database (tests/setup/test-db.ts).
const shared = { pool: "forks" as const, testTimeout: 30_000, hookTimeout: 60_000, isolate: false };
const allTests = [
  "app/**/*.test.{ts,tsx}",
  "common/**/*.test.ts",
  "server/**/*.test.ts",
  "tests/integration/**/*.test.ts",
  "tests/ops/**/*.test.ts",
  // Tests of the route table itself, with no database: run once, not again on PostgreSQL.
  "tests/routes/**/*.test.ts",
  "tests/api/**/*.test.ts",
  "tests/setup/**/*.test.ts",
];
const integrationTests = [
  "server/**/*.int.test.ts",
  "tests/integration/**/*.test.ts",
  "tests/api/**/*.test.ts",
  // The app role's limits, proved on each database.
  "tests/setup/**/*.test.ts",
];

// Everything runs on PGlite; with TEST_DATABASE_URL the integration tests run again on PostgreSQL.
export default defineConfig({
  test: {
    globalSetup: ["tests/setup/global-db.ts"],
    maxWorkers: 2,
    projects: [
      { test: { ...shared, name: "pglite", include: allTests, env: { TEST_DB_KIND: "pglite" } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...shared, name: "postgres", include: integrationTests, env: { TEST_DB_KIND: "postgres" } } }]
        : []),
    ],
  },
});
