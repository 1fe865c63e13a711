import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { carTypes } from "./catalogue";
import { siteRef } from "./sites";
import { stores } from "./stores";

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
