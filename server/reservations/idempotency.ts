import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { idempotencyKeys } from "#server/db/schema";
import type { DbOrTx } from "#server/mail/outbox";
import { refused, type SubmitAnswer, type SubmitInput } from "./booking";

// A submit's idempotency key (spec §7): the request it stands for, and the answer stored under it.

/** Keys in one order, so an answer read back from jsonb is byte-for-byte the first one sent. */
export function canonical<T>(value: T): T {
  if (Array.isArray(value)) return value.map(canonical) as T;
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)])) as T;
}

/** The parts of a request that make it "the same booking" (the card number never enters it). */
export function requestHash(input: SubmitInput): string {
  const s = input.session;
  const card = input.card ? (input.card.cardId ?? (input.card.source ? "typed" : "none")) : null;
  const subject = {
    storeId: s.storeId,
    carTypeId: s.carTypeId,
    startAt: s.startAt,
    endAt: s.endAt,
    options: s.options,
    withImmunity: s.withImmunity,
    optionNotPossibleType: s.optionNotPossibleType,
    payMethod: s.payMethod,
    payMethodOther: s.payMethodOther,
    remarks: s.remarks,
    borrower: s.borrower,
    driver: s.driver,
    memberId: input.memberId,
    card,
  };
  return createHash("sha256").update(JSON.stringify(subject)).digest("hex");
}

export type Key = Pick<typeof idempotencyKeys.$inferInsert, "siteId" | "key" | "requestHash" | "expiresAt">;

/** Stores `answer` (null while a card payment is under way) under the key; false when another request holds it. */
async function claim(tx: DbOrTx, key: Key, answer: SubmitAnswer | null, reservationId: number | null) {
  const [mine] = await tx
    .insert(idempotencyKeys)
    .values({ ...key, response: answer, reservationId })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return !!mine;
}

/** A refusal, stored under the key unless a request with it got there first, whose answer counts. */
export async function settle(db: Db, key: Key, answer: SubmitAnswer): Promise<SubmitAnswer> {
  if (await claim(db, key, answer, null)) return canonical(answer);
  return canonical(await replay(db, key));
}

/** The answer stored under a key, waiting while its first request is still at work. */
export async function replay(db: Db, key: Key): Promise<SubmitAnswer> {
  for (let waited = 0; ; waited += 100) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.siteId, key.siteId), eq(idempotencyKeys.key, key.key)));
    if (!row) return refused("submit_failed");
    if (row.requestHash !== key.requestHash) return refused("idempotency_key_reused");
    if (row.response) return row.response as SubmitAnswer;
    if (waited >= 20_000) return refused("submit_in_progress");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function storeAnswer(db: DbOrTx, siteId: string, reservationId: number, answer: SubmitAnswer) {
  await db
    .update(idempotencyKeys)
    .set({ response: answer })
    .where(and(eq(idempotencyKeys.siteId, siteId), eq(idempotencyKeys.reservationId, reservationId)));
}

/** The key was taken by another request with it, whose transaction committed first. */
export class KeyTaken extends Error {}
