import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
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

/**
 * Tenancy in the database: every reference between tenant rows is a composite foreign key on
 * (site_id, id), so no row can point at another site's store, class or car type.
 */

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

/** Specific closing dates of a store (store holiday), beyond its regular holidays. */
export const storeHolidays = pgTable(
  "store_holidays",
  {
    siteId: siteRef(),
    storeId: integer().notNull(),
    holidayDate: date().notNull(),
  },
  (t) => [
    foreignKey({
      name: "store_holidays_store_fk",
      columns: [t.siteId, t.storeId],
      foreignColumns: [stores.siteId, stores.id],
    }).onDelete("cascade"),
    primaryKey({ columns: [t.siteId, t.storeId, t.holidayDate] }),
  ],
);

export const carClasses = pgTable(
  "car_classes",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    ...ml("className"),
    displayOrder: integer().notNull().default(0),
  },
  (t) => [unique("car_classes_site_id_id").on(t.siteId, t.id)],
);

/** Fuel codes: 1 regular, 2 high-octane, 3 diesel, 4 electricity, 5 LP gas. */
export const FUELS = [1, 2, 3, 4, 5] as const;

export const carTypes = pgTable(
  "car_types",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    classId: integer().notNull(),
    ...ml("typeName"),
    /** Example models, e.g. "Toyota Aqua or similar". */
    ...ml("modelNames"),
    capacity: smallint().notNull(),
    displacementCc: integer(),
    doors: smallint(),
    fuel: smallint().notNull().default(1),
    /** 1 automatic, 2 manual. */
    transmission: smallint().notNull().default(1),
    /** 1 non-smoking, 2 smoking. */
    smoking: smallint().notNull().default(1),
    hasNavigation: boolean().notNull().default(true),
    hasEtc: boolean().notNull().default(true),
    isFourWd: boolean().notNull().default(false),
    imagePaths: text().array().notNull().default(sql`'{}'`),
    ...ml("notes"),
    /** Recommendation order (lower first). */
    displayOrder: integer().notNull().default(0),
    isPublished: boolean().notNull().default(true),
  },
  (t) => [
    foreignKey({
      name: "car_types_class_fk",
      columns: [t.siteId, t.classId],
      foreignColumns: [carClasses.siteId, carClasses.id],
    }).onDelete("restrict"),
    unique("car_types_site_id_id").on(t.siteId, t.id),
    check("car_types_capacity", sql`${t.capacity} between 1 and 60`),
    check("car_types_fuel", sql`${t.fuel} between 1 and 5`),
    check("car_types_transmission", sql`${t.transmission} in (1, 2)`),
    check("car_types_smoking", sql`${t.smoking} in (1, 2)`),
  ],
);

export const vehicles = pgTable(
  "vehicles",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    storeId: integer().notNull(),
    carTypeId: integer().notNull(),
    registrationNumber: text().notNull(),
    inService: boolean().notNull().default(true),
    mileageKm: integer().notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: "vehicles_store_fk",
      columns: [t.siteId, t.storeId],
      foreignColumns: [stores.siteId, stores.id],
    }).onDelete("restrict"),
    foreignKey({
      name: "vehicles_car_type_fk",
      columns: [t.siteId, t.carTypeId],
      foreignColumns: [carTypes.siteId, carTypes.id],
    }).onDelete("restrict"),
    unique("vehicles_site_registration").on(t.siteId, t.registrationNumber),
    index("vehicles_site_store_type").on(t.siteId, t.storeId, t.carTypeId),
  ],
);

/** 1 per rental, 2 per day. */
export const optionPriceUnits = { perRental: 1, perDay: 2 } as const;

export const carOptions = pgTable(
  "car_options",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    ...ml("optionName"),
    price: integer().notNull(),
    priceUnit: smallint().notNull().default(1),
    maxQuantity: smallint().notNull().default(1),
    /** Empty: every store / every class. */
    storeIds: integer().array().notNull().default(sql`'{}'`),
    classIds: integer().array().notNull().default(sql`'{}'`),
    displayOrder: integer().notNull().default(0),
  },
  (t) => [
    check("car_options_price", sql`${t.price} >= 0`),
    check("car_options_unit", sql`${t.priceUnit} in (1, 2)`),
    check("car_options_max", sql`${t.maxQuantity} between 1 and 20`),
  ],
);

/** Immunity compensation fee per class and day. */
export const immunityFees = pgTable(
  "immunity_fees",
  {
    siteId: siteRef(),
    classId: integer().notNull(),
    pricePerDay: integer().notNull(),
    /** Whether the search shows prices with immunity included by default. */
    isDefault: boolean().notNull().default(true),
  },
  (t) => [
    foreignKey({
      name: "immunity_fees_class_fk",
      columns: [t.siteId, t.classId],
      foreignColumns: [carClasses.siteId, carClasses.id],
    }).onDelete("cascade"),
    primaryKey({ columns: [t.siteId, t.classId] }),
    check("immunity_fees_price", sql`${t.pricePerDay} >= 0`),
  ],
);

/**
 * Fee plan of a store and class from a date: mode 1 hours, 2 nights, 3 monthly. Prices are integer
 * yen, tax included; tiers a mode does not use stay null.
 */
export const feePlans = pgTable(
  "fee_plans",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    storeId: integer().notNull(),
    classId: integer().notNull(),
    mode: smallint().notNull(),
    effectiveFrom: date().notNull(),
    isHighSeason: boolean().notNull().default(false),
    upTo3h: integer(),
    upTo6h: integer(),
    upTo12h: integer(),
    upTo24h: integer(),
    extraHour: integer(),
    extraDay: integer(),
    sameDay: integer(),
    nights1: integer(),
    nights2: integer(),
    nights3: integer(),
    nights4: integer(),
    nights5: integer(),
    nights6: integer(),
    nights7: integer(),
    nights14: integer(),
    month: integer(),
  },
  (t) => [
    foreignKey({
      name: "fee_plans_store_fk",
      columns: [t.siteId, t.storeId],
      foreignColumns: [stores.siteId, stores.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "fee_plans_class_fk",
      columns: [t.siteId, t.classId],
      foreignColumns: [carClasses.siteId, carClasses.id],
    }).onDelete("cascade"),
    unique("fee_plans_key").on(t.siteId, t.storeId, t.classId, t.effectiveFrom, t.isHighSeason),
    check("fee_plans_mode", sql`${t.mode} in (1, 2, 3)`),
  ],
);

/**
 * A reservation of a car type at a store (a vehicle is assigned later). Only what availability
 * needs for now; the booking flow adds the borrower, driver, options and payment.
 */
export const reservations = pgTable(
  "reservations",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    reserveNo: text().notNull(),
    storeId: integer().notNull(),
    returnStoreId: integer(),
    carTypeId: integer().notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    isCancelled: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "reservations_store_fk",
      columns: [t.siteId, t.storeId],
      foreignColumns: [stores.siteId, stores.id],
    }).onDelete("restrict"),
    foreignKey({
      name: "reservations_return_store_fk",
      columns: [t.siteId, t.returnStoreId],
      foreignColumns: [stores.siteId, stores.id],
    }).onDelete("restrict"),
    foreignKey({
      name: "reservations_car_type_fk",
      columns: [t.siteId, t.carTypeId],
      foreignColumns: [carTypes.siteId, carTypes.id],
    }).onDelete("restrict"),
    unique("reservations_site_reserve_no").on(t.siteId, t.reserveNo),
    check("reservations_period", sql`${t.endAt} > ${t.startAt}`),
  ],
);
