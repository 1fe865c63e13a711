import { addDays, dayOfMonth, type IsoDate, isValidTime, minutesOf, weekdayOf } from "./calendar-date";

/** The parts of a store that decide when cars can leave and come back. */
export interface StoreSchedule {
  isOpen24h: boolean;
  businessStartTime: string;
  businessEndTime: string;
  closedDate: string | null;
  regularHolidayWeek: number[];
  regularHolidayDates: number[];
  highSeasonWeek: number[];
  highSeasonDates: string[];
  reserveMaxDate: string | null;
  timeZone: string;
}

/** Closed from its closing date on, on regular holidays by weekday or day of month, and on store holidays. */
export function isStoreClosed(store: StoreSchedule, holidays: ReadonlySet<string> | undefined, date: IsoDate): boolean {
  if (store.closedDate && date >= store.closedDate) return true;
  if (store.regularHolidayWeek.includes(weekdayOf(date))) return true;
  if (store.regularHolidayDates.includes(dayOfMonth(date))) return true;
  return holidays?.has(date) ?? false;
}

export function isWithinBusinessHours(store: StoreSchedule, time: string): boolean {
  if (store.isOpen24h) return true;
  if (!isValidTime(time)) return false;
  const t = minutesOf(time);
  return t >= minutesOf(store.businessStartTime) && t <= minutesOf(store.businessEndTime);
}

export function isHighSeason(store: StoreSchedule, date: IsoDate): boolean {
  return store.highSeasonWeek.includes(weekdayOf(date)) || store.highSeasonDates.includes(date);
}

/** Departure and return times a visitor may pick at this store, every 30 minutes. */
export function selectableTimes(store: StoreSchedule): string[] {
  const from = store.isOpen24h ? 0 : minutesOf(store.businessStartTime);
  const to = store.isOpen24h ? 23 * 60 + 30 : minutesOf(store.businessEndTime);
  const times: string[] = [];
  for (let m = from; m <= to; m += 30) {
    times.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
  }
  return times;
}

/** The last departure date taken online: the site's advance period or the store's reserve max date, whichever is sooner. */
export function lastBookableDate(store: StoreSchedule, today: IsoDate, maxAdvanceDays: number): IsoDate {
  const byAdvance = addDays(today, maxAdvanceDays);
  return store.reserveMaxDate && store.reserveMaxDate < byAdvance ? store.reserveMaxDate : byAdvance;
}
