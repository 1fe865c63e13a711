import { and, count, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { carClasses, carTypes, feePlans, reservations, siteSettings, stores, vehicles } from "#server/db/schema";
import { type Actor, authorize } from "#server/staff/permissions";

/** The back office's home (issue 23): how far the site is set up, and how much it holds. */
export interface SiteOverview {
  stores: number;
  classes: number;
  carTypes: number;
  vehicles: number;
  feePlans: number;
  /** Confirmed or held bookings that have not ended. */
  upcoming: number;
  published: boolean;
  webReserveAccepting: boolean;
}

export async function siteOverview(db: Db, siteId: string, actor: Actor, now = new Date()): Promise<SiteOverview> {
  authorize(actor, "view");
  const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [storeCount, classCount, typeCount, vehicleCount, planCount, upcoming, [settings]] = await Promise.all([
    countOf(db.select({ n: count() }).from(stores).where(eq(stores.siteId, siteId))),
    countOf(db.select({ n: count() }).from(carClasses).where(eq(carClasses.siteId, siteId))),
    countOf(db.select({ n: count() }).from(carTypes).where(eq(carTypes.siteId, siteId))),
    countOf(db.select({ n: count() }).from(vehicles).where(eq(vehicles.siteId, siteId))),
    countOf(db.select({ n: count() }).from(feePlans).where(eq(feePlans.siteId, siteId))),
    countOf(
      db
        .select({ n: count() })
        .from(reservations)
        .where(
          and(
            eq(reservations.siteId, siteId),
            inArray(reservations.status, ["confirmed", "held"]),
            gt(reservations.endAt, now),
          ),
        ),
    ),
    db
      .select({ publicStatus: siteSettings.publicStatus, webReserveAccepting: siteSettings.webReserveAccepting })
      .from(siteSettings)
      .where(eq(siteSettings.siteId, siteId)),
  ]);
  return {
    stores: storeCount,
    classes: classCount,
    carTypes: typeCount,
    vehicles: vehicleCount,
    feePlans: planCount,
    upcoming,
    published: settings?.publicStatus === 1,
    webReserveAccepting: settings?.webReserveAccepting ?? true,
  };
}
