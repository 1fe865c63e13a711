import { and, eq, sql } from "drizzle-orm";
import type { ExtraCharge } from "#common/counter";
import { recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { reservations, vehicles } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { LedgerEntry } from "#server/ledger/ledger";
import type { PaymentGateway } from "#server/payments/types";
import type { SiteBundle } from "#server/sites/site-bundle";
import { type Actor, authorize } from "#server/staff/permissions";
import { checkSheetOf } from "./counter.schema";
import { findReservation } from "./reservations";
import type { ReturnCashInput, ReturnInput } from "./return.schema";
import { adjustedLines, proposeReturn, type ReturnProposal } from "./return-charges";
import {
  chargeReturnToCard,
  type ReturnSettlement,
  recordReturnAtCounter,
  returnCashKey,
  returnSettlement,
  writeCardAttempt,
} from "./return-settlement";
import { rentalStage } from "./stage";

/**
 * The return at the counter (issue 37): the proposal again (the rules, not the browser, give the
 * amounts), staff's adjustments with their reasons, then one transaction that records the return,
 * its lines and the audit, and writes the ledger's attempt (a card) or its whole entry (the counter).
 * A card is charged after that transaction, so the attempt is stored before the gateway hears of it.
 */

export interface ReturnDeps {
  bundle: SiteBundle;
  payments: PaymentGateway;
  now: Date;
}

export interface ReturnResult {
  extras: ExtraCharge[];
  extraFee: number;
  settlement: ReturnSettlement;
}

/** The proposal to show (the first step), nothing written. */
export async function previewReturn(
  db: Db,
  siteId: string,
  input: { actor: Actor; reserveNo: string; form: ReturnInput },
  deps: Pick<ReturnDeps, "bundle" | "now">,
): Promise<ReturnProposal> {
  return (await proposeReturn(db, siteId, { ...input, ...deps })).proposal;
}

export async function recordReturn(
  db: Db,
  siteId: string,
  input: { actor: Actor; reserveNo: string; form: ReturnInput },
  deps: ReturnDeps,
): Promise<ReturnResult> {
  const { actor, form } = input;
  const { reservation: r, proposal } = await proposeReturn(db, siteId, { ...input, ...deps });
  // Staff confirm what they were shown: a proposal that moved since (or none shown) is shown again.
  if (form.shown_total !== proposal.total) {
    throw new AppError("rejected", { reason: { code: "charges_changed" } });
  }
  const { lines, adjustments } = adjustedLines(proposal.lines, form);
  const extraFee = lines.reduce((sum, line) => sum + line.amount, 0);
  const record = {
    returnedAt: proposal.returnedAt,
    returnMileage: form.mileage_km,
    returnFuel: form.fuel,
    returnCheck: checkSheetOf(form),
    returnNotes: form.notes,
    returnDamage: form.damage === "none" ? null : form.damage,
    extras: lines,
    extraFee,
  };
  const staffId = actor.id;
  const attempt = await db.transaction(async (tx): Promise<LedgerEntry | null> => {
    const done = await tx
      .update(reservations)
      .set(record)
      .where(
        and(
          eq(reservations.siteId, siteId),
          eq(reservations.id, r.id),
          sql`${reservations.departedAt} is not null`,
          sql`${reservations.returnedAt} is null`,
        ),
      )
      .returning({ id: reservations.id });
    // Recorded meanwhile (a double click): its own charges stand, settled once under the same key.
    if (!done.length) return null;
    if (r.vehicleId !== null) {
      await tx
        .update(vehicles)
        .set({ mileageKm: sql`greatest(${vehicles.mileageKm}, ${form.mileage_km})` })
        .where(and(eq(vehicles.siteId, siteId), eq(vehicles.id, r.vehicleId)));
    }
    await recordAudit(tx, siteId, actor, {
      action: "reservation.return",
      entity: "reservation",
      entityId: r.reserveNo,
      after: { ...record, proposed: proposal.lines },
    });
    for (const a of adjustments) {
      await recordAudit(tx, siteId, actor, {
        action: "reservation.return.adjust",
        entity: "reservation",
        entityId: r.reserveNo,
        before: { kind: a.kind, amount: a.proposed },
        after: { kind: a.kind, amount: a.charged, reason: a.reason },
      });
    }
    if (extraFee <= 0) return null;
    if (proposal.settlement === "card")
      return writeCardAttempt(tx, siteId, { reservation: r, amount: extraFee, staffId });
    const item = await recordReturnAtCounter(tx, siteId, {
      reservation: r,
      amount: extraFee,
      staffId,
      method: form.settle_method,
    });
    await auditSettlement(tx, siteId, actor, r.reserveNo, {
      state: "succeeded",
      method: item.attempt.method,
      amount: item.outcome?.amount ?? 0,
      attempted: item.attempt.amount,
      reason: null,
      fallback: null,
    });
    return null;
  });
  let settlement: ReturnSettlement;
  if (attempt) {
    settlement = await chargeReturnToCard(db, siteId, { attempt, payments: deps.payments });
    await auditSettlement(db, siteId, actor, r.reserveNo, settlement);
  } else {
    settlement = await returnSettlement(db, siteId, r.id);
  }
  const [saved] = await db
    .select({ extras: reservations.extras, extraFee: reservations.extraFee })
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, r.id)));
  return { extras: saved?.extras ?? lines, extraFee: saved?.extraFee ?? extraFee, settlement };
}

/** The audit of the money, as the ledger's outcome says (pending while the gateway's answer is unknown). */
async function auditSettlement(
  db: Parameters<typeof recordAudit>[0],
  siteId: string,
  actor: Actor,
  reserveNo: string,
  s: ReturnSettlement,
): Promise<void> {
  if (s.state === "none") return;
  await recordAudit(db, siteId, actor, {
    action: "reservation.return.settle",
    entity: "reservation",
    entityId: reserveNo,
    after:
      s.state === "pending"
        ? { state: s.state, method: s.method, attempted: s.amount }
        : { state: s.state, method: s.method, amount: s.amount, reason: s.reason },
  });
}

/**
 * A card that refused the return's charges: staff take them in cash at the counter instead, as a
 * second ledger entry under its own key (once, however often the button is pressed).
 */
export async function settleFailedCardAsCash(
  db: Db,
  siteId: string,
  input: { actor: Actor; reserveNo: string; form: ReturnCashInput },
): Promise<ReturnSettlement> {
  const r = await findReservation(db, siteId, input.actor, input.reserveNo);
  authorize(input.actor, "store.reservations", r.storeId);
  const settlement = await returnSettlement(db, siteId, r.id);
  if (rentalStage(r) !== "returned" || settlement.state !== "failed") {
    throw new AppError("rejected", { reason: { code: "return_not_card_failed" } });
  }
  if (settlement.fallback) return settlement;
  await db.transaction(async (tx) => {
    const item = await recordReturnAtCounter(tx, siteId, {
      reservation: r,
      amount: settlement.attempted,
      staffId: input.actor.id,
      method: "cash",
      key: returnCashKey(siteId, r.id),
    });
    await recordAudit(tx, siteId, input.actor, {
      action: "reservation.return.settle",
      entity: "reservation",
      entityId: r.reserveNo,
      after: { state: item.outcome?.status, method: item.attempt.method, amount: item.outcome?.amount ?? 0 },
    });
  });
  return returnSettlement(db, siteId, r.id);
}
