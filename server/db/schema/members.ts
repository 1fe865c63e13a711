import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { siteRef } from "./sites";

/**
 * A member of one client's site (spec §3 User). The same e-mail may be a member of two sites:
 * uniqueness is per site, on the lower-cased address, among members who have not withdrawn.
 * `passwordHash` is null for a member the store registered: they set a first password by mail.
 */
export const members = pgTable(
  "members",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    /** 1 individual, 2 corporate. */
    userType: smallint().notNull().default(1),
    company: text().notNull().default(""),
    companyKana: text().notNull().default(""),
    name: text().notNull(),
    kana: text().notNull().default(""),
    /** Null once withdrawn (the address is personal data). */
    email: text(),
    passwordHash: text(),
    /** 1 male, 2 female, null unset. */
    gender: smallint(),
    birthdate: date(),
    tel: text().notNull().default(""),
    zip: text().notNull().default(""),
    country: text().notNull().default(""),
    /** 1–47 prefectures, 48 overseas/other. */
    prefCode: smallint(),
    addressA: text().notNull().default(""),
    addressB: text().notNull().default(""),
    newsletter: smallint().notNull().default(0),
    /** The language mails are written in: the one the member registered or last logged in with. */
    locale: text().notNull().default("ja"),
    /** The payment gateway's customer (cards are saved there). */
    paymentCustomerId: text(),
    /** Created by the store rather than by the member (spec §4: initial password by mail). */
    registeredByStore: boolean().notNull().default(false),
    withdrawnAt: timestamp({ withTimezone: true }),
    /** What staff search by, folded: written with every change of name, e-mail or phone (decision 051). */
    searchText: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("members_site_id_id").on(t.siteId, t.id),
    uniqueIndex("members_site_email").on(t.siteId, sql`lower(${t.email})`).where(sql`${t.withdrawnAt} is null`),
    check("members_user_type", sql`${t.userType} in (1, 2)`),
    check("members_gender", sql`${t.gender} is null or ${t.gender} in (1, 2)`),
    check("members_pref_code", sql`${t.prefCode} is null or ${t.prefCode} between 1 and 48`),
    check("members_newsletter", sql`${t.newsletter} in (0, 1)`),
    check("members_locale", sql`${t.locale} in ('ja', 'en', 'ko', 'zh-TW')`),
    check("members_email_present", sql`(${t.email} is null) = (${t.withdrawnAt} is not null)`),
  ],
);

/**
 * Server-side sessions (guests and members). The cookie holds a random 256-bit token; only its
 * SHA-256 is stored, so a copy of this table opens no session. `data` carries step-to-step state
 * (the registration draft; the reservation session of the booking flow).
 */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text().primaryKey(),
    siteId: siteRef(),
    memberId: integer(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, whatever the activity. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({
      name: "sessions_member_fk",
      columns: [t.siteId, t.memberId],
      foreignColumns: [members.siteId, members.id],
    }).onDelete("cascade"),
    index("sessions_site_member").on(t.siteId, t.memberId),
    index("sessions_expires").on(t.expiresAt),
  ],
);

/**
 * Fixed-window counters for throttling (login failures per account and per address). One row per
 * key and window; old windows are deleted as new ones are written.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [unique("rate_limits_key_window").on(t.key, t.windowStart), index("rate_limits_window").on(t.windowStart)],
);

/** A password-reset (or first-password) link: single use, one hour, stored as a SHA-256 of its token. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    memberId: integer().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "password_reset_tokens_member_fk",
      columns: [t.siteId, t.memberId],
      foreignColumns: [members.siteId, members.id],
    }).onDelete("cascade"),
    index("password_reset_tokens_member").on(t.siteId, t.memberId),
  ],
);

/**
 * A member's saved card as shown on My Page (brand, last four, holder, expiry). The card itself
 * lives with the payment gateway under `gatewayCardId`; no number or CVC is ever stored here.
 */
export const memberCards = pgTable(
  "member_cards",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    memberId: integer().notNull(),
    gatewayCardId: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: smallint().notNull(),
    expYear: smallint().notNull(),
    holder: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "member_cards_member_fk",
      columns: [t.siteId, t.memberId],
      foreignColumns: [members.siteId, members.id],
    }).onDelete("cascade"),
    unique("member_cards_site_id_id").on(t.siteId, t.id),
    unique("member_cards_gateway_card").on(t.siteId, t.gatewayCardId),
    uniqueIndex("member_cards_one_default").on(t.siteId, t.memberId).where(sql`${t.isDefault}`),
    check("member_cards_last4", sql`${t.last4} ~ '^[0-9]{4}$'`),
    check("member_cards_exp_month", sql`${t.expMonth} between 1 and 12`),
  ],
);

/** A driver a member keeps for bookings (spec §3 Driver). */
export const drivers = pgTable(
  "drivers",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    /** Null for a driver entered in a booking by a guest (spec §3 is_non_member). */
    memberId: integer(),
    driverCode: text(),
    name: text().notNull().default(""),
    kana: text().notNull().default(""),
    birthdate: date(),
    tel: text().notNull().default(""),
    zip: text().notNull().default(""),
    country: text().notNull().default(""),
    prefCode: smallint(),
    addressA: text().notNull().default(""),
    addressB: text().notNull().default(""),
    /** Licence type codes (common/license-types.ts). */
    licenseTypes: text().array().notNull().default(sql`'{}'`),
    licenseNumber: text().notNull().default(""),
    licenseAcquisitionDate: date(),
    licenseExpirationDate: date(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "drivers_member_fk",
      columns: [t.siteId, t.memberId],
      foreignColumns: [members.siteId, members.id],
    }).onDelete("cascade"),
    unique("drivers_site_id_id").on(t.siteId, t.id),
    index("drivers_site_member").on(t.siteId, t.memberId),
    check("drivers_pref_code", sql`${t.prefCode} is null or ${t.prefCode} between 1 and 48`),
  ],
);

/** Up to four licence images of a driver, kept in the BlobStore under a random key. */
export const driverImages = pgTable(
  "driver_images",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    driverId: integer().notNull(),
    /** 1–4: the position on the form (spec: driver_image1-4). */
    slot: smallint().notNull(),
    blobKey: text().notNull().unique(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "driver_images_driver_fk",
      columns: [t.siteId, t.driverId],
      foreignColumns: [drivers.siteId, drivers.id],
    }).onDelete("cascade"),
    unique("driver_images_slot").on(t.siteId, t.driverId, t.slot),
    check("driver_images_slot_range", sql`${t.slot} between 1 and 4`),
    check("driver_images_type", sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);

/** Per field: 0 hidden, 1 shown and optional, 2 shown and required. */
export type DriverFieldMode = 0 | 1 | 2;

/** Which driver fields a site asks for (spec §3 Driver input setting). */
export const driverInputSettings = pgTable(
  "driver_input_settings",
  {
    siteId: siteRef().primaryKey(),
    fields: jsonb().$type<Record<string, DriverFieldMode>>().notNull().default({}),
    licensePicturesDisplayNum: smallint().notNull().default(2),
    shouldHideAllInputs: boolean().notNull().default(false),
  },
  (t) => [check("driver_input_settings_pictures", sql`${t.licensePicturesDisplayNum} between 0 and 4`)],
);
