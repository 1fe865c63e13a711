import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { clients, siteSettings } from "#server/db/schema";
import { PUBLIC_STATUS, type SiteSettingRow } from "./site-bundle";

/**
 * Published, active sites with their settings: the platform's language home lists them. This is a
 * cross-site read on purpose (the directory), not a tenant query.
 */
export async function listPublicSites(db: Db): Promise<{ siteId: string; settings: SiteSettingRow }[]> {
  return db
    .select({ siteId: clients.siteId, settings: siteSettings })
    .from(clients)
    .innerJoin(siteSettings, eq(siteSettings.siteId, clients.siteId))
    .where(and(eq(clients.isActive, true), eq(siteSettings.publicStatus, PUBLIC_STATUS.public)))
    .orderBy(asc(clients.clientId));
}
