import { isEmbedOriginPattern } from "#common/embedding";
import type { Db } from "#server/db/client";
import {
  clients,
  customPages,
  seoSettings,
  siteFooters,
  siteLogos,
  siteNews,
  siteSettings,
  siteTrackings,
  stores,
  topInfos,
} from "#server/db/schema";
import { defaultPriceListPageUrl } from "#server/sites/plan";
import { type Bare, type CatalogueInput, type CreatedCatalogue, createCatalogue } from "./catalogue-factory";

/** Everything that makes a site; only the client and its settings are required. */
export interface SiteInput {
  siteId: string;
  clientId: number;
  usagePlanType: number;
  isActive?: boolean;
  createdAt?: Date;
  settings: Bare<typeof siteSettings>;
  logo?: Bare<typeof siteLogos>;
  footer?: Bare<typeof siteFooters>;
  tracking?: Bare<typeof siteTrackings>;
  topInfo?: Bare<typeof topInfos>;
  news?: Bare<typeof siteNews>[];
  customPages?: Bare<typeof customPages>[];
  seo?: Bare<typeof seoSettings>[];
  stores?: Bare<typeof stores>[];
  catalogue?: CatalogueInput;
}

export interface CreatedSite {
  siteId: string;
  storeIds: number[];
  catalogue?: CreatedCatalogue;
}

/**
 * Creates a site with its configuration in one transaction. The demo seed and the tests use
 * the same factory. The price-list page rule for clients 83 and 51 applies unless the input
 * says otherwise.
 */
export async function createSite(db: Db, input: SiteInput): Promise<CreatedSite> {
  const { siteId } = input;
  const badOrigin = input.settings.embedOrigins?.find((o) => !isEmbedOriginPattern(o));
  if (badOrigin !== undefined)
    throw new Error(`site ${siteId}: embedOrigins has "${badOrigin}", not an origin pattern`);
  const created = await db.transaction(async (tx) => {
    await tx.insert(clients).values({
      siteId,
      clientId: input.clientId,
      usagePlanType: input.usagePlanType,
      isActive: input.isActive ?? true,
      createdAt: input.createdAt,
    });
    await tx.insert(siteSettings).values({
      priceListPageUrl: defaultPriceListPageUrl(input.clientId),
      ...input.settings,
      siteId,
    });
    if (input.logo) await tx.insert(siteLogos).values({ ...input.logo, siteId });
    if (input.footer) await tx.insert(siteFooters).values({ ...input.footer, siteId });
    if (input.tracking) await tx.insert(siteTrackings).values({ ...input.tracking, siteId });
    if (input.topInfo) await tx.insert(topInfos).values({ ...input.topInfo, siteId });
    if (input.news?.length) await tx.insert(siteNews).values(input.news.map((n) => ({ ...n, siteId })));
    if (input.customPages?.length) {
      await tx.insert(customPages).values(input.customPages.map((p) => ({ ...p, siteId })));
    }
    if (input.seo?.length) await tx.insert(seoSettings).values(input.seo.map((s) => ({ ...s, siteId })));
    const storeIds = input.stores?.length
      ? (
          await tx
            .insert(stores)
            .values(input.stores.map((s) => ({ ...s, siteId })))
            .returning({ id: stores.id })
        ).map((r) => r.id)
      : [];
    return { siteId, storeIds };
  });
  if (!input.catalogue) return created;
  return { ...created, catalogue: await createCatalogue(db, siteId, created.storeIds, input.catalogue) };
}
