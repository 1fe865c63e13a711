import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { CancellationFeeStep } from "#common/counter";
import { ml } from "./columns";

export const siteRef = () =>
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
    /** Settlement methods offered at confirmation (spec §3): 1 card in advance, 2 cash, 3 card at the store, 4 other. */
    settlementMethods: smallint().array().notNull().default(sql`'{1,2,3}'`),
    /** What "other" payment means at this company, shown beside that choice (issue 40); empty: a general line. */
    ...ml("payOtherNote"),
    /** A rental longer than this many days asks the visitor to call the store or confirm (issue 40). */
    longRentalDays: integer().notNull().default(30),
    /**
     * Who may frame the embedded booking flow (decision 025): `*`, or origins such as
     * `https://www.example.com` and `http://localhost:*`. Empty: no other site may.
     */
    embedOrigins: text().array().notNull().default(sql`'{}'`),
    /** Whether customers may cancel online (My Page, or the guest's link in the confirmation mail). */
    customerCancel: boolean().notNull().default(false),
    /** Online cancellation closes this many hours before departure; later, customers call the store. */
    customerCancelDeadlineHours: integer().notNull().default(24),
    /**
     * The cancellation fee schedule, nearest first: cancelling at most `daysBefore` days before the
     * departure day keeps `percent` of the total (e.g. 0 → 100%, 3 → 50%). Earlier than every step: no fee.
     */
    cancellationFees: jsonb().$type<CancellationFeeStep[]>().notNull().default([]),
    /**
     * The qualified invoice (適格請求書, issue 37): the issuer's legal name (the site's title when
     * empty) and its registration number, "T" and 13 digits, checked by its check digit.
     */
    invoiceIssuerName: text().notNull().default(""),
    invoiceRegistrationNumber: text(),
    /** Return charges (issue 37): minutes late before the late charge starts. */
    lateGraceMinutes: integer().notNull().default(30),
    /** Yen per litre to refill a car returned with less fuel than it left with. */
    fuelPricePerLitre: integer().notNull().default(200),
    /** The non-operation charge (NOC) when damage is recorded: the car still drivable, or not. */
    nocDrivable: integer().notNull().default(20000),
    nocNotDrivable: integer().notNull().default(50000),
    /** A return meter more than this many km past the departure's asks staff to confirm. */
    mileageJumpKm: integer().notNull().default(1000),
  },
  (t) => [
    check("site_settings_public_status", sql`${t.publicStatus} in (1, 2)`),
    check("site_settings_long_rental_days", sql`${t.longRentalDays} between 1 and 730`),
    check("site_settings_customer_cancel_deadline", sql`${t.customerCancelDeadlineHours} between 0 and 8760`),
    check("site_settings_site_color", sql`${t.siteColor} ~ '^#[0-9a-fA-F]{6}$'`),
    check(
      "site_settings_invoice_registration_number",
      sql`${t.invoiceRegistrationNumber} is null or ${t.invoiceRegistrationNumber} ~ '^T[1-9][0-9]{12}$'`,
    ),
    check(
      "site_settings_return_charges",
      sql`${t.lateGraceMinutes} between 0 and 1440 and ${t.fuelPricePerLitre} between 0 and 10000 and ${t.nocDrivable} between 0 and 10000000 and ${t.nocNotDrivable} between 0 and 10000000 and ${t.mileageJumpKm} between 1 and 1000000`,
    ),
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
