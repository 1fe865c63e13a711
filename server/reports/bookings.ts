import { and, eq, gte, inArray, lt } from "drizzle-orm";
import { addDays, daysBetween, localDate, weekdayOf } from "#common/calendar-date";
import type { Db } from "#server/db/client";
import { type ReservationChannel, reservations } from "#server/db/schema";
import { type Actor, authorize } from "#server/staff/permissions";
import { periodBounds } from "./occupancy";
import type { ReportPeriod, ReportStep } from "./report.schema";

/**
 * The bookings taken in a period (issue 41), by the site's date they were made on: how many, what
 * they sold, how far ahead, how many were cancelled, in which language and through which channel.
 * A booking counts once it is made (confirmed, or cancelled since); a card hold that lapsed or is
 * still under way is not a booking. Sales: a kept booking's total with what its return added, a
 * cancelled one's cancellation fee — integer yen, tax included.
 */

export interface SalesBucket {
  /** The bucket's first day (`YYYY-MM-DD`; a week starts on Monday, a month on the 1st). */
  start: string;
  bookings: number;
  sales: number;
  cancelled: number;
  /** Cancelled over bookings, 0–1; null without bookings. */
  cancellationRate: number | null;
}

export interface MixRow<K extends string> {
  key: K;
  bookings: number;
  sales: number;
  /** Share of the period's bookings, 0–1. */
  share: number;
}

export const LEAD_TIME_BANDS = [
  { key: "0", min: 0, max: 0 },
  { key: "1-3", min: 1, max: 3 },
  { key: "4-7", min: 4, max: 7 },
  { key: "8-14", min: 8, max: 14 },
  { key: "15-30", min: 15, max: 30 },
  { key: "31-60", min: 31, max: 60 },
  { key: "61+", min: 61, max: Number.POSITIVE_INFINITY },
] as const;
export type LeadTimeBand = (typeof LEAD_TIME_BANDS)[number]["key"];

/** The channel as staff name it: a counter booking by phone or at the desk. */
export type ChannelKey = Exclude<ReservationChannel, "counter"> | "counter_phone" | "counter_in_person";

export interface BookingsReport {
  totals: { bookings: number; sales: number; cancelled: number; cancellationRate: number | null };
  series: SalesBucket[];
  leadTime: { bands: { key: LeadTimeBand; bookings: number; share: number }[]; medianDays: number | null };
  languages: MixRow<string>[];
  channels: MixRow<ChannelKey>[];
}

/** The first day of the bucket `date` falls in. */
export function bucketStart(date: string, step: ReportStep): string {
  if (step === "month") return `${date.slice(0, 7)}-01`;
  if (step === "week") return addDays(date, -((weekdayOf(date) + 6) % 7));
  return date;
}

/** Every bucket of the period, in order, so days without bookings show as zero. */
function buckets(period: ReportPeriod): string[] {
  const out: string[] = [];
  for (let d = period.from; daysBetween(d, period.to) >= 0; d = addDays(d, 1)) {
    const start = bucketStart(d, period.step);
    if (out[out.length - 1] !== start) out.push(start);
  }
  return out;
}

const rate = (part: number, whole: number) => (whole ? part / whole : null);

export async function bookingsReport(
  db: Db,
  siteId: string,
  actor: Actor,
  period: ReportPeriod,
): Promise<BookingsReport> {
  authorize(actor, "reports.read");
  const { start, end } = periodBounds(period);
  const rows = await db
    .select({
      createdAt: reservations.createdAt,
      startAt: reservations.startAt,
      status: reservations.status,
      totalFee: reservations.totalFee,
      extraFee: reservations.extraFee,
      cancellationFee: reservations.cancellationFee,
      locale: reservations.locale,
      channel: reservations.channel,
      counterContact: reservations.counterContact,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.siteId, siteId),
        inArray(reservations.status, ["confirmed", "cancelled"]),
        gte(reservations.createdAt, start),
        lt(reservations.createdAt, end),
        period.storeId === null ? undefined : eq(reservations.storeId, period.storeId),
      ),
    );
  const series = new Map(
    buckets(period).map((b) => [b, { start: b, bookings: 0, sales: 0, cancelled: 0, cancellationRate: null }]),
  ) as Map<string, SalesBucket>;
  const bands = new Map<LeadTimeBand, number>(LEAD_TIME_BANDS.map((b) => [b.key, 0]));
  const languages = new Map<string, { bookings: number; sales: number }>();
  const channels = new Map<ChannelKey, { bookings: number; sales: number }>();
  const leads: number[] = [];
  let sales = 0;
  let cancelled = 0;
  for (const r of rows) {
    const booked = localDate(r.createdAt, period.timeZone);
    const amount = r.status === "cancelled" ? r.cancellationFee : r.totalFee + r.extraFee;
    const bucket = series.get(bucketStart(booked, period.step));
    if (bucket) {
      bucket.bookings += 1;
      bucket.sales += amount;
      if (r.status === "cancelled") bucket.cancelled += 1;
    }
    sales += amount;
    if (r.status === "cancelled") cancelled += 1;
    // Lead time: calendar days from the day it was booked to the day of departure (0: the same day).
    const lead = Math.max(0, daysBetween(booked, localDate(r.startAt, period.timeZone)));
    leads.push(lead);
    const band = LEAD_TIME_BANDS.find((b) => lead >= b.min && lead <= b.max);
    if (band) bands.set(band.key, (bands.get(band.key) ?? 0) + 1);
    add(languages, r.locale, amount);
    add(channels, channelKey(r.channel, r.counterContact), amount);
  }
  for (const b of series.values()) b.cancellationRate = rate(b.cancelled, b.bookings);
  const n = rows.length;
  return {
    totals: { bookings: n, sales, cancelled, cancellationRate: rate(cancelled, n) },
    series: [...series.values()],
    leadTime: {
      bands: LEAD_TIME_BANDS.map((b) => ({
        key: b.key,
        bookings: bands.get(b.key) ?? 0,
        share: rate(bands.get(b.key) ?? 0, n) ?? 0,
      })),
      medianDays: median(leads),
    },
    languages: mix(languages, n),
    channels: mix(channels, n),
  };
}

function channelKey(channel: ReservationChannel, contact: "phone" | "in_person" | null): ChannelKey {
  if (channel !== "counter") return channel;
  return contact === "in_person" ? "counter_in_person" : "counter_phone";
}

function add<K>(map: Map<K, { bookings: number; sales: number }>, key: K, amount: number) {
  const row = map.get(key) ?? { bookings: 0, sales: 0 };
  row.bookings += 1;
  row.sales += amount;
  map.set(key, row);
}

/** The rows by bookings, most first (ties by key, so the order is stable). */
function mix<K extends string>(map: Map<K, { bookings: number; sales: number }>, total: number): MixRow<K>[] {
  return [...map.entries()]
    .map(([key, v]) => ({ key, ...v, share: rate(v.bookings, total) ?? 0 }))
    .sort((a, b) => b.bookings - a.bookings || a.key.localeCompare(b.key));
}

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
