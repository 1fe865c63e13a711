import { and, desc, eq, isNull } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit-log";
import { retryingDeadlocks, sqlRefusal } from "#server/catalog/sql-errors";
import type { Db } from "#server/db/client";
import { auditLog, reservations } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { LedgerItem } from "#server/ledger/ledger";
import type { Logger } from "#server/logger";
import type { Mailer } from "#server/mail/mailer";
import type { DbOrTx } from "#server/mail/outbox";
import type { PaymentGateway } from "#server/payments/types";
import { isFullyBooked, type RenderedMail } from "#server/reservations/booking";
import { type Quote, quoteReservation } from "#server/reservations/quote";
import { bookedOptions } from "#server/reservations/submit";
import { counterBundle } from "#server/reservations/submit-preflight";
import type { SiteBundle } from "#server/sites/site-bundle";
import { type Actor, authorize } from "#server/staff/permissions";
import { reservationEvent } from "#server/webhooks/events";
import { announceLedgerPayments } from "#server/webhooks/ledger-events";
import { cardBalance, finishOperation, markRefundedWhenEmpty, planCharge, planRefunds, tally } from "./card-payments";
import type { ChangeInput } from "./counter.schema";
import { bookableQuote, counterSearch } from "./counter-quote";
import { sendNotice } from "./notice-mails";
import { findReservation, type ReservationRecord } from "./reservations";
import { rentalStage } from "./stage";

/**
 * Changing a booking at the counter (issue 24): another store, car type, period, options or
 * immunity, priced by the public site's quote (the booking does not stand in its own way) and
 * guarded by the capacity trigger and the car's exclusion constraint. The booking, its audit entry
 * and the difference's ledger attempts are one transaction; then the difference is charged to or
 * refunded from a card paid in advance, under a key derived from the booking and its new revision, so
 * a retry pays nothing twice, and the mails say what the card took or gave back.
 */

export interface ChangeRequest extends ChangeInput {
  options: { optionId: number; quantity: number }[];
}

/** How a change's difference went on the card, from the ledger's outcomes. */
export interface ChangeSettlement {
  /** Yen charged to or refunded from the card. */
  charged: number;
  refunded: number;
  /** Yen of the difference the card did not take or give back (failed, or still under way): the store settles it. */
  notMoved: number;
}

/** What the change mails and the counter say: the new total, the difference and how it was settled. */
export interface ChangeOutcome extends ChangeSettlement {
  reserveNo: string;
  total: number;
  /** New total minus the old one: positive is owed by the customer. */
  difference: number;
  /** The car was taken back: the new period or car type did not fit it. */
  vehicleReleased: boolean;
}

export type ChangeMailComposer = (
  reservation: ReservationRecord,
  change: { previous: ReservationRecord; difference: number; settlement: ChangeSettlement },
) => { borrower: RenderedMail | null; store: RenderedMail | null };

export interface ChangeDeps {
  payments: PaymentGateway;
  mailer: Mailer;
  mails: ChangeMailComposer;
  logger?: Logger;
}

export const changeKey = (siteId: string, r: Pick<ReservationRecord, "id" | "revision">) =>
  `change-${siteId}-${r.id}-${r.revision}`;

function settlementOf(items: LedgerItem[]): ChangeSettlement {
  const charges = tally(items, "charge");
  const refunds = tally(items, "refund");
  return { charged: charges.moved, refunded: refunds.moved, notMoved: charges.notMoved + refunds.notMoved };
}

async function sendChangeMails(
  tx: DbOrTx,
  siteId: string,
  row: ReservationRecord,
  change: Parameters<ChangeMailComposer>[1],
  deps: ChangeDeps,
): Promise<void> {
  await sendNotice(tx, siteId, row, deps.mails(row, change), "reservation_changed", deps.mailer);
}

/**
 * The card money of change `row.revision`: its open attempts go to the gateway, and the transaction
 * that writes the last outcome sends the mails with what the card took or gave back. Reconciliation
 * calls it too.
 */
export async function finishChange(
  db: Db,
  siteId: string,
  row: ReservationRecord,
  change: { previous: ReservationRecord; difference: number },
  deps: ChangeDeps,
  key = changeKey(siteId, row),
): Promise<ChangeSettlement> {
  const { items } = await finishOperation(
    db,
    siteId,
    row.id,
    key,
    deps.payments,
    async (tx, settled) => {
      await sendChangeMails(tx, siteId, row, { ...change, settlement: settlementOf(settled) }, deps);
      await markRefundedWhenEmpty(tx, siteId, row);
    },
    deps.logger,
  );
  // Keyed by the ledger's entries: a retry of this change announces nothing twice (decision 034).
  await announceLedgerPayments(db, siteId, row.id, key);
  return settlementOf(items);
}

/** The new booking's quote, with the form's fields named in its refusals. */
export async function quoteChange(
  db: Db,
  siteId: string,
  r: ReservationRecord,
  input: ChangeRequest,
  bundle: SiteBundle,
  now: Date,
): Promise<Quote> {
  const quote = await quoteReservation(db, siteId, {
    bundle: counterBundle(bundle),
    storeId: input.store_id,
    carTypeId: input.car_type_id,
    search: counterSearch(input),
    options: input.options,
    withImmunity: input.with_immunity,
    now,
    excludeReservationId: r.id,
  });
  const bookable = bookableQuote(quote);
  if (!bookable.fees || !bookable.period) throw new AppError("rejected", { reason: { code: "no_cars_in_period" } });
  return bookable;
}

/** A change already made by this request (the booking is one revision on and as asked): its answer again. */
function sameChange(r: ReservationRecord, input: ChangeRequest, quote: Quote): boolean {
  return (
    r.revision === input.revision + 1 &&
    r.storeId === input.store_id &&
    r.carTypeId === input.car_type_id &&
    r.startAt.getTime() === quote.period?.start.getTime() &&
    r.endAt.getTime() === quote.period?.end.getTime() &&
    r.totalFee === quote.fees?.total
  );
}

export async function changeBooking(
  db: Db,
  siteId: string,
  actor: Actor,
  reserveNo: string,
  input: ChangeRequest,
  bundle: SiteBundle,
  deps: ChangeDeps,
  now = new Date(),
): Promise<ChangeOutcome> {
  const r = await findReservation(db, siteId, actor, reserveNo);
  authorize(actor, "store.reservations", r.storeId);
  authorize(actor, "store.reservations", input.store_id);
  const quote = await quoteChange(db, siteId, r, input, bundle, now);
  const fees = quote.fees as NonNullable<Quote["fees"]>;
  const period = quote.period as NonNullable<Quote["period"]>;

  if (r.revision !== input.revision) {
    if (!sameChange(r, input, quote)) throw new AppError("rejected", { reason: { code: "stale" } });
    // The same request again (a retry, a double click): finish its payment if it did not go through.
    const { difference, previous } = await lastChange(db, siteId, r);
    const settled = await finishChange(db, siteId, r, { previous, difference }, deps);
    return { reserveNo, total: r.totalFee, difference, ...settled, vehicleReleased: false };
  }
  if (r.status !== "confirmed" || rentalStage(r) !== "booked") {
    throw new AppError("rejected", { reason: { code: "reservation_stage", params: { stage: rentalStage(r) } } });
  }
  if (input.shown_total !== fees.total) {
    throw new AppError("rejected", { reason: { code: "details_updated" } });
  }
  const difference = fees.total - r.totalFee;
  const sameCar = input.store_id === r.storeId && input.car_type_id === r.carTypeId;
  const values = {
    storeId: quote.store.id,
    returnStoreId: quote.store.id,
    carTypeId: quote.carType.id,
    startAt: period.start,
    endAt: period.end,
    rentalFee: fees.rentCarFee,
    optionFee: fees.optionFee,
    immunityFee: fees.immunityFee,
    totalFee: fees.total,
    options: bookedOptions(quote),
    revision: r.revision + 1,
  };
  const changed = await retryingDeadlocks(() =>
    db.transaction(async (tx) => {
      const write = (q: DbOrTx, vehicleId: number | null) =>
        q
          .update(reservations)
          .set({ ...values, vehicleId })
          .where(
            and(
              eq(reservations.siteId, siteId),
              eq(reservations.id, r.id),
              eq(reservations.revision, r.revision),
              eq(reservations.status, "confirmed"),
              isNull(reservations.departedAt),
            ),
          )
          .returning();
      // The car stays when it still fits; one taken over the new period is given back, not a refusal.
      let vehicleReleased = !sameCar && r.vehicleId !== null;
      const [row] = await tx
        .transaction((sp) => write(sp, sameCar ? r.vehicleId : null))
        .catch(async (error: unknown) => {
          if (sqlRefusal(error).code !== "23P01") throw error;
          vehicleReleased = true;
          return write(tx, null);
        });
      if (!row) throw new AppError("rejected", { reason: { code: "stale" } });
      await recordAudit(tx, siteId, actor, {
        action: "reservation.change",
        entity: "reservation",
        entityId: reserveNo,
        before: snapshot(r),
        after: { ...snapshot(row), difference },
      });
      await reservationEvent(tx, siteId, "reservation.changed", row, { previous: r });
      const plan = { key: changeKey(siteId, row), operation: "change" as const, staffId: actor.staffId };
      const byCard = (await cardBalance(tx, siteId, row)) > 0;
      const attempts = !byCard
        ? []
        : difference > 0
          ? [await planCharge(tx, siteId, row, { ...plan, amount: difference })].filter((a) => a !== null)
          : await planRefunds(tx, siteId, row, { ...plan, amount: -difference });
      // Nothing moves on a card: the mails go with the change itself.
      if (!attempts.length) {
        const settlement = { charged: 0, refunded: 0, notMoved: byCard ? Math.abs(difference) : 0 };
        await sendChangeMails(tx, siteId, row, { previous: r, difference, settlement }, deps);
      }
      return { row, vehicleReleased };
    }),
  ).catch((error: unknown) => {
    if (isFullyBooked(error)) throw new AppError("rejected", { reason: { code: "type_fully_booked" } });
    throw error;
  });
  const settled = await finishChange(db, siteId, changed.row, { previous: r, difference }, deps);
  return { reserveNo, total: fees.total, difference, ...settled, vehicleReleased: changed.vehicleReleased };
}

/** Finishes the card money of the change under `key` (reconciliation, a staff retry), with its mails. */
export async function resumeChange(
  db: Db,
  siteId: string,
  r: ReservationRecord,
  key: string,
  deps: ChangeDeps,
): Promise<ChangeSettlement> {
  const { difference, previous } = await lastChange(db, siteId, r);
  return finishChange(db, siteId, r, { previous, difference }, deps, key);
}

/** The booking's latest change as its audit entry recorded it (difference, and the booking before), for a retry of it. */
async function lastChange(
  db: Db,
  siteId: string,
  r: ReservationRecord,
): Promise<{ difference: number; previous: ReservationRecord }> {
  const reserveNo = r.reserveNo;
  const [entry] = await db
    .select({ after: auditLog.after, before: auditLog.before })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.siteId, siteId),
        eq(auditLog.entity, "reservation"),
        eq(auditLog.entityId, reserveNo),
        eq(auditLog.action, "reservation.change"),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  const difference = (entry?.after as { difference?: unknown } | null)?.difference;
  const before = (entry?.before ?? {}) as { totalFee?: unknown };
  const previousTotal = typeof before.totalFee === "number" ? before.totalFee : r.totalFee;
  return {
    difference: typeof difference === "number" ? difference : 0,
    previous: { ...r, totalFee: previousTotal },
  };
}

const snapshot = (r: ReservationRecord) => ({
  storeId: r.storeId,
  carTypeId: r.carTypeId,
  startAt: r.startAt.toISOString(),
  endAt: r.endAt.toISOString(),
  options: r.options.map((o) => ({ optionId: o.optionId, quantity: o.quantity })),
  totalFee: r.totalFee,
  vehicleId: r.vehicleId,
});
