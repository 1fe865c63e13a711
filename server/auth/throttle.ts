import { and, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";

const HOUR_MS = 60 * 60 * 1000;

/** Login failures allowed per hour: per account (site + e-mail) and per client address. */
export const LOGIN_LIMITS = { account: 100, address: 1000 } as const;

const windowStart = (now: Date) => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

export const accountKey = (siteId: string, email: string) => `login:account:${siteId}:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `login:address:${ip}`;

/**
 * Failures per key within the last hour, from the hourly counters: this hour's count plus the share
 * of the previous hour's that the last sixty minutes still cover (a sliding window: failures on
 * either side of the hour's turn add up, where fixed windows would start again from zero).
 */
async function failuresWithinTheHour(db: Db, keys: string[], now: Date): Promise<Map<string, number>> {
  const current = windowStart(now);
  const previous = new Date(current.getTime() - HOUR_MS);
  const rows = await db
    .select({ key: rateLimits.key, windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), inArray(rateLimits.windowStart, [current, previous])));
  const previousShare = 1 - (now.getTime() - current.getTime()) / HOUR_MS;
  const totals = new Map(keys.map((key) => [key, 0]));
  for (const row of rows) {
    const share = row.windowStart.getTime() === current.getTime() ? 1 : previousShare;
    totals.set(row.key, (totals.get(row.key) ?? 0) + row.count * share);
  }
  return totals;
}

/** Whether either key has reached its limit within the last hour: checked before any hashing. */
export async function isLoginThrottled(db: Db, keys: { account: string; address: string }, now = new Date()) {
  const failures = await failuresWithinTheHour(db, [keys.account, keys.address], now);
  return (
    (failures.get(keys.account) ?? 0) >= LOGIN_LIMITS.account ||
    (failures.get(keys.address) ?? 0) >= LOGIN_LIMITS.address
  );
}

/** Failures counted against one key within the last hour (a tighter limit of its own, such as two-factor codes). */
export async function failuresThisHour(db: Db, key: string, now = new Date()): Promise<number> {
  return (await failuresWithinTheHour(db, [key], now)).get(key) ?? 0;
}

/** Counts one failure against both keys, and drops windows older than an hour. */
export async function recordLoginFailure(db: Db, keys: { account: string; address: string }, now = new Date()) {
  const start = windowStart(now);
  await db
    .insert(rateLimits)
    .values([keys.account, keys.address].map((key) => ({ key, windowStart: start, count: 1 })))
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    });
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(start.getTime() - HOUR_MS)));
}
