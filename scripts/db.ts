// npm run db:migrate | db:seed | db:reset — against DATABASE_URL or the PGlite data dir.
import { rm } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../server/config";
import { createDb } from "../server/db/client";
import { seedDemoIfEmpty } from "../server/db/seed/demo";

const command = process.argv[2];
const config = loadConfig();

if (command === "reset") {
  if (config.DATABASE_URL) {
    const handle = await createDb(config);
    await handle.db.execute(
      "drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;",
    );
    await handle.close();
  } else {
    await rm(path.resolve(config.DATA_DIR, "pglite"), { recursive: true, force: true });
  }
}
const handle = await createDb(config);
await handle.migrate();
if (command === "seed" || command === "reset") {
  console.log((await seedDemoIfEmpty(handle.db)) ? "seeded the demo sites" : "database already has data; not seeding");
}
await handle.close();
