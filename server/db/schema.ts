import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

/**
 * Multi-language text: the Japanese column plus `_en`, `_tw`, `_kr` variants
 * (spec §3). Variants are nullable and fall back to Japanese when empty.
 */
const mlBase = () => text().notNull().default("");
const mlVariant = () => text();
type MultiLang<K extends string> = Record<K, ReturnType<typeof mlBase>> &
  Record<`${K}${"En" | "Tw" | "Kr"}`, ReturnType<typeof mlVariant>>;
function ml<K extends string>(key: K): MultiLang<K> {
  return {
    [key]: mlBase(),
    [`${key}En`]: mlVariant(),
    [`${key}Tw`]: mlVariant(),
    [`${key}Kr`]: mlVariant(),
  } as MultiLang<K>;
}

const siteRef = () =>
  text()
    .notNull()
    .references(() => clients.siteId, { onDelete: "cascade" });

/** A rental-car company using the platform. `site_id` is the slug in the path. */
export const clients = pgTable(
  "clients",
  {
    siteId: text().primaryKey(),
    clientId: integer().notNull().unique(),
    /** 1 light, 2 standard, 3 standard-plus, 4 premium. */
    usagePlanType: smallint().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("clients_plan_range", sql`${t.usagePlanType} between 1 and 4`),
    check("clients_site_id_slug", sql`${t.siteId} ~ '^[a-z0-9][a-z0-9_-]{1,62}$'`),
  ],
);

/** Bumped by triggers whenever any of a site's configuration rows change; the site cache compares it. */
export const siteConfigVersions = pgTable("site_config_versions", {
  siteId: siteRef().primaryKey(),
  version: bigint({ mode: "number" }).notNull().default(1),
});

export const siteSettings = pgTable(
  "site_settings",
  {
    siteId: siteRef().primaryKey(),
    ...ml("siteTitle"),
    ...ml("headerMessage"),
    defaultStartDay: smallint().notNull().default(1),
    defaultStartTime: text().notNull().default("11:00"),
    defaultEndDay: smallint().notNull().default(1),
    defaultEndTime: text().notNull().default("18:00"),
    /** Comma list of jp, en, tw, kr. Japanese is always served. */
    supportedLanguages: text().notNull().default("jp"),
    /** 1 public, 2 unpublished. */
    publicStatus: smallint().notNull().default(1),
    isDispImage: boolean().notNull().default(true),
    /** Whether visitors may book without becoming members. */
    isDispNonMember: boolean().notNull().default(true),
    defaultDispEmptyCarType: smallint().notNull().default(2),
    isDispEmptyCarCalendar: smallint().notNull().default(1),
    remainingCarNumber: smallint().notNull().default(1),
    triangleCarNumber: smallint().notNull().default(2),
    noReserveCarCalendarMark: text().notNull().default("×"),
    defaultRentalPeriodSlug: text().notNull().default("01"),
    minLeadMinutes: integer().notNull().default(120),
    maxAdvanceDays: integer().notNull().default(365),
    siteColor: text().notNull().default("#ee6e25"),
    fontColor: text(),
    faviconPath: text(),
    /** When set, the price-list menu entry links to this custom page instead of /fee (spec §2, clients 83 and 51). */
    priceListPageUrl: text(),
    webReserveAccepting: boolean().notNull().default(true),
  },
  (t) => [
    check("site_settings_public_status", sql`${t.publicStatus} in (1, 2)`),
    check("site_settings_site_color", sql`${t.siteColor} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

export const siteLogos = pgTable("site_logos", {
  siteId: siteRef().primaryKey(),
  imgPath: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
});

export const siteFooters = pgTable("site_footers", {
  siteId: siteRef().primaryKey(),
  ...ml("companyName"),
  ...ml("footerText"),
});

export const siteTrackings = pgTable("site_trackings", {
  siteId: siteRef().primaryKey(),
  gaTrackingCode: text(),
  gtmContainerId: text(),
});

export const topInfos = pgTable("top_infos", {
  siteId: siteRef().primaryKey(),
  siteImagePath: text(),
  ...ml("pageEditTop"),
});

export const siteNews = pgTable(
  "site_news",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    publishedOn: date().notNull(),
    ...ml("title"),
    ...ml("body"),
  },
  (t) => [index("site_news_site_published").on(t.siteId, t.publishedOn)],
);

export const customPages = pgTable(
  "custom_pages",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    pageUrl: text().notNull(),
    ...ml("pageTitle"),
    ...ml("pageContents"),
    displayOrder: integer().notNull().default(0),
  },
  (t) => [
    unique("custom_pages_site_url").on(t.siteId, t.pageUrl),
    check("custom_pages_url_slug", sql`${t.pageUrl} ~ '^[a-z0-9][a-z0-9_-]*$'`),
  ],
);

/** SEO title and description per page kind (top, store, fee, reserve, custom_page, …). */
export const seoSettings = pgTable(
  "seo_settings",
  {
    siteId: siteRef(),
    pageKind: text().notNull(),
    ...ml("pageTitle"),
    ...ml("description"),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.pageKind] })],
);

export const stores = pgTable(
  "stores",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    ...ml("storeName"),
    zip: text().notNull().default(""),
    prefCode: smallint(),
    ...ml("addressA"),
    ...ml("addressB"),
    tel: text().notNull().default(""),
    email: text(),
    ...ml("access"),
    ...ml("remarks"),
    displayOrder: integer().notNull().default(0),
    /** 1 active; anything else is not shown. */
    managementStatus: smallint().notNull().default(1),
    businessHoursType: smallint().notNull().default(2),
    businessStartTime: text().notNull().default("10:00"),
    businessEndTime: text().notNull().default("18:00"),
    isOpen24h: boolean().notNull().default(false),
    timeZone: text().notNull().default("Asia/Tokyo"),
    closedDate: date(),
    /** Weekdays, 0 Sunday … 6 Saturday. */
    regularHolidayWeek: smallint().array().notNull().default(sql`'{}'`),
    /** Days of the month, 1 … 31. */
    regularHolidayDates: smallint().array().notNull().default(sql`'{}'`),
    highSeasonWeek: smallint().array().notNull().default(sql`'{}'`),
    highSeasonDates: date().array().notNull().default(sql`'{}'`),
    reserveMaxDate: date(),
  },
  (t) => [unique("stores_site_id_id").on(t.siteId, t.id), index("stores_site_order").on(t.siteId, t.displayOrder)],
);
