// npm run db:migrate | db:seed | db:reset | db:backup | db:restore FILE — against DATABASE_URL or the PGlite data dir.
import { rm } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "#server/config";
import { createDb } from "#server/db/client";
import { seedDemoIfEmpty } from "#server/db/seed/demo";
import { backupDataDir, restoreBackup } from "#server/ops/backup";
import { acquireDataDirLock } from "#server/ops/data-dir-lock";
import { openDatabase } from "#server/ops/startup-checks";
import { describeStartupError } from "#server/ops/startup-error";

// One line naming the cause and the variable to fix, as the server's start prints (issue 10).
process.on("uncaughtException", (err) => {
  console.error(describeStartupError(err, process.env));
  process.exit(1);
});

const command = process.argv[2];
const config = loadConfig();

if (command === "backup" || command === "restore") {
  if (config.DATABASE_URL) {
    console.error(
      `DATABASE_URL is set: use pg_dump to back up PostgreSQL and pg_restore to restore it (README, "Backups")`,
    );
    process.exit(1);
  }
  try {
    if (command === "backup") console.log(await backupDataDir(config));
    else if (!process.argv[3]) throw new Error("usage: npm run db:restore FILE");
    else {
      await restoreBackup(process.argv[3], config);
      console.log(`restored ${path.resolve(process.argv[3])} into ${path.resolve(config.DATA_DIR, "pglite")}`);
    }
    process.exit(0);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // A file-system error here is DATA_DIR's (the archive's own read failure has its message).
    const code = (err as NodeJS.ErrnoException).code;
    console.error(code ? `DATA_DIR ${config.DATA_DIR} is not a usable folder (${message}): set DATA_DIR` : message);
    process.exit(1);
  }
}

if (command === "reset") {
  if (config.DATABASE_URL) {
    const handle = await openDatabase(config, () => createDb(config));
    await handle.db.execute(
      "drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;",
    );
    await handle.close();
  } else {
    // Never under a running server's feet.
    const lock = await openDatabase(config, () => acquireDataDirLock(config.DATA_DIR));
    await rm(path.resolve(config.DATA_DIR, "pglite"), { recursive: true, force: true });
    await lock.release();
  }
}
const handle = await openDatabase(config, () => createDb(config));
await handle.migrate();
if (command === "seed" || command === "reset") {
  console.log((await seedDemoIfEmpty(handle.db)) ? "seeded the demo sites" : "database already has data; not seeding");
}
await handle.close();
