import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { clients } from "../schema";
import { demoSites } from "./demo-sites";
import { createSite } from "./factories";

/** Seeds the demo sites when the database has no client yet. Returns whether it seeded. */
export async function seedDemoIfEmpty(db: Db, today = new Date()): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(clients);
  if ((row?.n ?? 0) > 0) return false;
  for (const site of demoSites(today)) await createSite(db, site);
  return true;
}
