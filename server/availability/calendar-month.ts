import type { VacancyMark } from "./vacancy";

/** ○ circle, △ triangle, × cross, ☎ tel (call the store), closed (holiday), past. */
export type CalendarMark = VacancyMark | "tel" | "closed" | "past";

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

export function monthOf(date: string): string {
  return date.slice(0, 7);
}
