// Migrates one template database per test run; each test file then clones it (tests/setup/test-db.ts).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openPglite, openPostgres } from "#server/db/client";

export async function setup() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "rentacar-test-"));
  const pglite = await openPglite({});
  await pglite.migrate();
  const dump = await pglite.backup?.();
  if (!dump) throw new Error("PGlite handle has no backup");
  const file = path.join(dir, "template.tar.gz");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  process.env.PGLITE_TEMPLATE = file;

  const url = process.env.TEST_DATABASE_URL;
  let templateName: string | undefined;
  if (url) {
    templateName = `rentacar_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const tpl = openPostgres(withDatabase(url, templateName), 1);
    await tpl.migrate();
    await tpl.close();
    process.env.PG_TEMPLATE_DB = templateName;
  }

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (url && templateName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${templateName}`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
