import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  clients,
  customPages,
  seoSettings,
  siteConfigVersions,
  siteFooters,
  siteLogos,
  siteNews,
  siteSettings,
  siteTrackings,
  stores,
  topInfos,
} from "../db/schema";

export type ClientRow = typeof clients.$inferSelect;
export type SiteSettingRow = typeof siteSettings.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;
export type CustomPageRow = typeof customPages.$inferSelect;

/** Everything a page of a site needs besides its own content; cached per process. */
export interface SiteBundle {
  version: number;
  client: ClientRow;
  settings: SiteSettingRow;
  logo: typeof siteLogos.$inferSelect | null;
  footer: typeof siteFooters.$inferSelect | null;
  tracking: typeof siteTrackings.$inferSelect | null;
  topInfo: typeof topInfos.$inferSelect | null;
  news: (typeof siteNews.$inferSelect)[];
  customPages: CustomPageRow[];
  seo: (typeof seoSettings.$inferSelect)[];
  /** Active stores (management status 1), in display order. */
  stores: StoreRow[];
}

export const ACTIVE_STORE = 1;
const NEWS_ON_TOP = 5;

export async function readSiteConfigVersion(db: Db, siteId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: siteConfigVersions.version })
    .from(siteConfigVersions)
    .where(eq(siteConfigVersions.siteId, siteId));
  return row?.version ?? null;
}

/** Loads a site's bundle, or null when the site id is unknown or has no settings. */
export async function loadSiteBundle(db: Db, siteId: string): Promise<SiteBundle | null> {
  const [client] = await db.select().from(clients).where(eq(clients.siteId, siteId));
  if (!client) return null;
  const [[settings], [logo], [footer], [tracking], [topInfo], news, pages, seo, storeRows, version] = await Promise.all(
    [
      db.select().from(siteSettings).where(eq(siteSettings.siteId, siteId)),
      db.select().from(siteLogos).where(eq(siteLogos.siteId, siteId)),
      db.select().from(siteFooters).where(eq(siteFooters.siteId, siteId)),
      db.select().from(siteTrackings).where(eq(siteTrackings.siteId, siteId)),
      db.select().from(topInfos).where(eq(topInfos.siteId, siteId)),
      db
        .select()
        .from(siteNews)
        .where(eq(siteNews.siteId, siteId))
        .orderBy(desc(siteNews.publishedOn), desc(siteNews.id))
        .limit(NEWS_ON_TOP),
      db
        .select()
        .from(customPages)
        .where(eq(customPages.siteId, siteId))
        .orderBy(asc(customPages.displayOrder), asc(customPages.id)),
      db.select().from(seoSettings).where(eq(seoSettings.siteId, siteId)),
      db
        .select()
        .from(stores)
        .where(and(eq(stores.siteId, siteId), eq(stores.managementStatus, ACTIVE_STORE)))
        .orderBy(asc(stores.displayOrder), asc(stores.id)),
      readSiteConfigVersion(db, siteId),
    ],
  );
  if (!settings) return null;
  return {
    version: version ?? 0,
    client,
    settings,
    logo: logo ?? null,
    footer: footer ?? null,
    tracking: tracking ?? null,
    topInfo: topInfo ?? null,
    news,
    customPages: pages,
    seo,
    stores: storeRows,
  };
}
