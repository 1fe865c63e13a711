/**
 * Calendar dates ("YYYY-MM-DD") and wall-clock times ("HH:mm") in a store's time zone, and the
 * instants they name. Business rules work on these (architecture: time).
 */
export type IsoDate = string;

/** Stores without a zone of their own are in Japan (architecture: time). */
export const DEFAULT_TIME_ZONE = "Asia/Tokyo";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isValidIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2100 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

export function isValidTime(value: string): boolean {
  return TIME.test(value);
}

export function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

function utcOf(date: IsoDate): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(utcOf(date) + days * 86_400_000).toISOString().slice(0, 10);
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utcOf(to) - utcOf(from)) / 86_400_000);
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(date: IsoDate): number {
  return new Date(utcOf(date)).getUTCDay();
}

export function dayOfMonth(date: IsoDate): number {
  return Number(date.slice(8, 10));
}

const formatters = new Map<string, Intl.DateTimeFormat>();
// formatToParts costs ~13 µs; searches ask for the same few instants many times, and every page
// asks for today's date: keyed by the second, as the parts go no finer, requests in one second share it.
const partsMemo = new Map<string, Record<string, string>>();
const PARTS_MEMO_MAX = 5000;

function parts(instant: Date, timeZone: string) {
  const key = `${Math.floor(instant.getTime() / 1000)}|${timeZone}`;
  const hit = partsMemo.get(key);
  if (hit) return hit;
  const p = computeParts(instant, timeZone);
  if (partsMemo.size >= PARTS_MEMO_MAX) partsMemo.clear();
  partsMemo.set(key, p);
  return p;
}

function computeParts(instant: Date, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(instant)) p[part.type] = part.value;
  return p;
}

/** The calendar date of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): IsoDate {
  const p = parts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The wall-clock time of an instant in a time zone. */
export function localTime(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.hour}:${p.minute}`;
}

function offsetMs(instant: Date, timeZone: string): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant at which a time zone's clocks show this date and time. */
export function zonedInstant(date: IsoDate, time: string, timeZone: string): Date {
  const wall = utcOf(date) + minutesOf(time) * 60_000;
  let guess = wall - offsetMs(new Date(wall), timeZone);
  guess = wall - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** Sorted dates folded into runs of consecutive days: [["2026-12-12", "2026-12-18"], …]. */
export function dateRuns(dates: readonly IsoDate[]): [IsoDate, IsoDate][] {
  const runs: [IsoDate, IsoDate][] = [];
  for (const d of [...new Set(dates)].sort()) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === d) last[1] = d;
    else runs.push([d, d]);
  }
  return runs;
}
