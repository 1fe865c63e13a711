import { and, desc, eq, isNull } from "drizzle-orm";
import type { Locale } from "../../common/locales";
import { recordAudit } from "../audit/audit-log";
import { retryingDeadlocks, sqlRefusal } from "../catalog/sql-errors";
import type { Db } from "../db/client";
import { auditLog, reservations } from "../db/schema";
import { AppError } from "../errors";
import type { Mailer } from "../mail/mailer";
import type { DbOrTx } from "../mail/outbox";
import type { PaymentGateway } from "../payments/types";
import { type Quote, quoteReservation } from "../reservations/quote";
import { bookedOptions, counterBundle, isFullyBooked, type RenderedMail } from "../reservations/submit";
import type { SiteBundle } from "../sites/site-bundle";
import { type Actor, authorize } from "../staff/permissions";
import { reservationEvent } from "../webhooks/events";
import { announceLedgerPayments } from "../webhooks/ledger-events";
import { chargeToCard, recordOpeningPayment, refundToCard } from "./card-payments";
import type { ChangeInput } from "./counter.schema";
import { bookableQuote, counterSearch } from "./counter-quote";
import { findReservation, type ReservationRecord } from "./reservations";
import { rentalStage } from "./stage";

/**
 * Changing a booking at the counter (issue 24): another store, car type, period, options or
 * immunity, priced by the public site's quote (the booking does not stand in its own way) and
 * guarded by the capacity trigger and the car's exclusion constraint. The booking, its audit entry
 * and the mails are one transaction; then the difference is charged to or refunded from a card paid
 * in advance, under a key derived from the booking and its new revision, so a retry pays nothing twice.
 */

export interface ChangeRequest extends ChangeInput {
  options: { optionId: number; quantity: number }[];
}

/** What the change mails and the counter say: the new total, the difference and how it was settled. */
export interface ChangeOutcome {
  reserveNo: string;
  total: number;
  /** New total minus the old one: positive is owed by the customer. */
  difference: number;
  /** Yen charged to or refunded from the card; the rest of the difference is settled at the store. */
  charged: number;
  refunded: number;
  /** The car was taken back: the new period or car type did not fit it. */
  vehicleReleased: boolean;
}

export type ChangeMailComposer = (
  reservation: ReservationRecord,
  change: { previous: ReservationRecord; difference: number },
) => { borrower: RenderedMail | null; store: RenderedMail | null };

export interface ChangeDeps {
  payments: PaymentGateway;
  mailer: Mailer;
  mails: ChangeMailComposer;
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

/** Charges or refunds the difference of revision `revision` once; returns what went through the card. */
async function settleDifference(
  db: Db,
  siteId: string,
  r: ReservationRecord,
  difference: number,
  staffId: number | null,
  payments: PaymentGateway,
): Promise<{ charged: number; refunded: number }> {
  const key = `change-${siteId}-${r.id}-${r.revision}`;
  let settled = { charged: 0, refunded: 0 };
  if (difference > 0) {
    const ok = await chargeToCard(db, siteId, r, difference, key, staffId, payments);
    settled = { charged: ok ? difference : 0, refunded: 0 };
  } else if (difference < 0) {
    settled = { charged: 0, refunded: await refundToCard(db, siteId, r, -difference, key, staffId, payments) };
  }
  // Keyed by the ledger's entries: a retry of this change announces nothing twice (decision 034).
  if (settled.charged || settled.refunded) await announceLedgerPayments(db, siteId, r.id, key);
  return settled;
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
    const difference = await lastDifference(db, siteId, reserveNo);
    const settled = await settleDifference(db, siteId, r, difference, actor.staffId, deps.payments);
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
      await recordOpeningPayment(tx, siteId, r);
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
      const mails = deps.mails(row, { previous: r, difference });
      await deps.mailer.sendAll(tx, siteId, [
        ...(mails.borrower
          ? [
              {
                ...mails.borrower,
                locale: row.locale as Locale,
                kind: "reservation_changed" as const,
                reservationId: row.id,
              },
            ]
          : []),
        ...(mails.store
          ? [{ ...mails.store, locale: "ja" as const, kind: "store_notification" as const, reservationId: row.id }]
          : []),
      ]);
      return { row, vehicleReleased };
    }),
  ).catch((error: unknown) => {
    if (isFullyBooked(error)) throw new AppError("rejected", { reason: { code: "type_fully_booked" } });
    throw error;
  });
  const settled = await settleDifference(db, siteId, changed.row, difference, actor.staffId, deps.payments);
  return { reserveNo, total: fees.total, difference, ...settled, vehicleReleased: changed.vehicleReleased };
}

/** The difference the booking's latest change recorded (its audit entry), for a retry of it. */
async function lastDifference(db: Db, siteId: string, reserveNo: string): Promise<number> {
  const [entry] = await db
    .select({ after: auditLog.after })
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
  return typeof difference === "number" ? difference : 0;
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
