import { adminLocaleOf, requireStaffAccess } from "#app/lib/admin.server";
import { takingsCsv } from "#app/presenters/takings-csv.server";
import { localDate } from "#common/calendar-date";
import { dayFilter } from "#server/counter/counter.schema";
import { csvResponse } from "#server/imports/csv";
import { siteTimeZone } from "#server/sites/site-bundle";
import { dailyTakings } from "#server/takings/takings";
import type { Route } from "./+types/takings-export";

/** `/takings/export?date=&store=`: the day's takings of each store, as a CSV for Excel. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const query = dayFilter(new URL(request.url).searchParams, localDate(new Date(), siteTimeZone(bundle)));
  const days = await dailyTakings(db, siteId, actor, query);
  return csvResponse(takingsCsv(days, adminLocaleOf(context) ?? "ja"), `takings-${query.date}.csv`);
}
