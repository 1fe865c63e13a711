// npm run db:migrate | db:seed | db:reset | db:backup | db:restore FILE — against DATABASE_URL or the PGlite data dir.
import { rm } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../server/config";
import { createDb } from "../server/db/client";
import { seedDemoIfEmpty } from "../server/db/seed/demo";
import { backupDataDir, restoreBackup } from "../server/ops/backup";
import { acquireDataDirLock, DataDirInUseError } from "../server/ops/data-dir-lock";

// Another process holding DATA_DIR is one line, not a stack trace.
process.on("uncaughtException", (err) => {
  console.error(err instanceof DataDirInUseError ? err.message : err);
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
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

if (command === "reset") {
  if (config.DATABASE_URL) {
    const handle = await createDb(config);
    await handle.db.execute(
      "drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;",
    );
    await handle.close();
  } else {
    // Never under a running server's feet.
    const lock = await acquireDataDirLock(config.DATA_DIR);
    await rm(path.resolve(config.DATA_DIR, "pglite"), { recursive: true, force: true });
    await lock.release();
  }
}
const handle = await createDb(config);
await handle.migrate();
if (command === "seed" || command === "reset") {
  console.log((await seedDemoIfEmpty(handle.db)) ? "seeded the demo sites" : "database already has data; not seeding");
}
await handle.close();
