import type { SiteBundle } from "#server/sites/site-bundle";

/** ○ plenty, △ few left, × none (spec §3 calendar display settings, §4 vacancy codes). */
export type VacancyMark = "circle" | "triangle" | "cross";

/** How a site shows vacancy: the △ threshold, its × mark, whether counts, calendars and photos show. */
export interface VacancyDisplay {
  triangle: number;
  crossMark: string;
  showCount: boolean;
  showCalendar: boolean;
  showImages: boolean;
}

const SHOWN = 1;

export function vacancyDisplay(bundle: SiteBundle): VacancyDisplay {
  const s = bundle.settings;
  return {
    triangle: s.triangleCarNumber,
    crossMark: s.noReserveCarCalendarMark,
    showCount: s.remainingCarNumber === SHOWN,
    showCalendar: s.isDispEmptyCarCalendar === SHOWN,
    showImages: s.isDispImage,
  };
}

/** The one rule for ○/△/×: none left, at most the site's threshold, or more. */
export function vacancyMark(remaining: number, triangle: number): VacancyMark {
  return remaining <= 0 ? "cross" : remaining <= triangle ? "triangle" : "circle";
}
