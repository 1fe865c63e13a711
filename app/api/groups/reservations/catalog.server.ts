import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { localTime } from "#common/calendar-date";
import { searchCarTypes } from "#server/availability/search";
import { SearchQuerySchema } from "#server/availability/search-schema";
import {
  browserSession,
  carTypeOut,
  feesOut,
  notice,
  periodOut,
  quoteFor,
  quoteOut,
  refuseFields,
  sessionOut,
  storeRef,
} from "./presenters.server";
import {
  CarParams,
  NoticeSchema,
  OfferSchema,
  PeriodSchema,
  QuoteSchema,
  ReserveSessionOut,
  StoreRefSchema,
} from "./schemas.server";

export const CATALOG_OPERATIONS = [
  operation({
    method: "get",
    path: "/car-types",
    tag: "reservations",
    operationId: "car-types",
    summary: "Search car types at a store for a period, with their price and vacancy",
    description:
      "The results page's search (spec §3): the same query fields (`si`, `sd`, `st`, `ed`, `et`, filters, `sort`).",
    query: SearchQuerySchema,
    response: z.object({
      store: StoreRefSchema.nullable(),
      period: PeriodSchema.nullable(),
      notice: NoticeSchema.nullable(),
      car_types: z.array(OfferSchema),
      hidden_fully_booked: z.number().int(),
    }),
    browser: "anyone",
    key: "catalog:read",
    problems: [422],
    async handler({ db, siteId, bundle, locale, query, now }) {
      const outcome = await searchCarTypes(db, siteId, { bundle, query, now });
      refuseFields(outcome.errors);
      return {
        store: outcome.store ? storeRef(bundle, locale, outcome.store.id) : null,
        period: outcome.period ? periodOut(outcome.period) : null,
        notice: notice(locale, outcome.notice),
        car_types: outcome.offers.map((o) => ({
          car_type: carTypeOut(bundle, locale, o.carType.id),
          vehicles: o.vehicles,
          remaining: o.remaining,
          mark: o.mark,
          can_reserve: Boolean(o.price && (o.remaining ?? 1) > 0 && !outcome.notice),
          price: o.price ? feesOut(o.price) : null,
          immunity_per_day: o.immunityPerDay,
          high_season: o.highSeason,
        })),
        hidden_fully_booked: outcome.hiddenFullyBooked,
      };
    },
  }),
  operation({
    method: "get",
    path: "/stores/:storeId/car-type/:id",
    tag: "reservations",
    operationId: "stores/{storeId}/car-type/{id}",
    summary: "Whether a car type can be booked at a store for a period (`can_reserve`)",
    query: SearchQuerySchema,
    params: CarParams,
    response: z.object({
      can_reserve: z.boolean(),
      remaining: z.number().int().nullable(),
      reason: NoticeSchema.nullable(),
    }),
    browser: "anyone",
    key: "catalog:read",
    problems: [422],
    async handler(req) {
      const quote = await quoteFor(req);
      refuseFields(quote.errors);
      return {
        can_reserve: Boolean(quote.period && !quote.blocked && quote.fees),
        remaining: quote.remaining,
        reason: notice(req.locale, quote.blocked),
      };
    },
  }),
  operation({
    method: "get",
    path: "/stores/:storeId/car-types/:id",
    tag: "reservations",
    operationId: "stores/{storeId}/car-types/{id}",
    summary: "A car type at a store: its details and, with a period, its price",
    query: SearchQuerySchema,
    params: CarParams,
    response: QuoteSchema,
    browser: "anyone",
    key: "catalog:read",
    problems: [422],
    async handler(req) {
      const quote = await quoteFor(req);
      refuseFields(quote.errors);
      return quoteOut(req.bundle, req.locale, quote);
    },
  }),
  operation({
    method: "get",
    path: "/stores/:storeId/car-types/:id/options",
    tag: "reservations",
    operationId: "stores/{storeId}/car-types/{id}/options",
    summary: "The options step: the options, the waiver and the price for a period; the browser's booking in progress",
    query: SearchQuerySchema,
    params: CarParams,
    response: QuoteSchema.extend({ reserve_session: ReserveSessionOut.nullable(), rental_period_string: z.string() }),
    browser: "anyone",
    key: "catalog:read",
    problems: [422],
    async handler(req) {
      const quote = await quoteFor(req);
      refuseFields(quote.errors);
      const session = await browserSession(req);
      const p = quote.period;
      return {
        ...quoteOut(req.bundle, req.locale, quote),
        reserve_session: sessionOut(session),
        rental_period_string: p
          ? `${p.startDate.replaceAll("-", "/")} ${localTime(p.start, quote.store.timeZone)} - ${p.endDate.replaceAll("-", "/")} ${localTime(p.end, quote.store.timeZone)}`
          : "",
      };
    },
  }),
];
