import { and, asc, desc, eq, sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE } from "#common/calendar-date";
import type { Db } from "#server/db/client";
import {
  carClasses,
  carOptions,
  carTypes,
  clients,
  customPages,
  feePlans,
  immunityFees,
  seoSettings,
  siteConfigVersions,
  siteFooters,
  siteLogos,
  siteNews,
  siteSettings,
  siteTrackings,
  storeHolidays,
  stores,
  topInfos,
  vehicles,
} from "#server/db/schema";
import { groupBy } from "#server/lib/group-by";
import { type FeePlanTiers, FeePlanTiersSchema } from "#server/pricing/fee-plan";

export type ClientRow = typeof clients.$inferSelect;
export type SiteSettingRow = typeof siteSettings.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;
export type CustomPageRow = typeof customPages.$inferSelect;
export type CarClassRow = typeof carClasses.$inferSelect;
export type CarTypeRow = typeof carTypes.$inferSelect;
export type CarOptionRow = typeof carOptions.$inferSelect;
/** A fee plan with its tiers checked: `tiers` is null when the stored row is incomplete or inconsistent. */
export type FeePlanRow = typeof feePlans.$inferSelect & { tiers: FeePlanTiers | null };
export type ImmunityFeeRow = typeof immunityFees.$inferSelect;

/** What search, pricing and calendars read besides reservations; cached with the site. */
export interface Catalogue {
  classes: CarClassRow[];
  /** Published types in recommendation order. */
  carTypes: CarTypeRow[];
  options: CarOptionRow[];
  immunityFees: ImmunityFeeRow[];
  /** Newest first. A plan whose tiers fail validation stays here (with null tiers), so it hides only its own price. */
  feePlans: FeePlanRow[];
  /** Plans that failed validation, for the log: id and what is wrong. */
  invalidFeePlans: { id: number; issues: string[] }[];
  /** In-service vehicles: `${storeId}:${carTypeId}` → count. */
  vehicleCounts: Map<string, number>;
  /** Specific closing dates per store id. */
  holidays: Map<number, Set<string>>;
}

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
  catalogue: Catalogue;
}

export const ACTIVE_STORE = 1;
/** Site public status (spec §3): public 1, unpublished 2. */
export const PUBLIC_STATUS = { public: 1, unpublished: 2 } as const;
/** How many news items the public top page shows, newest first. */
export const NEWS_ON_TOP = 5;

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
  const catalogue = await loadCatalogue(db, siteId);
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
    catalogue,
  };
}

/** More than one active store turns on the store choice (spec §9 multi-store flag). */
export function isMultiStore(bundle: Pick<SiteBundle, "stores">): boolean {
  return bundle.stores.length > 1;
}

/** The zone a site's dates are read in when no store is chosen: its first store's, else Tokyo. */
export function siteTimeZone(bundle: Pick<SiteBundle, "stores">): string {
  return bundle.stores[0]?.timeZone ?? DEFAULT_TIME_ZONE;
}

export const vehicleKey = (storeId: number, carTypeId: number) => `${storeId}:${carTypeId}`;

async function loadCatalogue(db: Db, siteId: string): Promise<Catalogue> {
  const [classes, types, options, immunity, plans, counts, holidays] = await Promise.all([
    db
      .select()
      .from(carClasses)
      .where(eq(carClasses.siteId, siteId))
      .orderBy(asc(carClasses.displayOrder), asc(carClasses.id)),
    db
      .select()
      .from(carTypes)
      .where(and(eq(carTypes.siteId, siteId), eq(carTypes.isPublished, true)))
      .orderBy(asc(carTypes.displayOrder), asc(carTypes.id)),
    db
      .select()
      .from(carOptions)
      .where(eq(carOptions.siteId, siteId))
      .orderBy(asc(carOptions.displayOrder), asc(carOptions.id)),
    db.select().from(immunityFees).where(eq(immunityFees.siteId, siteId)),
    db.select().from(feePlans).where(eq(feePlans.siteId, siteId)).orderBy(desc(feePlans.effectiveFrom)),
    db
      .select({ storeId: vehicles.storeId, carTypeId: vehicles.carTypeId, n: sql<number>`count(*)::int` })
      .from(vehicles)
      .where(and(eq(vehicles.siteId, siteId), eq(vehicles.inService, true)))
      .groupBy(vehicles.storeId, vehicles.carTypeId),
    db.select().from(storeHolidays).where(eq(storeHolidays.siteId, siteId)),
  ]);
  const holidayMap = new Map(
    [...groupBy(holidays, (h) => h.storeId)].map(([storeId, rows]) => [
      storeId,
      new Set(rows.map((r) => r.holidayDate)),
    ]),
  );
  const invalidFeePlans: Catalogue["invalidFeePlans"] = [];
  const checkedPlans = plans.map((row) => {
    const parsed = FeePlanTiersSchema.safeParse(row);
    if (!parsed.success) {
      invalidFeePlans.push({ id: row.id, issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) });
    }
    return { ...row, tiers: parsed.success ? parsed.data : null };
  });
  return {
    classes,
    carTypes: types,
    options,
    immunityFees: immunity,
    feePlans: checkedPlans,
    invalidFeePlans,
    vehicleCounts: new Map(counts.map((c) => [vehicleKey(c.storeId, c.carTypeId), c.n])),
    holidays: holidayMap,
  };
}
