import { z } from "zod";
import { localDate } from "../../../common/calendar-date";
import { pickLang } from "../../../common/locales";
import { parseId } from "../../../common/params";
import { searchCarTypes, typesAtStore } from "../../../server/availability/search";
import { SearchQuerySchema } from "../../../server/availability/search-schema";
import { vacancyMark } from "../../../server/availability/vacancy";
import { feeSchedule } from "../../../server/catalog/fee-schedule";
import { AppError } from "../../../server/errors";
import { vehicleKey } from "../../../server/sites/site-bundle";
import { carTypeSummary } from "../../presenters/catalog.server";
import { feePage } from "../../presenters/fee.server";
import { searchFormDefaults } from "../../presenters/search.server";
import { type StoreView, storeFacts, storeView } from "../../presenters/store.server";
import { operation } from "../operation.server";
import { reasonText } from "../problem.server";
import { pathId, queryStore, storeOr404 } from "./site.server";

/**
 * §7's stores group: the stores, a store's detail, the fee table, what a store rents and how many
 * cars of each class are free for a period. Read from the cached site bundle and the availability
 * and pricing functions the pages call, in the request's language.
 */

const id = z.number().int();
const isoDate = z.string().meta({ description: "`YYYY-MM-DD`." });

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

const FeeTableSchema = z
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

const OptionSchema = z
  .object({
    id,
    name: z.string(),
    price: z.number().int(),
    price_unit: z.number().int().meta({ description: "1 per rental, 2 per day." }),
    max_quantity: z.number().int(),
  })
  .meta({ id: "CarOption" });

const RentableCarTypeSchema = z
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

const MARK = z.enum(["circle", "triangle", "cross"]).meta({ description: "○ plenty, △ few left, × none." });

/**
 * The period of `stores/classes/availability`: the search form's fields (the search page's own
 * schema) and the stores as a comma list of ids.
 */
const ClassAvailabilityQuerySchema = SearchQuerySchema.pick({
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

const readKey = { browser: "anyone", key: "catalog:read" } as const;

// Static paths come before `/stores/:id`: the router and the document both try them in this order.
export const STORE_OPERATIONS = [
  operation({
    method: "get",
    path: "/reservations/stores",
    tag: "stores",
    operationId: "reservations/stores",
    summary: "The stores that take web reservations, with their hours, closing days and bookable dates",
    description:
      "Empty, with `web_reserve_accepting` false and a `message`, while the site suspends online reservations.",
    response: z.object({
      web_reserve_accepting: z.boolean(),
      message: z.string().nullable(),
      stores: z.array(
        StoreSchema.extend({
          times: z.array(z.string()).meta({ description: "Departure and return times offered." }),
          min_date: isoDate,
          max_date: isoDate,
          holidays: z.array(isoDate).meta({ description: "Specific closing dates within the bookable window." }),
          store_reserve_max_date: isoDate.nullable(),
        }).meta({ id: "ReserveStore" }),
      ),
    }),
    ...readKey,
    async handler({ bundle, locale, now }) {
      const accepting = bundle.settings.webReserveAccepting;
      const form = searchFormDefaults(bundle, locale, {}, now);
      const stores = accepting ? bundle.stores : [];
      return {
        web_reserve_accepting: accepting,
        message: accepting ? null : reasonText(locale, { code: "web_reserve_suspended" }),
        stores: stores.map((store) => {
          const f = form.stores.find((s) => s.id === store.id)!;
          return {
            ...storeOut(storeView(store, locale)),
            times: f.times,
            min_date: f.minDate,
            max_date: f.maxDate,
            holidays: f.holidays,
            store_reserve_max_date: store.reserveMaxDate,
          };
        }),
      };
    },
  }),
  operation({
    method: "get",
    path: "/stores/fee",
    tag: "stores",
    operationId: "stores/fee",
    summary: "The fee table of a store (its first store by default), as the fee page shows it",
    description:
      "Each class's regular and, when in force, high-season plan today, the options and the high-season days. `si` chooses the store; one that is not this site's is 422 with `calendarErrorMessage`.",
    query: z.object({ si: z.string().optional().meta({ description: "A store id." }) }),
    response: z
      .object({
        store_id: id.nullable(),
        stores: z.array(z.object({ id, name: z.string() })),
        classes: z.array(
          z.object({
            id,
            name: z.string(),
            tables: z.array(FeeTableSchema),
            immunity_per_day: z.number().int().nullable().meta({ description: "The damage waiver per day, yen." }),
            immunity_default: z.boolean(),
          }),
        ),
        options: z.array(OptionSchema),
        high_season_weekdays: z.array(z.number().int()),
        high_season_runs: z.array(z.tuple([isoDate, isoDate])).meta({ description: "Upcoming runs [from, to]." }),
      })
      .meta({ id: "StoreFee" }),
    ...readKey,
    problems: [422],
    async handler({ bundle, locale, query, now }) {
      const storeId = query.si === undefined ? null : queryStore(bundle, parseId(query.si)).id;
      const page = feePage(bundle, locale, feeSchedule(bundle, storeId, now));
      return {
        store_id: page.storeId,
        stores: page.stores,
        classes: page.classes.map((c) => ({
          id: c.id,
          name: c.name,
          tables: c.tables.map((tb) => ({
            mode: tb.mode,
            is_high_season: tb.isHighSeason,
            effective_from: tb.effectiveFrom,
            rows: tb.rows,
          })),
          immunity_per_day: c.immunityPerDay,
          immunity_default: c.immunityDefault,
        })),
        options: page.options.map((o) => ({
          id: o.id,
          name: o.name,
          price: o.price,
          price_unit: o.priceUnit,
          max_quantity: o.maxQuantity,
        })),
        high_season_weekdays: page.highSeasonWeekdays,
        high_season_runs: page.highSeasonRuns,
      };
    },
  }),
  operation({
    method: "get",
    path: "/stores/classes/availability",
    tag: "stores",
    operationId: "stores/classes/availability",
    summary: "Cars free per car class at each store for a period",
    description:
      "`store_ids` a comma list of store ids, and the period as the search form takes it (`sd`, `st`, `ed`, `et`, or `rental_period_slug`; the site's defaults fill what is missing; `date_undecided=1` gives the fleet without counting). A store that is not this site's, or a period that cannot be booked, is 422 with `calendarErrorMessage`; suspended web reservations are 422 with `detail`.",
    query: ClassAvailabilityQuerySchema,
    response: z
      .object({
        undecided: z.boolean(),
        stores: z.array(
          z.object({
            store_id: id,
            store_name: z.string(),
            period: z
              .object({ sd: isoDate, st: z.string(), ed: isoDate, et: z.string() })
              .meta({ description: "The period counted, in the store's time zone." }),
            classes: z.array(
              z.object({
                class_id: id,
                class_name: z.string(),
                vehicles: z.number().int(),
                remaining: z.number().int().nullable().meta({ description: "Null when the dates are undecided." }),
                mark: MARK.nullable(),
              }),
            ),
          }),
        ),
      })
      .meta({ id: "ClassAvailability" }),
    ...readKey,
    problems: [422],
    async handler({ db, siteId, bundle, locale, query, now }) {
      const ids = [...new Set(query.store_ids.split(",").map(Number))];
      const stores = ids.map((storeId) => queryStore(bundle, storeId, "store_ids"));
      const { store_ids: _ids, ...period } = query;
      const triangle = bundle.settings.triangleCarNumber;
      const out = [];
      for (const store of stores) {
        const outcome = await searchCarTypes(db, siteId, {
          bundle,
          query: {
            ...period,
            si: store.id,
            capacity: undefined,
            fwd: false,
            smoking: undefined,
            mission: undefined,
            sort: undefined,
            empty: 1,
          },
          now,
        });
        if (Object.keys(outcome.errors).length) throw new AppError("invalid_input", { fieldErrors: outcome.errors });
        if (outcome.notice?.code === "web_reserve_suspended")
          throw new AppError("rejected", { reason: outcome.notice });
        const byClass = new Map<
          number,
          { class_id: number; class_name: string; vehicles: number; remaining: number | null }
        >();
        for (const offer of outcome.offers) {
          const row = byClass.get(offer.carClass.id) ?? {
            class_id: offer.carClass.id,
            class_name: pickLang(offer.carClass, "className", locale),
            vehicles: 0,
            remaining: outcome.undecided ? null : 0,
          };
          row.vehicles += offer.vehicles;
          if (row.remaining !== null) row.remaining += offer.remaining ?? 0;
          byClass.set(row.class_id, row);
        }
        out.push({
          store_id: store.id,
          store_name: pickLang(store, "storeName", locale),
          period: { sd: outcome.values.sd, st: outcome.values.st, ed: outcome.values.ed, et: outcome.values.et },
          classes: [...byClass.values()].map((c) => ({
            ...c,
            mark: c.remaining === null ? null : vacancyMark(c.remaining, triangle),
          })),
        });
      }
      return { undecided: query.date_undecided, stores: out };
    },
  }),
  operation({
    method: "get",
    path: "/stores/:id",
    tag: "stores",
    operationId: "stores/{id}",
    summary: "A store: address, hours, access, the classes it rents and its coming closing days",
    params: z.object({ id: pathId() }),
    response: StoreSchema.extend({
      classes: z.array(z.object({ id, name: z.string() })),
      holidays: z.array(isoDate).meta({ description: "Specific closing dates from today on." }),
      store_reserve_max_date: isoDate.nullable(),
    }).meta({ id: "StoreDetail" }),
    ...readKey,
    async handler({ bundle, locale, params, now }) {
      const store = storeOr404(bundle, params.id);
      const { classes, holidays, reserveMaxDate } = storeFacts(bundle, store, locale, localDate(now, store.timeZone));
      return { ...storeOut(storeView(store, locale)), classes, holidays, store_reserve_max_date: reserveMaxDate };
    },
  }),
  operation({
    method: "get",
    path: "/stores/:id/car-rentable",
    tag: "stores",
    operationId: "stores/{id}/car-rentable",
    summary: "The car types a store rents: cars in service there and a fee plan for their class",
    params: z.object({ id: pathId() }),
    response: z.object({ store_id: id, car_types: z.array(RentableCarTypeSchema) }),
    ...readKey,
    async handler({ bundle, locale, params }) {
      const store = storeOr404(bundle, params.id);
      const classes = new Map(bundle.catalogue.classes.map((c) => [c.id, c]));
      return {
        store_id: store.id,
        car_types: typesAtStore(bundle, store.id).flatMap((t) => {
          const carClass = classes.get(t.classId);
          if (!carClass) return [];
          const s = carTypeSummary(t, carClass, locale);
          return [
            {
              id: s.id,
              class_id: s.classId,
              class_name: s.className,
              name: s.name,
              model_names: s.modelNames,
              capacity: s.capacity,
              displacement_cc: s.displacementCc,
              doors: s.doors,
              fuel: s.fuel,
              transmission: s.transmission,
              smoking: s.smoking,
              has_navigation: s.hasNavigation,
              has_etc: s.hasEtc,
              is_four_wd: s.isFourWd,
              images: s.images,
              thumbnail: s.thumbnail,
              vehicles: bundle.catalogue.vehicleCounts.get(vehicleKey(store.id, t.id)) ?? 0,
            },
          ];
        }),
      };
    },
  }),
];
