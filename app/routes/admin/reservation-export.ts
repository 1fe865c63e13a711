import { adminLocaleOf, requireStaffAccess } from "#app/lib/admin.server";
import { reservationsCsv } from "#app/presenters/counter-csv.server";
import { reservationFilter } from "#server/counter/counter.schema";
import { exportReservations } from "#server/counter/reservations";
import { csvResponse } from "#server/imports/csv";
import { siteTimeZone } from "#server/sites/site-bundle";
import type { Route } from "./+types/reservation-export";

/** `/reservations/export`: the bookings the list's filter finds, as a CSV for Excel. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const filter = reservationFilter(new URL(request.url).searchParams);
  const rows = await exportReservations(db, siteId, actor, filter, siteTimeZone(bundle));
  return csvResponse(reservationsCsv(rows, adminLocaleOf(context) ?? "ja"), `reservations-${siteId}.csv`);
}
