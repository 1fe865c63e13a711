import { and, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { rateLimits } from "#server/db/schema";
import { AppError } from "#server/errors";

const HOUR_MS = 60 * 60 * 1000;

/**
 * How one kind of sign-in is throttled (decision 047). Failures are counted per account, per
 * (account, address) and per address. Only the pair and the address are ever refused: the account's
 * count only slows its sign-ins down, so a stranger cannot lock its owner out.
 */
export interface ThrottleRule {
  /** Failures per hour for one account from one address before that address is refused for it. */
  pair: number;
  /** Failures per hour from one address, whatever the accounts, before it is refused. */
  address: number;
  /** The account's delay: none for the first `free` failures, then `baseMs` doubling every `every` failures, at most `capMs`. */
  delay: { free: number; baseMs: number; every: number; capMs: number };
}

export const LOGIN_RULE: ThrottleRule = {
  pair: 10,
  address: 1000,
  delay: { free: 5, baseMs: 250, every: 5, capMs: 8000 },
};

/** Two-factor codes: six digits, so guesses are slowed sooner and harder than passwords. */
export const TWO_FACTOR_RULE: ThrottleRule = {
  pair: 10,
  address: 1000,
  delay: { free: 3, baseMs: 1000, every: 3, capMs: 30_000 },
};

/** Waits before a sign-in is checked; tests pass one that records and returns at once. */
export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ThrottleKeys {
  account: string;
  address: string;
}

const windowStart = (now: Date) => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

export const accountKey = (siteId: string, email: string) => `login:account:${siteId}:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `login:address:${ip}`;
/** The (account, address) counter: what one client has tried against one account. */
export const pairKey = (keys: ThrottleKeys) => `${keys.account}@${keys.address.replace(/^login:address:/, "")}`;

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

/** Failures counted against one key within the last hour. */
export async function failuresThisHour(db: Db, key: string, now = new Date()): Promise<number> {
  return (await failuresWithinTheHour(db, [key], now)).get(key) ?? 0;
}

/** The wait before an account's next sign-in is checked, after this many failures within the hour. */
export function accountDelayMs(failures: number, rule: ThrottleRule): number {
  const { free, baseMs, every, capMs } = rule.delay;
  if (failures < free) return 0;
  return Math.min(capMs, baseMs * 2 ** Math.floor((failures - free) / every));
}

export interface ThrottleOptions {
  now?: Date;
  sleep?: Sleep;
}

/**
 * Before a secret is checked: 429 for an address that has failed too often against this account or
 * against any; otherwise waits the account's delay. Never refuses for the account's count alone.
 */
export async function throttleSignIn(db: Db, keys: ThrottleKeys, rule: ThrottleRule, options: ThrottleOptions = {}) {
  const pair = pairKey(keys);
  const failures = await failuresWithinTheHour(db, [keys.account, pair, keys.address], options.now ?? new Date());
  if ((failures.get(pair) ?? 0) >= rule.pair || (failures.get(keys.address) ?? 0) >= rule.address) {
    throw new AppError("too_many_requests", { reason: { code: "too_many_attempts" } });
  }
  const delay = accountDelayMs(failures.get(keys.account) ?? 0, rule);
  if (delay > 0) await (options.sleep ?? realSleep)(delay);
}

/** Counts one failure against the account, the pair and the address, and drops windows older than an hour. */
export async function recordSignInFailure(db: Db, keys: ThrottleKeys, now = new Date()) {
  const start = windowStart(now);
  await db
    .insert(rateLimits)
    .values([keys.account, pairKey(keys), keys.address].map((key) => ({ key, windowStart: start, count: 1 })))
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    });
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(start.getTime() - HOUR_MS)));
}
