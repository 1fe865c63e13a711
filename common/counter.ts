/**
 * The counter's vocabulary (issue 24), shared by the database's columns, the forms' schemas and the
 * back office's pages: the check sheet of the spec's "Car" labels (§3), fuel levels, and the charges
 * settled at a return.
 */

/** The check sheet's items (spec §3): each is checked fine ("ok") or not ("ng") at departure and return. */
export const CHECK_ITEMS = ["tires", "lights", "brakes", "wipers", "engine", "fluids", "mats", "others"] as const;
export type CheckItem = (typeof CHECK_ITEMS)[number];
export type CheckSheet = Partial<Record<CheckItem, "ok" | "ng">>;

/** Fuel in eighths of the tank, as a gauge reads: 8 is full, 0 empty. */
export const FUEL_FULL = 8;
export const FUEL_LEVELS = [8, 7, 6, 5, 4, 3, 2, 1, 0] as const;

/**
 * What a return may add to the bill: a late return, fuel, the non-operation charge of a damaged car
 * (NOC), an option added at the counter, or another charge.
 */
export const EXTRA_KINDS = ["late", "fuel", "noc", "option", "other"] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];

export interface ExtraCharge {
  kind: ExtraKind;
  /** What the line says (an option's name, the late hours, a note), in the staff's words. */
  label: string;
  /** Integer yen, tax included: what is charged. */
  amount: number;
  /** What the rules proposed, when staff charged another amount (issue 37). */
  proposed?: number;
  /** Why staff charged another amount than proposed. */
  reason?: string;
}

/** The damage a return records: none (null), a car that can still be driven, or one that cannot. */
export const RETURN_DAMAGE = ["none", "drivable", "not_drivable"] as const;
export type ReturnDamage = (typeof RETURN_DAMAGE)[number];

/**
 * Where a booking stands at the counter: booked (no car handed over yet), in use (departed), returned,
 * or cancelled. Held and lapsed card payments are not bookings yet.
 */
export const RENTAL_STAGES = ["booked", "in_use", "returned", "cancelled"] as const;
export type RentalStage = (typeof RENTAL_STAGES)[number];

/** A step of a site's cancellation fee schedule: at most `daysBefore` days before departure, `percent` is kept. */
export interface CancellationFeeStep {
  daysBefore: number;
  percent: number;
}
