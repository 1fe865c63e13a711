import { and, asc, eq, gte, isNotNull, lt } from "drizzle-orm";
import { addDays, zonedInstant } from "#common/calendar-date";
import type { CheckSheet } from "#common/counter";
import { pickLang } from "#common/locales";
import { MONTH } from "#common/params";
import { findReservation } from "#server/counter/reservations";
import type { Db } from "#server/db/client";
import { carTypes, reservations, siteFooters, siteSettings, stores, vehicles } from "#server/db/schema";
import type { ReservationPerson } from "#server/db/schema/reservations";
import { AppError, notFoundError } from "#server/errors";
import { type Actor, authorize, can } from "#server/staff/permissions";

/**
 * The paperwork of a rental (issue 41 item 5): the rental certificate (貸渡証) the driver carries,
 * the check sheet filled in at the car, and the rental record (貸渡簿) a store keeps of every
 * rental. These functions gather the facts; the presenter words them and server/paperwork/*-pdf.ts
 * lays them out. Anyone who may see the booking (or the store) may print its paperwork.
 */

export interface Company {
  /** The company's legal name: the invoice issuer's, the footer's, or the site's title. */
  name: string;
  storeName: string;
  zip: string;
  address: string;
  tel: string;
}

export interface Paperwork {
  reserveNo: string;
  company: Company;
  timeZone: string;
  renter: { name: string; company: string; tel: string; address: string };
  driver: { name: string; licenseNumber: string };
  carType: string;
  plate: string | null;
  startAt: Date;
  endAt: Date;
  departedAt: Date | null;
  departureMileage: number | null;
  departureFuel: number | null;
  departureCheck: CheckSheet | null;
  returnedAt: Date | null;
  returnMileage: number | null;
  returnFuel: number | null;
  returnCheck: CheckSheet | null;
}

type Lang = "ja" | "en";

async function companyOf(db: Db, siteId: string, storeId: number, lang: Lang): Promise<Company & { timeZone: string }> {
  const [[settings], [footer], [store]] = await Promise.all([
    db
      .select({ title: siteSettings.siteTitle, issuer: siteSettings.invoiceIssuerName })
      .from(siteSettings)
      .where(eq(siteSettings.siteId, siteId)),
    db.select().from(siteFooters).where(eq(siteFooters.siteId, siteId)),
    db
      .select()
      .from(stores)
      .where(and(eq(stores.siteId, siteId), eq(stores.id, storeId))),
  ]);
  if (!store) throw notFoundError();
  const name =
    settings?.issuer.trim() || (footer ? pickLang(footer, "companyName", lang).trim() : "") || settings?.title || "";
  return {
    name,
    storeName: pickLang(store, "storeName", lang),
    zip: store.zip,
    address:
      `${pickLang(store, "addressA", lang)}${lang === "en" ? " " : ""}${pickLang(store, "addressB", lang)}`.trim(),
    tel: store.tel,
    timeZone: store.timeZone,
  };
}

const personAddress = (p: ReservationPerson | null) =>
  p ? [p.zip ? `〒${p.zip}` : "", `${p.addressA ?? ""}${p.addressB ?? ""}`].filter(Boolean).join(" ") : "";

/** The driver is the renter unless another was named; the licence is the driver's. */
function driverOf(r: typeof reservations.$inferSelect) {
  const driver = r.driver?.name ? r.driver : r.borrower;
  return { name: driver?.name ?? "", licenseNumber: driver?.licenseNumber ?? r.borrower?.licenseNumber ?? "" };
}

/** One booking's facts for its certificate and check sheet. */
export async function paperworkFor(
  db: Db,
  siteId: string,
  actor: Actor,
  input: { reserveNo: string; lang: Lang },
): Promise<Paperwork> {
  const r = await findReservation(db, siteId, actor, input.reserveNo);
  if (r.status !== "confirmed") throw notFoundError();
  const [{ timeZone, ...company }, [type], [vehicle]] = await Promise.all([
    companyOf(db, siteId, r.storeId, input.lang),
    db
      .select()
      .from(carTypes)
      .where(and(eq(carTypes.siteId, siteId), eq(carTypes.id, r.carTypeId))),
    r.vehicleId === null
      ? Promise.resolve([])
      : db
          .select({ plate: vehicles.registrationNumber })
          .from(vehicles)
          .where(and(eq(vehicles.siteId, siteId), eq(vehicles.id, r.vehicleId))),
  ]);
  const b = r.borrower;
  return {
    reserveNo: r.reserveNo,
    company,
    timeZone,
    renter: { name: b?.name ?? "", company: b?.company ?? "", tel: b?.tel ?? "", address: personAddress(b) },
    driver: driverOf(r),
    carType: type ? pickLang(type, "typeName", input.lang) : "",
    plate: vehicle?.plate ?? null,
    startAt: r.startAt,
    endAt: r.endAt,
    departedAt: r.departedAt,
    departureMileage: r.departureMileage,
    departureFuel: r.departureFuel,
    departureCheck: r.departureCheck,
    returnedAt: r.returnedAt,
    returnMileage: r.returnMileage,
    returnFuel: r.returnFuel,
    returnCheck: r.returnCheck,
  };
}

export interface RentalRecordRow {
  reserveNo: string;
  renter: string;
  driver: string;
  licenseNumber: string;
  plate: string;
  departedAt: Date;
  returnedAt: Date | null;
  departureMileage: number | null;
  returnMileage: number | null;
}

export interface RentalRecord {
  company: Company;
  timeZone: string;
  /** The first day and the day after the last, in the store's calendar (ISO dates). */
  from: string;
  until: string;
  rows: RentalRecordRow[];
}

/** A day (`2026-12-01`) or a month (`2026-12`): its first day and the day after its last. */
export function recordPeriod(period: string): { from: string; until: string } {
  const day = new Date(`${period}T00:00:00Z`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(period) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(period)) {
    return { from: period, until: addDays(period, 1) };
  }
  if (MONTH.test(period)) {
    const [year, month] = period.split("-").map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
    return { from: `${period}-01`, until: `${next}-01` };
  }
  throw new AppError("invalid_input", { fieldErrors: { period: { code: "date_invalid" } } });
}

/**
 * The rental record of a store: every car handed over in the period (by its departure), oldest
 * first, with its meters. Store staff only for their own stores.
 */
export async function rentalRecordFor(
  db: Db,
  siteId: string,
  actor: Actor,
  input: { storeId: number; period: string; lang: Lang },
): Promise<RentalRecord> {
  authorize(actor, "view");
  if (actor.role === "store_staff" && !can(actor, "store.reservations", input.storeId)) throw notFoundError();
  const { from, until } = recordPeriod(input.period);
  const { timeZone, ...company } = await companyOf(db, siteId, input.storeId, input.lang);
  const start = zonedInstant(from, "00:00", timeZone);
  const end = zonedInstant(until, "00:00", timeZone);
  const rows = await db
    .select({
      reserveNo: reservations.reserveNo,
      borrower: reservations.borrower,
      driver: reservations.driver,
      plate: vehicles.registrationNumber,
      departedAt: reservations.departedAt,
      returnedAt: reservations.returnedAt,
      departureMileage: reservations.departureMileage,
      returnMileage: reservations.returnMileage,
    })
    .from(reservations)
    .leftJoin(vehicles, and(eq(vehicles.siteId, reservations.siteId), eq(vehicles.id, reservations.vehicleId)))
    .where(
      and(
        eq(reservations.siteId, siteId),
        eq(reservations.storeId, input.storeId),
        isNotNull(reservations.departedAt),
        eq(reservations.status, "confirmed"),
        gte(reservations.departedAt, start),
        lt(reservations.departedAt, end),
      ),
    )
    .orderBy(asc(reservations.departedAt), asc(reservations.id));
  return {
    company,
    timeZone,
    from,
    until,
    rows: rows.map((r) => {
      const driver = r.driver?.name ? r.driver : r.borrower;
      return {
        reserveNo: r.reserveNo,
        renter: r.borrower?.company || r.borrower?.name || "",
        driver: driver?.name ?? "",
        licenseNumber: driver?.licenseNumber ?? "",
        plate: r.plate ?? "",
        departedAt: r.departedAt as Date,
        returnedAt: r.returnedAt,
        departureMileage: r.departureMileage,
        returnMileage: r.returnMileage,
      };
    }),
  };
}
