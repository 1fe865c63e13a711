import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { reasonText } from "#app/api/problem.server";
import { searchFormDefaults } from "#app/presenters/search.server";
import { storeView } from "#app/presenters/store.server";
import { isoDate, readKey, StoreSchema, storeOut } from "./schemas.server";

export const LIST_OPERATIONS = [
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
];
