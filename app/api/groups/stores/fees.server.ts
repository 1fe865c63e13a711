import { z } from "zod";
import { queryStore } from "#app/api/groups/site/schemas.server";
import { operation } from "#app/api/operation.server";
import { feePage } from "#app/presenters/fee.server";
import { parseId } from "#common/params";
import { feeSchedule } from "#server/catalog/fee-schedule";
import { FeeTableSchema, id, isoDate, OptionSchema, readKey } from "./schemas.server";

export const FEE_OPERATIONS = [
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
];
