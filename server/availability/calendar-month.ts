/** Calendar modes (spec §3): 1 departure (can a car leave that day), 2 period (cars left all day). */
export const CALENDAR_MODE = { departure: 1, period: 2 } as const;

/** ○ circle, △ triangle, × cross, ☎ tel (call the store), closed (holiday), past. */
export type CalendarMark = "circle" | "triangle" | "cross" | "tel" | "closed" | "past";

export interface CalendarDay {
  date: string;
  weekday: number;
  mark: CalendarMark;
  remaining: number | null;
  highSeason: boolean;
}

export interface CalendarMonth {
  month: string;
  /** Leading blanks before the 1st, for a Sunday-first grid. */
  offset: number;
  days: CalendarDay[];
  prevMonth: string | null;
  nextMonth: string | null;
}

export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function monthOf(date: string): string {
  return date.slice(0, 7);
}
