import { z } from "zod";
import type { StoreView } from "#app/presenters/store.server";
import { SearchQuerySchema } from "#server/availability/search-schema";

/**
 * §7's stores group: the stores, a store's detail, the fee table, what a store rents and how many
 * cars of each class are free for a period. Read from the cached site bundle and the availability
 * and pricing functions the pages call, in the request's language.
 */

export const id = z.number().int();
export const isoDate = z.string().meta({ description: "`YYYY-MM-DD`." });

export const StoreSchema = z
  .object({
    id,
    name: z.string(),
    address: z.string().meta({ description: "Postcode and address in the request's language's order." }),
    map_url: z.string(),
    time_zone: z.string(),
    tel: z.string(),
    email: z.string().nullable(),
    open_24h: z.boolean(),
    business_start_time: z.string(),
    business_end_time: z.string(),
    regular_holiday_week: z.array(z.number().int()).meta({ description: "Weekdays, 0 Sunday … 6 Saturday." }),
    regular_holiday_dates: z.array(z.number().int()).meta({ description: "Days of the month." }),
    access: z.string(),
    remarks: z.string(),
  })
  .meta({ id: "Store" });

export const storeOut = (s: StoreView) => ({
  id: s.id,
  name: s.name,
  address: s.address,
  map_url: s.mapUrl,
  time_zone: s.timeZone,
  tel: s.tel,
  email: s.email,
  open_24h: s.open24h,
  business_start_time: s.businessStartTime,
  business_end_time: s.businessEndTime,
  regular_holiday_week: s.regularHolidayWeek,
  regular_holiday_dates: s.regularHolidayDates,
  access: s.access,
  remarks: s.remarks,
});

export const FeeTableSchema = z
  .object({
    mode: z.number().int().meta({ description: "1 hours, 2 nights, 3 monthly." }),
    is_high_season: z.boolean(),
    effective_from: isoDate,
    rows: z.array(
      z.object({
        tier: z.enum(["upTo", "extraHour", "extraDay", "sameDay", "nights", "nights14", "month"]),
        n: z.number().int().optional().meta({ description: "Hours (`upTo`) or nights (`nights`)." }),
        price: z.number().int().meta({ description: "Yen, tax included." }),
      }),
    ),
  })
  .meta({ id: "FeeTable" });

export const OptionSchema = z
  .object({
    id,
    name: z.string(),
    price: z.number().int(),
    price_unit: z.number().int().meta({ description: "1 per rental, 2 per day." }),
    max_quantity: z.number().int(),
  })
  .meta({ id: "CarOption" });

export const RentableCarTypeSchema = z
  .object({
    id,
    class_id: id,
    class_name: z.string(),
    name: z.string(),
    model_names: z.string(),
    capacity: z.number().int(),
    displacement_cc: z.number().int().nullable(),
    doors: z.number().int().nullable(),
    fuel: z.number().int(),
    transmission: z.number().int().meta({ description: "1 automatic, 2 manual." }),
    smoking: z.number().int().meta({ description: "1 non-smoking, 2 smoking." }),
    has_navigation: z.boolean(),
    has_etc: z.boolean(),
    is_four_wd: z.boolean(),
    images: z.array(z.string()),
    thumbnail: z.string().nullable(),
    vehicles: z.number().int().meta({ description: "Cars of this type in service at the store." }),
  })
  .meta({ id: "RentableCarType" });

export const MARK = z.enum(["circle", "triangle", "cross"]).meta({ description: "○ plenty, △ few left, × none." });

/**
 * The period of `stores/classes/availability`: the search form's fields (the search page's own
 * schema) and the stores as a comma list of ids.
 */
export const ClassAvailabilityQuerySchema = SearchQuerySchema.pick({
  sd: true,
  st: true,
  ed: true,
  et: true,
  date_undecided: true,
  rental_period_slug: true,
}).extend({
  store_ids: z
    .string({ error: "store_required" })
    .regex(/^[1-9][0-9]{0,8}(,[1-9][0-9]{0,8}){0,49}$/, { error: "store_required" })
    .meta({ description: "Comma list of store ids: `1,2`." }),
});

export const readKey = { browser: "anyone", key: "catalog:read" } as const;
