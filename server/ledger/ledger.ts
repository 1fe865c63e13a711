import { and, asc, eq, sql } from "drizzle-orm";
import { itemsOf, type LedgerPair, netOf } from "#common/ledger";
import { type LedgerMethod, type LedgerOperation, reservationPayments } from "#server/db/schema";
import type { DbOrTx } from "#server/mail/outbox";

/**
 * The ledger of a booking's money (issue 37, decision 043): append-only rows. An attempt is written
 * before the gateway is called, under a key that names the operation (the gateway sees the same key,
 * so a retry can never move money twice); its outcome is a second row written after. Nothing here
 * updates or deletes: the app role may not (migration 0014).
 */
export type LedgerEntry = typeof reservationPayments.$inferSelect;

export interface AttemptInput {
  reservationId: number;
  storeId: number | null;
  kind: "charge" | "refund";
  operation: LedgerOperation;
  method?: LedgerMethod;
  amount: number;
  key: string;
  /** A refund's payment, or the payment a further charge goes on. */
  paymentId?: string | null;
  staffId?: number | null;
  /** Why staff set this amount (a return's adjusted charge). */
  reason?: string | null;
}

export interface OutcomeInput {
  status: "succeeded" | "failed";
  /** Yen that moved: 0 when it failed. */
  amount: number;
  paymentId?: string | null;
  refundId?: string | null;
  reason?: string | null;
}

/** An attempt and its outcome (null while none is written: in flight, or cut short). */
export type LedgerItem = LedgerPair<LedgerEntry>;

const byKey = (siteId: string, key: string) =>
  and(
    eq(reservationPayments.siteId, siteId),
    eq(reservationPayments.idempotencyKey, key),
    eq(reservationPayments.entry, "attempt"),
  );

/** The attempt under `key`: written now, or the one written before (a retry names the same operation). */
export async function writeAttempt(db: DbOrTx, siteId: string, input: AttemptInput): Promise<LedgerEntry> {
  const [written] = await db
    .insert(reservationPayments)
    .values({
      siteId,
      reservationId: input.reservationId,
      storeId: input.storeId,
      entry: "attempt",
      kind: input.kind,
      operation: input.operation,
      method: input.method ?? "card",
      amount: input.amount,
      status: "attempted",
      paymentId: input.paymentId ?? null,
      idempotencyKey: input.key,
      staffId: input.staffId ?? null,
      reason: input.reason ?? null,
    })
    .onConflictDoNothing({
      target: [reservationPayments.siteId, reservationPayments.idempotencyKey],
      where: sql`entry = 'attempt'`,
    })
    .returning();
  if (written) return written;
  const [earlier] = await db.select().from(reservationPayments).where(byKey(siteId, input.key));
  if (!earlier) throw new Error(`ledger: no attempt under ${input.key}`);
  return earlier;
}

/** The attempt's outcome: written now, or the one a concurrent settlement wrote first. */
export async function writeOutcome(
  db: DbOrTx,
  siteId: string,
  attempt: LedgerEntry,
  outcome: OutcomeInput,
): Promise<LedgerEntry> {
  return (await settleAttempt(db, siteId, attempt, outcome)).entry;
}

/** `writeOutcome`, saying whether this call wrote it (the operation's last outcome sends its mails once). */
export async function settleAttempt(
  db: DbOrTx,
  siteId: string,
  attempt: LedgerEntry,
  outcome: OutcomeInput,
): Promise<{ entry: LedgerEntry; written: boolean }> {
  const [written] = await db
    .insert(reservationPayments)
    .values({
      siteId,
      reservationId: attempt.reservationId,
      storeId: attempt.storeId,
      entry: "outcome",
      attemptId: attempt.id,
      kind: attempt.kind,
      operation: attempt.operation,
      method: attempt.method,
      amount: outcome.status === "succeeded" ? outcome.amount : 0,
      status: outcome.status,
      reason: outcome.reason ?? null,
      paymentId: outcome.paymentId ?? attempt.paymentId,
      refundId: outcome.refundId ?? null,
      idempotencyKey: attempt.idempotencyKey,
      staffId: attempt.staffId,
    })
    .onConflictDoNothing({
      target: [reservationPayments.siteId, reservationPayments.attemptId],
      where: sql`entry = 'outcome'`,
    })
    .returning();
  if (written) return { entry: written, written: true };
  const [earlier] = await db
    .select()
    .from(reservationPayments)
    .where(
      and(
        eq(reservationPayments.siteId, siteId),
        eq(reservationPayments.attemptId, attempt.id),
        eq(reservationPayments.entry, "outcome"),
      ),
    );
  if (!earlier) throw new Error(`ledger: no outcome for attempt ${attempt.id}`);
  return { entry: earlier, written: false };
}

/** Money that needs no gateway (cash, the store's terminal): its attempt and outcome at once. */
export async function recordCounterPayment(db: DbOrTx, siteId: string, input: AttemptInput): Promise<LedgerItem> {
  const attempt = await writeAttempt(db, siteId, input);
  const outcome = await writeOutcome(db, siteId, attempt, { status: "succeeded", amount: input.amount });
  return { attempt, outcome };
}

/** A booking's ledger: each attempt with its outcome, oldest first. */
export async function ledgerOf(db: DbOrTx, siteId: string, reservationId: number): Promise<LedgerItem[]> {
  const rows = await db
    .select()
    .from(reservationPayments)
    .where(and(eq(reservationPayments.siteId, siteId), eq(reservationPayments.reservationId, reservationId)))
    .orderBy(asc(reservationPayments.createdAt), asc(reservationPayments.id));
  return itemsOf(rows);
}

export { itemsOf, netOf };

/** The attempt under `key`, with its outcome (null when none was written under it). */
export async function itemUnder(db: DbOrTx, siteId: string, key: string): Promise<LedgerItem | null> {
  const [attempt] = await db.select().from(reservationPayments).where(byKey(siteId, key));
  if (!attempt) return null;
  const [outcome] = await db
    .select()
    .from(reservationPayments)
    .where(
      and(
        eq(reservationPayments.siteId, siteId),
        eq(reservationPayments.attemptId, attempt.id),
        eq(reservationPayments.entry, "outcome"),
      ),
    );
  return { attempt, outcome: outcome ?? null };
}
