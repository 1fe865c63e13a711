import type { RouterContextProvider } from "react-router";
import type { QuoteView } from "#app/presenters/booking.server";
import { parseSearchQuery, SearchQuerySchema } from "#server/availability/search-schema";
import { optionField } from "#server/reservations/options.schema";
import { chooseCar, type ReserveSession } from "#server/reservations/reserve-session";
import { reservePath, saveReserveSession } from "./reserve-session.server";

/**
 * What the options step (app/routes/reserve/options.tsx) needs besides the quote: which period a
 * link brings, where the car page is, and the reservation session for the chosen car.
 */

type Context = Readonly<RouterContextProvider>;

/** The search query fields a booking carries (period, store, filters, sort), as a plain record. */
const SEARCH_KEYS = Object.keys(SearchQuerySchema.shape);
export function searchRecord(params: URLSearchParams): Record<string, string> {
  const record: Record<string, string> = {};
  for (const key of SEARCH_KEYS) {
    const value = params.get(key);
    if (value !== null) record[key] = value.slice(0, 40);
  }
  return record;
}

/** Whether a link brought a period (or said the dates are undecided) rather than relying on the session. */
export const carriesPeriod = (params: URLSearchParams) =>
  params.has("sd") || params.has("ed") || params.has("date_undecided");

const sameRecord = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** The car type page of the booking, with its search. */
export function carPath(context: Context, storeId: number, carTypeId: number, search: Record<string, string>): string {
  const query = new URLSearchParams(search).toString();
  return `${reservePath(context, `/reserve/stores/${storeId}/cars/${carTypeId}`)}${query ? `?${query}` : ""}`;
}

/** The form's values for a quote: chosen quantities, the waiver, the unavailable-option choice. */
export function formDefaults(view: QuoteView, optionNotPossibleType: number | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (const o of view.options) values[optionField(o.id)] = String(o.quantity);
  if (view.immunity?.chosen) values.immunity = "1";
  values.option_not_possible_type = optionNotPossibleType ? String(optionNotPossibleType) : "";
  return values;
}

/** Whether the session is a booking of this very car, still in progress. */
export const isFor = (session: ReserveSession | null, storeId: number, carTypeId: number): session is ReserveSession =>
  Boolean(session && !session.completed && session.storeId === storeId && session.carTypeId === carTypeId);

/**
 * The session once a link has chosen this car for a period: started afresh (options kept when the
 * car is the same) unless it already holds the same period and search.
 */
export async function sessionForLink(
  context: Context,
  url: URL,
  chosen: {
    previous: ReserveSession | null;
    same: ReserveSession | null;
    storeId: number;
    carTypeId: number;
    search: Record<string, string>;
    period: { start: Date; end: Date };
    withImmunity: boolean;
  },
): Promise<ReserveSession | null> {
  const { previous, same, period } = chosen;
  const startAt = period.start.toISOString();
  const endAt = period.end.toISOString();
  if (same && same.startAt === startAt && same.endAt === endAt && sameRecord(same.search, chosen.search)) return same;
  const session: ReserveSession = {
    ...chooseCar(previous, {
      storeId: chosen.storeId,
      carTypeId: chosen.carTypeId,
      search: chosen.search,
      startAt: period.start,
      endAt: period.end,
      rentalPeriodSlug: parseSearchQuery(url.searchParams).rental_period_slug ?? "01",
      dateUndecided: false,
    }),
    withImmunity: chosen.withImmunity,
  };
  await saveReserveSession(context, session);
  return session;
}
