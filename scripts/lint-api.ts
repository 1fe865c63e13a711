// `npm run lint:api` (issue 42): the API for programs' OpenAPI document, built without a server
// into a temporary file, linted by Redocly ("recommended") and Spectral ("spectral:oas") with the
// rules in redocly.yaml and .spectral.yaml. Either linter's error fails the run.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { partnerDocument } from "#app/api/partner/openapi.server";

const dir = mkdtempSync(path.join(tmpdir(), "partner-openapi-"));
const file = path.join(dir, "openapi.json");
writeFileSync(file, JSON.stringify(partnerDocument(), null, 2));
const run = (args: string[]) => spawnSync("npx", args, { stdio: "inherit" }).status ?? 1;
try {
  const redocly = run(["redocly", "lint", "--extends", "recommended", file]);
  const spectral = run(["spectral", "lint", "--ruleset", ".spectral.yaml", "--fail-severity", "error", file]);
  if (redocly !== 0 || spectral !== 0) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
