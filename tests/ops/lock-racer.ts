// A child process for tests/ops/data-dir.test.ts: races for DATA_DIR's lock on each "go" line from
// stdin and answers "won" or "lost <message>"; "release" lets the lock go.
import { createInterface } from "node:readline";
import { acquireDataDirLock, type DataDirLock } from "#server/ops/data-dir-lock";

const dataDir = process.argv[2] ?? "";
let held: DataDirLock | undefined;
console.log("ready");
for await (const line of createInterface({ input: process.stdin })) {
  if (line === "go") {
    try {
      held = await acquireDataDirLock(dataDir);
      console.log("won");
    } catch (err) {
      console.log(`lost ${err instanceof Error ? err.message : err}`);
    }
  } else if (line === "release") {
    await held?.release();
    held = undefined;
    console.log("released");
  }
}
