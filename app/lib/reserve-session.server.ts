import { type RouterContextProvider, redirect, replace } from "react-router";
import { RESERVE_SESSION_KEY, type ReserveSession, readReserveSession } from "#server/reservations/reserve-session";
import { getSession } from "./session.server";
import { sitePath } from "./site";
import { getSite } from "./site.server";

/** The visitor's reservation session (spec §3), or null. */
export async function getReserveSession(context: Readonly<RouterContextProvider>): Promise<ReserveSession | null> {
  return readReserveSession(await getSession(context).data());
}

export function saveReserveSession(context: Readonly<RouterContextProvider>, value: ReserveSession): Promise<void> {
  return getSession(context).setData(RESERVE_SESSION_KEY, value);
}

export function clearReserveSession(context: Readonly<RouterContextProvider>): Promise<void> {
  return getSession(context).setData(RESERVE_SESSION_KEY, undefined);
}

/**
 * A path of the booking flow under the page's language and site (`/reserve/confirm`, …); inside
 * the embedded flow, its embedded twin (`/custom_page/confirm`, decision 025).
 */
export function reservePath(context: Readonly<RouterContextProvider>, path: string): string {
  return sitePath(getSite(context), path);
}

/**
 * The reservation session a step needs; without one the visitor goes back to the search
 * (spec §4: options and confirm without a session return to reserve).
 */
export async function requireReserveSession(context: Readonly<RouterContextProvider>): Promise<ReserveSession> {
  const session = await getReserveSession(context);
  if (!session) throw redirect(reservePath(context, "/reserve"));
  // Back from the completion page lands on the search of the booking just made, not today's defaults (issue 40).
  // A replace, so the completion page stays ahead in the history and Forward returns to it.
  if (session.completed) throw replace(searchPathOf(context, session));
  return session;
}

/** The results page of a session's search: its dates, its store and its filters, as the visitor asked. */
export function searchPathOf(context: Readonly<RouterContextProvider>, session: ReserveSession): string {
  const query = new URLSearchParams({ ...session.search, si: String(session.storeId) });
  return `${reservePath(context, "/reserve")}?${query}`;
}

/** The path of the options step of the session's car, with its search carried. */
export function optionsPath(context: Readonly<RouterContextProvider>, session: ReserveSession): string {
  const query = new URLSearchParams(session.search).toString();
  return `${reservePath(context, `/reserve/stores/${session.storeId}/cars/${session.carTypeId}/options`)}${query ? `?${query}` : ""}`;
}
