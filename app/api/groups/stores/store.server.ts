import { z } from "zod";
import { pathId, storeOr404 } from "#app/api/groups/site/schemas.server";
import { operation } from "#app/api/operation.server";
import { carTypeSummary } from "#app/presenters/catalog.server";
import { storeFacts, storeView } from "#app/presenters/store.server";
import { localDate } from "#common/calendar-date";
import { typesAtStore } from "#server/availability/search";
import { vehicleKey } from "#server/sites/site-bundle";
import { id, isoDate, RentableCarTypeSchema, readKey, StoreSchema, storeOut } from "./schemas.server";

export const STORE_DETAIL_OPERATIONS = [
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
