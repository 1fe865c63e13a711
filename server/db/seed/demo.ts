import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { clients } from "#server/db/schema";
import { seedDemoMembers } from "./demo-members";
import { demoSites } from "./demo-sites";
import { seedDemoStaff } from "./demo-staff";
import { type CreatedSite, createSite } from "./factories";

/** Seeds the demo sites when the database has no client yet. Returns whether it seeded. */
export async function seedDemoIfEmpty(db: Db, today = new Date()): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(clients);
  if ((row?.n ?? 0) > 0) return false;
  const created: CreatedSite[] = [];
  for (const site of demoSites(today)) created.push(await createSite(db, site));
  await seedDemoMembers(db, created, today);
  await seedDemoStaff(db, created);
  return true;
}
