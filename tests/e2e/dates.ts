/**
 * Calendar dates for the e2e tests, computed from "now" in Japan time (the demo stores' zone),
 * as the server and the demo seed compute them. Never hard-code a date in a test.
 */
import { readSeedDay } from "./seed-day";

export const TZ = "Asia/Tokyo";

const DAY_MS = 86_400_000;

function parts(instant: Date): Record<string, string> {
  const f = new Intl.DateTimeFormat("en-CA", {
    timeZone: TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
}

/** `YYYY-MM-DD` of an instant in Japan. */
export function jstDate(instant: Date = new Date()): string {
  const p = parts(instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `HH:mm` of an instant in Japan. */
export function jstTime(instant: Date = new Date()): string {
  const p = parts(instant);
  return `${p.hour}:${p.minute}`;
}

/** Today in Japan. */
export function today(): string {
  return jstDate(new Date());
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day `days` after today in Japan. */
export function day(days: number): string {
  return addDays(today(), days);
}

/** The day `days` after the day the demo seed was written (its bookings are placed from it). */
export function seedDay(days: number): string {
  return addDays(readSeedDay(), days);
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The first date at or after `from` that falls on `weekday`. */
export function nextWeekday(from: string, weekday: number): string {
  let d = from;
  while (weekdayOf(d) !== weekday) d = addDays(d, 1);
  return d;
}

/** `YYYY-MM` of a date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** Months from `a` to `b` (`YYYY-MM-DD` or `YYYY-MM`), positive when `b` is later. */
export function monthsBetween(a: string, b: string): number {
  const [ya, ma] = a.split("-").map(Number) as [number, number];
  const [yb, mb] = b.split("-").map(Number) as [number, number];
  return (yb - ya) * 12 + (mb - ma);
}

/** `YYYY/MM/DD`, as the site prints dates. */
export function slashed(date: string): string {
  return date.replaceAll("-", "/");
}

/** The digits to type into an en-US native date input (mm/dd/yyyy). */
export function typedUs(date: string): string {
  const [y, m, d] = date.split("-");
  return `${m}${d}${y}`;
}

/**
 * A departure (date and `HH:mm`) 60 to 89 minutes from now in Japan, on a half hour:
 * in the future but inside the 120-minute minimum lead time.
 */
export function withinLeadTime(now: Date = new Date()): { date: string; time: string } {
  const step = 30 * 60_000;
  const at = new Date(Math.ceil((now.getTime() + 60 * 60_000) / step) * step);
  return { date: jstDate(at), time: jstTime(at) };
}
