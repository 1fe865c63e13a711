import type { Db } from "#server/db/client";
import {
  carClasses,
  carOptions,
  carTypes,
  feePlans,
  immunityFees,
  reservations,
  storeHolidays,
  vehicles,
} from "#server/db/schema";
import { FEE_TIER_KEYS, type FeePlanTiers, FeePlanTiersSchema } from "#server/pricing/fee-plan";
import { reservationSearchText } from "#server/search/search-text";

/** Vehicles written per statement: 6 parameters each, far below PostgreSQL's limit of 65,535. */
const VEHICLE_BATCH = 2_000;

/** Fee plans are checked when written (docs/pricing.md): an incomplete or inconsistent plan is refused here. */
function feePlanTiers(
  plan: Partial<Record<(typeof FEE_TIER_KEYS)[number], number | null>> & { mode: number },
): FeePlanTiers {
  const tiers = Object.fromEntries(FEE_TIER_KEYS.map((k) => [k, plan[k] ?? null]));
  const parsed = FeePlanTiersSchema.safeParse({ ...tiers, mode: plan.mode });
  if (!parsed.success) {
    throw new Error(
      `invalid fee plan: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
    );
  }
  return parsed.data;
}

/** A table's insert shape without the tenant key and the generated id: what factories take. */
export type Bare<T extends { $inferInsert: unknown }> = Omit<T["$inferInsert"], "siteId" | "id">;

/**
 * A site's catalogue, referring to its own parts by key instead of database ids:
 * stores by their index in the site's store list, classes and types by a `key`.
 */
export interface CatalogueInput {
  classes: (Bare<typeof carClasses> & { key: string })[];
  carTypes: (Omit<Bare<typeof carTypes>, "classId"> & { key: string; classKey: string })[];
  /** `count` vehicles of a type at a store; registration numbers are `plates` or generated. */
  vehicles: { store: number; typeKey: string; count: number; outOfService?: number; plates?: string[] }[];
  options?: (Omit<Bare<typeof carOptions>, "storeIds" | "classIds"> & {
    stores?: number[];
    classKeys?: string[];
  })[];
  immunityFees?: { classKey: string; pricePerDay: number; isDefault?: boolean }[];
  feePlans?: (Omit<Bare<typeof feePlans>, "storeId" | "classId"> & { store: number; classKey: string })[];
  holidays?: { store: number; date: string }[];
  reservations?: {
    store: number;
    typeKey: string;
    startAt: Date;
    endAt: Date;
    reserveNo: string;
    isCancelled?: boolean;
    /** The car given to it: the index among its store's vehicles of its type. */
    vehicle?: number;
    /** The renter, fees, departure and return; a departure without meters gets them from its car. */
    details?: ReservationDetails;
  }[];
}

export type ReservationDetails = Omit<
  Partial<Bare<typeof reservations>>,
  "reserveNo" | "storeId" | "carTypeId" | "startAt" | "endAt" | "status" | "vehicleId"
>;

export interface CreatedCatalogue {
  classIds: Record<string, number>;
  typeIds: Record<string, number>;
}

function lookup(map: Record<string, number>, key: string, what: string): number {
  const id = map[key];
  if (id === undefined) throw new Error(`unknown ${what} key "${key}"`);
  return id;
}

function storeAt(storeIds: number[], index: number): number {
  const id = storeIds[index];
  if (id === undefined) throw new Error(`no store at index ${index}`);
  return id;
}

/**
 * Meters that follow each car: its departed bookings, latest first, end at or below the car's
 * reading, each one's departure below its return (about 80 km a day driven), none going back.
 */
function withMeters(
  rows: (ReservationDetails & { vehicleId: number | null; startAt: Date; endAt: Date })[],
  fleet: { id: number; mileageKm: number }[],
) {
  for (const car of fleet) {
    let reading = car.mileageKm;
    const driven = rows
      .filter((r) => r.vehicleId === car.id && r.departedAt && r.departureMileage == null)
      .sort((a, b) => b.startAt.getTime() - a.startAt.getTime());
    for (const r of driven) {
      const days = Math.max(1, Math.ceil((r.endAt.getTime() - r.startAt.getTime()) / 86_400_000));
      if (r.returnedAt) {
        r.returnMileage = reading;
        reading -= 60 * days + (r.startAt.getTime() % 97);
      }
      r.departureMileage = Math.max(0, reading);
      reading = Math.max(0, reading - 15);
    }
  }
}

/** Creates a catalogue for a site whose stores already exist, in one transaction. */
export async function createCatalogue(
  db: Db,
  siteId: string,
  storeIds: number[],
  input: CatalogueInput,
): Promise<CreatedCatalogue> {
  return db.transaction(async (tx) => {
    const classIds: Record<string, number> = {};
    for (const { key, ...c } of input.classes) {
      const [row] = await tx
        .insert(carClasses)
        .values({ ...c, siteId })
        .returning({ id: carClasses.id });
      if (row) classIds[key] = row.id;
    }
    const typeIds: Record<string, number> = {};
    for (const { key, classKey, ...t } of input.carTypes) {
      const [row] = await tx
        .insert(carTypes)
        .values({ ...t, siteId, classId: lookup(classIds, classKey, "class") })
        .returning({ id: carTypes.id });
      if (row) typeIds[key] = row.id;
    }
    const vehicleRows = input.vehicles.flatMap((v) =>
      Array.from({ length: v.count }, (_, i) => ({
        siteId,
        storeId: storeAt(storeIds, v.store),
        carTypeId: lookup(typeIds, v.typeKey, "car type"),
        registrationNumber: v.plates?.[i] ?? `${siteId}-${v.store}-${v.typeKey}-${i + 1}`,
        inService: i >= (v.outOfService ?? 0),
        mileageKm: 5_000 + i * 7_919,
      })),
    );
    // In batches: one statement of every vehicle would pass PostgreSQL's 65,535 bind parameters
    // past about 10,900 vehicles.
    const fleet: { id: number; mileageKm: number }[] = [];
    for (let i = 0; i < vehicleRows.length; i += VEHICLE_BATCH) {
      fleet.push(
        ...(await tx
          .insert(vehicles)
          .values(vehicleRows.slice(i, i + VEHICLE_BATCH))
          .returning({ id: vehicles.id, mileageKm: vehicles.mileageKm })),
      );
    }
    // A reservation's car by its index among its store's vehicles of its type.
    const carOf = (store: number, typeKey: string, index: number) => {
      const storeId = storeAt(storeIds, store);
      const typeId = lookup(typeIds, typeKey, "car type");
      const at = vehicleRows.flatMap((v, i) => (v.storeId === storeId && v.carTypeId === typeId ? [i] : []))[index];
      const car = at === undefined ? undefined : fleet[at];
      if (!car) throw new Error(`no vehicle ${index} of "${typeKey}" at store ${store}`);
      return car;
    };
    if (input.options?.length) {
      await tx.insert(carOptions).values(
        input.options.map(({ stores, classKeys, ...o }) => ({
          ...o,
          siteId,
          storeIds: (stores ?? []).map((s) => storeAt(storeIds, s)),
          classIds: (classKeys ?? []).map((k) => lookup(classIds, k, "class")),
        })),
      );
    }
    if (input.immunityFees?.length) {
      await tx.insert(immunityFees).values(
        input.immunityFees.map((f) => ({
          siteId,
          classId: lookup(classIds, f.classKey, "class"),
          pricePerDay: f.pricePerDay,
          isDefault: f.isDefault ?? true,
        })),
      );
    }
    if (input.feePlans?.length) {
      await tx.insert(feePlans).values(
        input.feePlans.map(({ store, classKey, ...p }) => ({
          ...p,
          ...feePlanTiers(p),
          siteId,
          storeId: storeAt(storeIds, store),
          classId: lookup(classIds, classKey, "class"),
        })),
      );
    }
    if (input.holidays?.length) {
      await tx
        .insert(storeHolidays)
        .values(input.holidays.map((h) => ({ siteId, storeId: storeAt(storeIds, h.store), holidayDate: h.date })));
    }
    if (input.reservations?.length) {
      const rows = input.reservations.map((r) => ({
        ...r.details,
        siteId,
        reserveNo: r.reserveNo,
        searchText: reservationSearchText(r.reserveNo, r.details?.borrower ?? null, r.details?.driver ?? null),
        storeId: storeAt(storeIds, r.store),
        carTypeId: lookup(typeIds, r.typeKey, "car type"),
        startAt: r.startAt,
        endAt: r.endAt,
        status: r.isCancelled ? ("cancelled" as const) : ("confirmed" as const),
        vehicleId: r.vehicle === undefined ? null : carOf(r.store, r.typeKey, r.vehicle).id,
      }));
      withMeters(rows, fleet);
      await tx.insert(reservations).values(rows);
    }
    return { classIds, typeIds };
  });
}
