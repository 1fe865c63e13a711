import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { siteRef } from "./sites";
import { stores } from "./stores";

/**
 * The rental company's people in the back office (decision 029). Separate from members: another
 * table, another login, another cookie. One account per site and e-mail; `passwordHash` is null
 * until the invitation is accepted.
 */
export const staff = pgTable(
  "staff",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    email: text().notNull(),
    name: text().notNull().default(""),
    /** owner, manager, store_staff, read_only (server/staff/permissions.ts). */
    role: text().notNull(),
    passwordHash: text(),
    /** The back office's language for this person: ja or en, their choice, remembered. */
    locale: text().notNull().default("ja"),
    /** RFC 6238 secret (base32) once two-factor sign-in is on; `totpPendingSecret` while it is being set up. */
    totpSecret: text(),
    totpPendingSecret: text(),
    /** SHA-256 of each unused recovery code. */
    recoveryCodeHashes: text().array().notNull().default(sql`'{}'`),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: integer(),
    disabledAt: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("staff_site_id_id").on(t.siteId, t.id),
    uniqueIndex("staff_site_email").on(t.siteId, sql`lower(${t.email})`),
    check("staff_role", sql`${t.role} in ('owner', 'manager', 'store_staff', 'read_only')`),
    check("staff_locale", sql`${t.locale} in ('ja', 'en')`),
  ],
);

/** The stores a store-staff account may work on. */
export const staffStores = pgTable(
  "staff_stores",
  {
    siteId: siteRef(),
    staffId: integer().notNull(),
    storeId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.staffId, t.storeId] }),
    foreignKey({
      name: "staff_stores_staff_fk",
      columns: [t.siteId, t.staffId],
      foreignColumns: [staff.siteId, staff.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "staff_stores_store_fk",
      columns: [t.siteId, t.storeId],
      foreignColumns: [stores.siteId, stores.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Back-office sessions, as members' (decision 019): the cookie holds a random token, the table its
 * SHA-256. `twoFactorPending` while the password is checked but the TOTP code is not yet.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    idHash: text().primaryKey(),
    siteId: siteRef(),
    staffId: integer().notNull(),
    twoFactorPending: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({
      name: "staff_sessions_staff_fk",
      columns: [t.siteId, t.staffId],
      foreignColumns: [staff.siteId, staff.id],
    }).onDelete("cascade"),
    index("staff_sessions_site_staff").on(t.siteId, t.staffId),
    index("staff_sessions_expires").on(t.expiresAt),
  ],
);

/** Single-use links mailed to staff: an invitation (sets the first password) or a password reset. */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    id: serial().primaryKey(),
    siteId: siteRef(),
    staffId: integer().notNull(),
    kind: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "staff_tokens_staff_fk",
      columns: [t.siteId, t.staffId],
      foreignColumns: [staff.siteId, staff.id],
    }).onDelete("cascade"),
    check("staff_tokens_kind", sql`${t.kind} in ('invitation', 'password_reset')`),
    index("staff_tokens_staff").on(t.siteId, t.staffId),
  ],
);

/**
 * Every change made in the back office (and by the provider's commands): who, when, what, and the
 * values before and after. Rows are only ever inserted: the app role may not update or delete them,
 * and a trigger refuses an update by anyone (migration 0012).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    siteId: siteRef(),
    /** Null for the provider's commands. No foreign key: the entry outlives the account. */
    staffId: integer(),
    /** Who, as they were named then (their e-mail, or the command). */
    actor: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** What was done, e.g. `settings.update`, `staff.invite`. */
    action: text().notNull(),
    /** The kind of row and its id, e.g. `store` `3`. */
    entity: text().notNull(),
    entityId: text().notNull().default(""),
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [index("audit_log_site_at").on(t.siteId, t.at)],
);
