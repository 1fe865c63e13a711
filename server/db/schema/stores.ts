import { sql } from "drizzle-orm";
import {
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
  unique,
} from "drizzle-orm/pg-core";
import { ml } from "./columns";
import { siteRef } from "./sites";

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
    /**
     * Minutes a car needs between two rentals (cleaning, refuelling): a booking holds its car until
     * its return plus these, for availability, the capacity trigger and the dispatch board alike.
     */
    turnaroundMinutes: smallint().notNull().default(0),
  },
  (t) => [
    unique("stores_site_id_id").on(t.siteId, t.id),
    index("stores_site_order").on(t.siteId, t.displayOrder),
    check("stores_turnaround", sql`${t.turnaroundMinutes} between 0 and 1440`),
  ],
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
