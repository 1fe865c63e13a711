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
import { stores } from "./stores";

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
    /** The fuel tank in litres: a return's missing eighths become litres, then yen (issue 37). */
    tankLitres: smallint().notNull().default(40),
    /** Photos, the first one the cover: a 1280×800 WebP under `/media` (or a demo file). */
    imagePaths: text().array().notNull().default(sql`'{}'`),
    /**
     * A 320×200 variant of each photo for the result card's `srcset`, by position ("" when there is
     * none, as for the demo's pictures); empty when no photo has one.
     */
    imageThumbPaths: text().array().notNull().default(sql`'{}'`),
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
    check("car_types_tank_litres", sql`${t.tankLitres} between 1 and 500`),
    check("car_types_fuel", sql`${t.fuel} between 1 and 5`),
    check("car_types_transmission", sql`${t.transmission} in (1, 2)`),
    check("car_types_smoking", sql`${t.smoking} in (1, 2)`),
    check("car_types_image_thumbs", sql`cardinality(${t.imageThumbPaths}) in (0, cardinality(${t.imagePaths}))`),
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
    color: text().notNull().default(""),
    /** False while the car is in the workshop: not counted for new bookings (migration 0013 guards the ones made). */
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
    unique("vehicles_site_id_id").on(t.siteId, t.id),
    index("vehicles_site_store_type").on(t.siteId, t.storeId, t.carTypeId),
  ],
);

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
    /** The store cannot promise it (few in stock): the booker chooses to reserve anyway or cancel. */
    mayBeUnavailable: boolean().notNull().default(false),
    /** Chosen, it waives the non-operation charge (NOC): the booking's facts then say it is covered. */
    coversNoc: boolean().notNull().default(false),
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
