import { and, eq } from "drizzle-orm";
import { localDate, zonedInstant } from "#common/calendar-date";
import type { ExtraCharge } from "#common/counter";
import { isHighSeason } from "#common/store-rules";
import { carTypes, siteSettings, stores } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { fuelCharge, type LateReturnCharge, lateReturnCharge } from "#server/pricing/late-return";
import { selectFeePlan } from "#server/pricing/plan-selection";
import type { SiteBundle } from "#server/sites/site-bundle";
import { type Actor, authorize } from "#server/staff/permissions";
import { findReservation, type ReservationRecord } from "./reservations";
import { ADJUSTABLE_KINDS, type ReturnInput } from "./return.schema";
import { rentalStage } from "./stage";

/**
 * What a return adds to the bill (issue 37), proposed before anything is saved: the late return
 * (docs/pricing.md), refuelling, the NOC of a damaged car and another charge staff enter. The same
 * checks run at the proposal and at the save: a return not in the future and after the departure,
 * a meter not below the departure's, and a jump beyond the site's limit only once staff ticked that
 * they checked the meter.
 */

const HOUR = 3_600_000;

/** The site's settings a return is priced by, and the tank of the booking's car type. */
export interface ReturnRules {
  lateGraceMinutes: number;
  fuelPricePerLitre: number;
  nocDrivable: number;
  nocNotDrivable: number;
  mileageJumpKm: number;
  tankLitres: number;
}

export interface ReturnProposal {
  returnedAt: Date;
  /** The lines the rules propose (amount = proposed), in the order the page shows them. */
  lines: ExtraCharge[];
  total: number;
  late: LateReturnCharge | null;
  fuel: { eighths: number; litres: number; amount: number };
  /** Goes on the card paid in advance, or is paid at the counter. */
  settlement: "card" | "counter";
  /** Kilometres driven, for the page. */
  distanceKm: number | null;
}

export async function returnRules(db: DbOrTx, siteId: string, carTypeId: number): Promise<ReturnRules> {
  const [[settings], [carType]] = await Promise.all([
    db
      .select({
        lateGraceMinutes: siteSettings.lateGraceMinutes,
        fuelPricePerLitre: siteSettings.fuelPricePerLitre,
        nocDrivable: siteSettings.nocDrivable,
        nocNotDrivable: siteSettings.nocNotDrivable,
        mileageJumpKm: siteSettings.mileageJumpKm,
      })
      .from(siteSettings)
      .where(eq(siteSettings.siteId, siteId)),
    db
      .select({ tankLitres: carTypes.tankLitres })
      .from(carTypes)
      .where(and(eq(carTypes.siteId, siteId), eq(carTypes.id, carTypeId))),
  ]);
  if (!settings) throw new Error(`no settings for site ${siteId}`);
  return { ...settings, tankLitres: carType?.tankLitres ?? 40 };
}

export const paidByCardInAdvance = (r: ReservationRecord) => r.paymentStatus === "paid" && !!r.paymentId;

/** The late return priced by the booking's own plan (chosen by its departure date, as at booking). */
export function lateCharge(
  bundle: SiteBundle,
  r: ReservationRecord,
  returnedAt: Date,
  graceMinutes: number,
): LateReturnCharge | null {
  const store = bundle.stores.find((s) => s.id === r.storeId);
  const carType = bundle.catalogue.carTypes.find((t) => t.id === r.carTypeId);
  if (!store || !carType) return null;
  const startDate = localDate(r.startAt, store.timeZone);
  const plan = selectFeePlan(
    bundle.catalogue.feePlans,
    store.id,
    carType.classId,
    startDate,
    isHighSeason(store, startDate),
  );
  if (!plan?.tiers) return null;
  const fee = bundle.catalogue.immunityFees.find((f) => f.classId === carType.classId);
  return lateReturnCharge({
    plan: plan.tiers,
    booked: { start: r.startAt, end: r.endAt, timeZone: store.timeZone },
    returnedAt,
    immunityPerDay: r.immunityFee > 0 ? (fee?.pricePerDay ?? null) : null,
    graceMinutes,
  });
}

/** The lines the rules propose for a return (pure). */
export function proposedLines(input: {
  late: LateReturnCharge | null;
  fuel: { litres: number; amount: number };
  damage: ReturnInput["damage"];
  rules: Pick<ReturnRules, "nocDrivable" | "nocNotDrivable">;
  other: { amount: number | null; label: string };
}): ExtraCharge[] {
  const lines: ExtraCharge[] = [];
  const { late, fuel, damage, rules, other } = input;
  if (late && late.total > 0) lines.push({ kind: "late", label: String(late.lateHours), amount: late.total });
  if (fuel.amount > 0) lines.push({ kind: "fuel", label: String(fuel.litres), amount: fuel.amount });
  if (damage !== "none") {
    const noc = damage === "drivable" ? rules.nocDrivable : rules.nocNotDrivable;
    if (noc > 0) lines.push({ kind: "noc", label: damage, amount: noc });
  }
  if (other.amount) lines.push({ kind: "other", label: other.label, amount: other.amount });
  return lines;
}

const fieldError = (field: string, code: string, params?: Record<string, string | number>) =>
  new AppError("invalid_input", {
    fieldErrors: { [field]: { code, ...(params ? { params } : {}) } as never },
  });

/** The booking being returned, checked to be in use and the actor's to work on. */
export async function reservationInUse(db: DbOrTx, siteId: string, actor: Actor, reserveNo: string) {
  const r = await findReservation(db, siteId, actor, reserveNo);
  authorize(actor, "store.reservations", r.storeId);
  if (r.status !== "confirmed" || rentalStage(r) !== "in_use" || !r.departedAt) {
    throw new AppError("rejected", { reason: { code: "reservation_stage", params: { stage: rentalStage(r) } } });
  }
  return r as ReservationRecord & { departedAt: Date };
}

/**
 * The first step of a return: the checks, then every charge the rules propose. Nothing is written.
 * `now` is the server's clock (a return may not be recorded ahead of it).
 */
export async function proposeReturn(
  db: DbOrTx,
  siteId: string,
  input: { actor: Actor; reserveNo: string; form: ReturnInput; bundle: SiteBundle; now: Date },
): Promise<{ reservation: ReservationRecord; proposal: ReturnProposal; rules: ReturnRules }> {
  const { form } = input;
  const r = await reservationInUse(db, siteId, input.actor, input.reserveNo);
  const [store] = await db
    .select({ timeZone: stores.timeZone })
    .from(stores)
    .where(and(eq(stores.siteId, siteId), eq(stores.id, r.storeId)));
  const returnedAt = zonedInstant(form.returned_date, form.returned_time, store?.timeZone ?? "Asia/Tokyo");
  if (returnedAt <= r.departedAt) throw fieldError("returned_date", "return_before_departure");
  if (returnedAt > input.now) throw fieldError("returned_date", "time_in_future");
  if (returnedAt.getTime() > r.endAt.getTime() + 30 * 24 * HOUR) throw fieldError("returned_date", "time_out_of_range");
  if (r.departureMileage !== null && form.mileage_km < r.departureMileage) {
    throw fieldError("mileage_km", "mileage_below", { km: r.departureMileage });
  }
  const rules = await returnRules(db, siteId, r.carTypeId);
  const distanceKm = r.departureMileage === null ? null : form.mileage_km - r.departureMileage;
  if (distanceKm !== null && distanceKm > rules.mileageJumpKm && !form.meter_checked) {
    throw fieldError("meter_checked", "mileage_jump", { km: distanceKm, limit: rules.mileageJumpKm });
  }
  const late = lateCharge(input.bundle, r, returnedAt, rules.lateGraceMinutes);
  const fuel = fuelCharge({
    departureFuel: r.departureFuel,
    returnFuel: form.fuel,
    tankLitres: rules.tankLitres,
    pricePerLitre: rules.fuelPricePerLitre,
  });
  const lines = proposedLines({
    late,
    fuel,
    damage: form.damage,
    rules,
    other: { amount: form.other_charge, label: form.other_label },
  });
  return {
    reservation: r,
    rules,
    proposal: {
      returnedAt,
      lines,
      total: lines.reduce((sum, line) => sum + line.amount, 0),
      late,
      fuel,
      settlement: paidByCardInAdvance(r) ? "card" : "counter",
      distanceKm,
    },
  };
}

/** A proposed line staff charged another amount for, with their reason. */
export interface Adjustment {
  kind: string;
  proposed: number;
  charged: number;
  reason: string;
}

/**
 * The lines as staff settle them: each adjustable line at the amount typed (the proposal when left
 * empty or unchanged); a changed amount needs a reason, kept on the line with the proposed amount.
 */
export function adjustedLines(
  lines: readonly ExtraCharge[],
  form: Pick<ReturnInput, "charge_late" | "charge_fuel" | "charge_noc" | "reason_late" | "reason_fuel" | "reason_noc">,
): { lines: ExtraCharge[]; adjustments: Adjustment[] } {
  const adjustments: Adjustment[] = [];
  const missing: Record<string, { code: "adjust_reason_required" }> = {};
  const out = lines.map((line) => {
    const kind = (ADJUSTABLE_KINDS as readonly string[]).includes(line.kind)
      ? (line.kind as (typeof ADJUSTABLE_KINDS)[number])
      : null;
    if (!kind) return line;
    const charged = form[`charge_${kind}`];
    if (charged === null || charged === line.amount) return line;
    const reason = form[`reason_${kind}`].trim();
    if (!reason) missing[`reason_${kind}`] = { code: "adjust_reason_required" };
    adjustments.push({ kind, proposed: line.amount, charged, reason });
    return { ...line, amount: charged, proposed: line.amount, reason };
  });
  if (Object.keys(missing).length) throw new AppError("invalid_input", { fieldErrors: missing });
  return { lines: out, adjustments };
}
