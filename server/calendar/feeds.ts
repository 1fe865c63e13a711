import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { carTypes, reservations, storeCalendarFeeds, stores, vehicles } from "#server/db/schema";
import { notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { type Actor, authorize } from "#server/staff/permissions";

/**
 * The stores' calendar feeds (issue 25, decision 035): a secret URL per store that calendar apps
 * subscribe to, listing its departures and returns. The token is 32 random bytes (base64url, 43
 * characters); only its SHA-256 is kept, so the URL is shown once, when it is made, like an API
 * key. A store has at most one live feed: making a new one revokes the old in the same transaction.
 * Owners only (`integrations.manage`); every change is audited.
 */

/** 32 random bytes in base64url, without padding. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const hashFeedToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface StoreFeedRow {
  storeId: number;
  storeName: string;
  storeNameEn: string | null;
  timeZone: string;
  /** Closed stores keep their feed (returns may still come in); the page says so. */
  active: boolean;
  feed: { id: number; createdAt: Date } | null;
}

/** Every store of the site with its live feed, if any, in display order. */
export async function listStoreFeeds(db: Db, siteId: string, actor: Actor): Promise<StoreFeedRow[]> {
  authorize(actor, "integrations.manage");
  const [storeRows, feeds] = await Promise.all([
    db
      .select({
        id: stores.id,
        storeName: stores.storeName,
        storeNameEn: stores.storeNameEn,
        managementStatus: stores.managementStatus,
        timeZone: stores.timeZone,
      })
      .from(stores)
      .where(eq(stores.siteId, siteId))
      .orderBy(asc(stores.displayOrder), asc(stores.id)),
    db
      .select({
        id: storeCalendarFeeds.id,
        storeId: storeCalendarFeeds.storeId,
        createdAt: storeCalendarFeeds.createdAt,
      })
      .from(storeCalendarFeeds)
      .where(and(eq(storeCalendarFeeds.siteId, siteId), isNull(storeCalendarFeeds.revokedAt)))
      .orderBy(desc(storeCalendarFeeds.id)),
  ]);
  const live = new Map<number, { id: number; createdAt: Date }>();
  for (const f of feeds) if (!live.has(f.storeId)) live.set(f.storeId, { id: f.id, createdAt: f.createdAt });
  return storeRows.map((s) => ({
    storeId: s.id,
    storeName: s.storeName,
    storeNameEn: s.storeNameEn,
    timeZone: s.timeZone,
    active: s.managementStatus === 1,
    feed: live.get(s.id) ?? null,
  }));
}

/** Revokes the store's live feeds, in the caller's transaction; the ids revoked. */
async function revokeLive(tx: DbOrTx, siteId: string, storeId: number, now: Date): Promise<number[]> {
  const rows = await tx
    .update(storeCalendarFeeds)
    .set({ revokedAt: now })
    .where(
      and(
        eq(storeCalendarFeeds.siteId, siteId),
        eq(storeCalendarFeeds.storeId, storeId),
        isNull(storeCalendarFeeds.revokedAt),
      ),
    )
    .returning({ id: storeCalendarFeeds.id });
  return rows.map((r) => r.id);
}

/**
 * A new feed for the store, replacing its live one. The token is returned once and never stored.
 * Another site's or an unknown store is a 404.
 */
export async function createStoreFeed(
  db: Db,
  siteId: string,
  actor: Actor,
  storeId: number,
  now = new Date(),
): Promise<{ id: number; token: string }> {
  authorize(actor, "integrations.manage");
  const token = randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    // The store row's lock serialises two owners clicking at once: one live feed per store.
    const [store] = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.siteId, siteId), eq(stores.id, storeId)))
      .for("update");
    if (!store) throw notFoundError();
    const replaced = await revokeLive(tx, siteId, storeId, now);
    const [row] = await tx
      .insert(storeCalendarFeeds)
      .values({ siteId, storeId, tokenHash: hashFeedToken(token), createdAt: now })
      .returning({ id: storeCalendarFeeds.id });
    if (!row) throw new Error("store_calendar_feeds insert returned no row");
    await recordAudit(tx, siteId, actor, {
      action: "calendar_feed.create",
      entity: "store_calendar_feed",
      entityId: row.id,
      after: { storeId, replaced },
    });
    return { id: row.id, token };
  });
}

/** Revokes one feed of the site: its URL answers 404 from now on. Unknown or already revoked: 404. */
export async function revokeStoreFeed(db: Db, siteId: string, actor: Actor, feedId: number, now = new Date()) {
  authorize(actor, "integrations.manage");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(storeCalendarFeeds)
      .set({ revokedAt: now })
      .where(
        and(
          eq(storeCalendarFeeds.siteId, siteId),
          eq(storeCalendarFeeds.id, feedId),
          isNull(storeCalendarFeeds.revokedAt),
        ),
      )
      .returning({ id: storeCalendarFeeds.id, storeId: storeCalendarFeeds.storeId });
    if (!row) throw notFoundError();
    await recordAudit(tx, siteId, actor, {
      action: "calendar_feed.revoke",
      entity: "store_calendar_feed",
      entityId: row.id,
      before: { storeId: row.storeId },
    });
  });
}

/** The store a live token opens on this site, or null (malformed, unknown, revoked, another site's). */
export async function storeOfFeedToken(db: Db, siteId: string, token: string) {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({
      storeId: stores.id,
      storeName: stores.storeName,
      storeNameEn: stores.storeNameEn,
      timeZone: stores.timeZone,
    })
    .from(storeCalendarFeeds)
    .innerJoin(stores, and(eq(stores.siteId, storeCalendarFeeds.siteId), eq(stores.id, storeCalendarFeeds.storeId)))
    .where(
      and(
        eq(storeCalendarFeeds.siteId, siteId),
        eq(storeCalendarFeeds.tokenHash, hashFeedToken(token)),
        isNull(storeCalendarFeeds.revokedAt),
      ),
    );
  return row ?? null;
}

/** How far the feed looks back and ahead. */
export const FEED_PAST_DAYS = 30;
export const FEED_FUTURE_DAYS = 365;

export interface FeedMovement {
  kind: "departure" | "return";
  at: Date;
  reserveNo: string;
  carTypeName: string;
  carTypeNameEn: string | null;
  borrowerName: string;
  registrationNumber: string | null;
}

/**
 * The store's departures (bookings leaving it) and returns (bookings coming back to it, the
 * return store when one is set) of confirmed bookings, from 30 days ago to a year ahead, by time.
 * Cancelled, expired and held bookings are not listed: a calendar drops what leaves its feed.
 */
export async function storeMovements(db: Db, siteId: string, storeId: number, now: Date): Promise<FeedMovement[]> {
  const from = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const to = new Date(now.getTime() + FEED_FUTURE_DAYS * 86_400_000);
  const returnStore = sql<number>`coalesce(${reservations.returnStoreId}, ${reservations.storeId})`;
  const rows = await db
    .select({
      reserveNo: reservations.reserveNo,
      storeId: reservations.storeId,
      returnStoreId: returnStore,
      startAt: reservations.startAt,
      endAt: reservations.endAt,
      borrower: reservations.borrower,
      carTypeName: carTypes.typeName,
      carTypeNameEn: carTypes.typeNameEn,
      registrationNumber: vehicles.registrationNumber,
    })
    .from(reservations)
    .innerJoin(carTypes, and(eq(carTypes.siteId, reservations.siteId), eq(carTypes.id, reservations.carTypeId)))
    .leftJoin(vehicles, and(eq(vehicles.siteId, reservations.siteId), eq(vehicles.id, reservations.vehicleId)))
    .where(
      and(
        eq(reservations.siteId, siteId),
        eq(reservations.status, "confirmed"),
        or(
          and(eq(reservations.storeId, storeId), gte(reservations.startAt, from), lte(reservations.startAt, to)),
          and(eq(returnStore, storeId), gte(reservations.endAt, from), lte(reservations.endAt, to)),
        ),
      ),
    );
  const movements: FeedMovement[] = [];
  const inRange = (at: Date) => at >= from && at <= to;
  for (const r of rows) {
    const common = {
      reserveNo: r.reserveNo,
      carTypeName: r.carTypeName,
      carTypeNameEn: r.carTypeNameEn,
      borrowerName: borrowerName(r.borrower),
      registrationNumber: r.registrationNumber ?? null,
    };
    if (r.storeId === storeId && inRange(r.startAt)) movements.push({ kind: "departure", at: r.startAt, ...common });
    if (Number(r.returnStoreId) === storeId && inRange(r.endAt))
      movements.push({ kind: "return", at: r.endAt, ...common });
  }
  return movements.sort((a, b) => a.at.getTime() - b.at.getTime() || a.reserveNo.localeCompare(b.reserveNo));
}

function borrowerName(borrower: { name?: string; company?: string; userType?: number } | null): string {
  if (!borrower) return "";
  const name = borrower.name ?? "";
  return borrower.userType === 2 && borrower.company ? `${borrower.company} ${name}`.trim() : name;
}
