import { z } from "zod";
import { searchCarTypes, typesAtStore } from "#server/availability/search";
import { AppError } from "#server/errors";
import type { SiteBundle } from "#server/sites/site-bundle";
import { partnerErrorOf } from "./errors.server";
import { CAR_TYPE, PERIOD, STORE } from "./examples.server";
import { partnerOperation } from "./operation.server";
import { carTypeOut, periodOut, priceOut, storeOut } from "./present.server";
import { PartnerError } from "./problems.server";
import { CarTypeSchema, idParam, PeriodInput, PeriodSchema, PriceSchema, StoreSchema } from "./schemas.server";

/** Stores, car types and availability: `catalog:read`. */

export function storeOr404(bundle: SiteBundle, storeId: number) {
  const store = bundle.stores.find((s) => s.id === storeId);
  if (!store) throw new PartnerError("unknown-store", `The site has no store ${storeId}.`);
  return store;
}

const StoreParams = z.object({ storeId: idParam("The store's id.", 1) });

const AvailabilitySchema = z
  .object({
    store_id: z.number().int(),
    period: PeriodSchema,
    data: z.array(
      z.object({
        car_type: CarTypeSchema,
        available: z.number().int().meta({ description: "Cars of the type free for the whole period." }),
        price: PriceSchema.nullable().meta({
          description: "Without options; with the damage waiver when the class has it on by default. Null: no price.",
        }),
      }),
    ),
  })
  .meta({ id: "Availability", description: "What a store can rent for a period." });

export const CATALOG_OPERATIONS = [
  partnerOperation({
    method: "get",
    path: "/stores",
    tag: "Catalog",
    operationId: "listStores",
    summary: "List stores",
    description: "The site's stores, where cars are picked up and returned.",
    scope: "catalog:read",
    response: z.object({ data: z.array(StoreSchema) }).meta({ id: "StoreList", description: "The stores." }),
    responseExamples: { stores: { summary: "One store", value: { data: [STORE] } } },
    problems: [],
    async handler({ bundle }) {
      return { data: bundle.stores.map(storeOut) };
    },
  }),
  partnerOperation({
    method: "get",
    path: "/stores/:storeId",
    tag: "Catalog",
    operationId: "getStore",
    summary: "Get a store",
    description: "One store by its id.",
    scope: "catalog:read",
    params: StoreParams,
    response: StoreSchema,
    responseExamples: { store: { summary: "A store", value: STORE } },
    problems: ["unknown-store"],
    async handler({ bundle, params }) {
      return storeOut(storeOr404(bundle, params.storeId));
    },
  }),
  partnerOperation({
    method: "get",
    path: "/car-types",
    tag: "Catalog",
    operationId: "listCarTypes",
    summary: "List car types",
    description: "The car types the site rents; `store_id` and `class_id` narrow the list.",
    scope: "catalog:read",
    query: z.object({
      store_id: idParam("Only the types this store rents.", 1).optional(),
      class_id: idParam("Only the types of this car class.", 1).optional(),
    }),
    response: z.object({ data: z.array(CarTypeSchema) }).meta({ id: "CarTypeList", description: "Car types." }),
    responseExamples: { types: { summary: "One car type", value: { data: [CAR_TYPE] } } },
    problems: ["validation-failed", "unknown-store"],
    async handler({ bundle, query }) {
      const types =
        query.store_id === undefined
          ? bundle.catalogue.carTypes
          : typesAtStore(bundle, storeOr404(bundle, query.store_id).id);
      return {
        data: types
          .filter((t) => query.class_id === undefined || t.classId === query.class_id)
          .map((t) => carTypeOut(bundle, t)),
      };
    },
  }),
  partnerOperation({
    method: "get",
    path: "/availability",
    tag: "Catalog",
    operationId: "searchAvailability",
    summary: "Search availability",
    description:
      "The car types a store can rent for a period, how many cars are free and what each costs without options. Dates and times are the store's local ones.",
    scope: "catalog:read",
    query: z.object({
      store_id: idParam("The store.", 1),
      ...PeriodInput,
      class_id: idParam("Only this car class.", 1).optional(),
    }),
    response: AvailabilitySchema,
    responseExamples: {
      free: {
        summary: "Four compact cars free",
        value: {
          store_id: 1,
          period: PERIOD,
          data: [
            {
              car_type: CAR_TYPE,
              available: 4,
              price: { rental: 16500, options: 0, damage_waiver: 3300, total: 19800, currency: "JPY" },
            },
          ],
        },
      },
    },
    problems: ["validation-failed", "unknown-store", "not-bookable"],
    async handler({ db, siteId, bundle, query, now }) {
      const store = storeOr404(bundle, query.store_id);
      const outcome = await searchCarTypes(db, siteId, {
        bundle,
        query: {
          si: store.id,
          sd: query.pickup_date,
          st: query.pickup_time,
          ed: query.return_date,
          et: query.return_time,
          date_undecided: false,
          rental_period_slug: undefined,
          capacity: undefined,
          fwd: false,
          smoking: undefined,
          mission: undefined,
          sort: undefined,
          empty: 1,
        },
        now,
      });
      if (Object.keys(outcome.errors).length) {
        throw partnerErrorOf(new AppError("invalid_input", { fieldErrors: outcome.errors }), "unknown-store");
      }
      if (outcome.notice?.code === "web_reserve_suspended" || !outcome.period) {
        throw partnerErrorOf(
          new AppError("rejected", { reason: outcome.notice ?? { code: "no_cars_in_period" } }),
          "unknown-store",
        );
      }
      return {
        store_id: store.id,
        period: periodOut(outcome.period.start, outcome.period.end, store.timeZone),
        data: outcome.offers
          .filter((o) => query.class_id === undefined || o.carClass.id === query.class_id)
          .map((o) => ({
            car_type: carTypeOut(bundle, o.carType),
            available: o.remaining ?? 0,
            price: o.price ? priceOut(o.price) : null,
          })),
      };
    },
  }),
];
