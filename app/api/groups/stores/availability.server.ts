import { z } from "zod";
import { queryStore } from "#app/api/groups/site/schemas.server";
import { operation } from "#app/api/operation.server";
import { pickLang } from "#common/locales";
import { searchCarTypes } from "#server/availability/search";
import { vacancyMark } from "#server/availability/vacancy";
import { AppError } from "#server/errors";
import { ClassAvailabilityQuerySchema, id, isoDate, MARK, readKey } from "./schemas.server";

export const AVAILABILITY_OPERATIONS = [
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
];
