import { and, asc, eq, gte, inArray, isNotNull, lt, ne } from "drizzle-orm";
import { addDays, zonedInstant } from "#common/calendar-date";
import { counterStores, type StoreChoice } from "#server/counter/boards";
import type { Db } from "#server/db/client";
import { type LedgerMethod, type LedgerOperation, reservationPayments, reservations } from "#server/db/schema";
import { type Actor, authorize } from "#server/staff/permissions";

/**
 * A store's takings for a day (売上日報, issue 37): the bookings taken, and the money the ledger's
 * outcomes say moved that day — charges, refunds and the cancellation fees kept — split by how it
 * moved: cash, the store's card terminal, or a card through the gateway. Every amount is an outcome
 * that succeeded, never a plan, so the day's card total equals the gateway's own record.
 */

export interface TakingsLine {
  entryId: number;
  at: Date;
  reserveNo: string;
  operation: LedgerOperation;
  kind: "charge" | "refund";
  method: LedgerMethod;
  /** Yen in (a charge) or out (a refund, negative). */
  amount: number;
}

export interface TakingsTotals {
  cash: number;
  terminal: number;
  card: number;
  total: number;
}

export interface StoreTakings {
  store: StoreChoice;
  date: string;
  bookings: { count: number; total: number };
  cancellations: { count: number; fees: number };
  charges: TakingsTotals;
  refunds: TakingsTotals;
  /** Charges less refunds, by method. */
  net: TakingsTotals;
  lines: TakingsLine[];
}

const totals = (lines: TakingsLine[]): TakingsTotals => {
  const by = (method: LedgerMethod) => lines.filter((l) => l.method === method).reduce((sum, l) => sum + l.amount, 0);
  const t = { cash: by("cash"), terminal: by("terminal"), card: by("card") };
  return { ...t, total: t.cash + t.terminal + t.card };
};

/** The takings of each store the staff member works at (or the one asked for) on `date`, in its time zone. */
export async function dailyTakings(
  db: Db,
  siteId: string,
  actor: Actor,
  input: { date: string; storeId: number | null },
): Promise<StoreTakings[]> {
  authorize(actor, "view");
  const stores = (await counterStores(db, siteId, actor)).filter(
    (s) => input.storeId === null || s.id === input.storeId,
  );
  return Promise.all(stores.map((store) => storeTakings(db, siteId, store, input.date)));
}

async function storeTakings(db: Db, siteId: string, store: StoreChoice, date: string): Promise<StoreTakings> {
  const from = zonedInstant(date, "00:00", store.timeZone);
  const until = zonedInstant(addDays(date, 1), "00:00", store.timeZone);
  const [outcomes, taken, cancelled] = await Promise.all([
    db
      .select({
        entryId: reservationPayments.id,
        at: reservationPayments.createdAt,
        reserveNo: reservations.reserveNo,
        operation: reservationPayments.operation,
        kind: reservationPayments.kind,
        method: reservationPayments.method,
        amount: reservationPayments.amount,
      })
      .from(reservationPayments)
      .innerJoin(
        reservations,
        and(
          eq(reservations.siteId, reservationPayments.siteId),
          eq(reservations.id, reservationPayments.reservationId),
        ),
      )
      .where(
        and(
          eq(reservationPayments.siteId, siteId),
          eq(reservationPayments.entry, "outcome"),
          eq(reservationPayments.status, "succeeded"),
          ne(reservationPayments.amount, 0),
          eq(reservationPayments.storeId, store.id),
          gte(reservationPayments.createdAt, from),
          lt(reservationPayments.createdAt, until),
        ),
      )
      .orderBy(asc(reservationPayments.createdAt), asc(reservationPayments.id)),
    db
      .select({ total: reservations.totalFee })
      .from(reservations)
      .where(
        and(
          eq(reservations.siteId, siteId),
          eq(reservations.storeId, store.id),
          inArray(reservations.status, ["confirmed", "cancelled"]),
          gte(reservations.createdAt, from),
          lt(reservations.createdAt, until),
        ),
      ),
    db
      .select({ fee: reservations.cancellationFee })
      .from(reservations)
      .where(
        and(
          eq(reservations.siteId, siteId),
          eq(reservations.storeId, store.id),
          eq(reservations.status, "cancelled"),
          isNotNull(reservations.cancelledAt),
          gte(reservations.cancelledAt, from),
          lt(reservations.cancelledAt, until),
        ),
      ),
  ]);
  const lines = outcomes.map((o) => ({ ...o, amount: o.kind === "refund" ? -o.amount : o.amount }));
  return {
    store,
    date,
    bookings: { count: taken.length, total: taken.reduce((sum, r) => sum + r.total, 0) },
    cancellations: { count: cancelled.length, fees: cancelled.reduce((sum, r) => sum + r.fee, 0) },
    charges: totals(lines.filter((l) => l.kind === "charge")),
    refunds: totals(lines.filter((l) => l.kind === "refund")),
    net: totals(lines),
    lines,
  };
}
