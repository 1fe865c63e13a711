import { adminLocaleOf, requireStaffAccess } from "#app/lib/admin.server";
import { dayCsv } from "#app/presenters/counter-csv.server";
import { localDate } from "#common/calendar-date";
import { dayAtStores } from "#server/counter/boards";
import { dayFilter } from "#server/counter/counter.schema";
import { csvResponse } from "#server/imports/csv";
import { siteTimeZone } from "#server/sites/site-bundle";
import type { Route } from "./+types/today-export";

/** `/today/export?date=&store=`: the day's departures and returns at each store, as a CSV for Excel. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const now = new Date();
  const query = dayFilter(new URL(request.url).searchParams, localDate(now, siteTimeZone(bundle)));
  const days = await dayAtStores(db, siteId, actor, query, now);
  return csvResponse(dayCsv(days, adminLocaleOf(context) ?? "ja"), `today-${query.date}.csv`);
}
