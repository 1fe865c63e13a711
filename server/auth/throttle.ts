import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";

const HOUR_MS = 60 * 60 * 1000;

/** Login failures allowed per hour: per account (site + e-mail) and per client address. */
export const LOGIN_LIMITS = { account: 100, address: 1000 } as const;

const windowStart = (now: Date) => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

export const accountKey = (siteId: string, email: string) => `login:account:${siteId}:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `login:address:${ip}`;

/** Whether either counter of this hour has reached its limit: checked before any hashing. */
export async function isLoginThrottled(db: Db, keys: { account: string; address: string }, now = new Date()) {
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(sql`${rateLimits.key} in (${keys.account}, ${keys.address})`, eq(rateLimits.windowStart, windowStart(now))),
    );
  const count = (key: string) => rows.find((r) => r.key === key)?.count ?? 0;
  return count(keys.account) >= LOGIN_LIMITS.account || count(keys.address) >= LOGIN_LIMITS.address;
}

/** Failures counted against one key this hour (a tighter limit of its own, such as two-factor codes). */
export async function failuresThisHour(db: Db, key: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart(now))));
  return row?.count ?? 0;
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
