import { addDays, daysBetween, localDate, weekdayOf, zonedInstant } from "#common/calendar-date";
import { CALENDAR_MODE } from "#common/codes";
import { isHighSeason, isStoreClosed, lastBookableDate } from "#common/store-rules";
import type { Db } from "#server/db/client";
import type { SiteBundle, StoreRow } from "#server/sites/site-bundle";
import { vehicleKey } from "#server/sites/site-bundle";
import { type CalendarDay, type CalendarMonth, monthOf } from "./calendar-month";
import { groupByType, peakOverlap } from "./occupancy";
import { loadHolds } from "./queries";
import { typesAtStore } from "./search";
import { vacancyMark } from "./vacancy";

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * Marks each day of a month for a store, or for one car type at it (spec §3 calendar, §4 codes).
 * `month` is `YYYY-MM`; one outside the bookable window is moved to the window's nearest month.
 */
export async function storeCalendar(
  db: Db,
  siteId: string,
  input: { bundle: SiteBundle; store: StoreRow; carTypeId?: number; month: string; mode: number; now: Date },
): Promise<CalendarMonth> {
  const { bundle, store, now } = input;
  const { settings, catalogue } = bundle;
  const tz = store.timeZone;
  const today = localDate(now, tz);
  const lastBookable = lastBookableDate(store, today, settings.maxAdvanceDays);
  const thisMonth = monthOf(today);
  const lastMonth = monthOf(lastBookable);
  // Months outside the bookable window show its nearest end; a month like 9999-12 has no dates to compute.
  const month = [thisMonth, input.month, lastMonth].sort()[1] as string;
  const first = `${month}-01`;
  const nextFirst = `${shiftMonth(month, 1)}-01`;
  const count = daysBetween(first, nextFirst);
  const leadUntil = now.getTime() + settings.minLeadMinutes * 60_000;

  const types = typesAtStore(bundle, store.id).filter((t) => input.carTypeId === undefined || t.id === input.carTypeId);
  const holds = groupByType(
    await loadHolds(
      db,
      siteId,
      store.id,
      zonedInstant(first, "00:00", tz),
      zonedInstant(nextFirst, "00:00", tz),
      input.carTypeId,
    ),
  );
  const holidays = catalogue.holidays.get(store.id);
  const open24 = store.isOpen24h;

  const days: CalendarDay[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(first, i);
    const day = { date, weekday: weekdayOf(date), remaining: null, highSeason: isHighSeason(store, date) };
    if (date < today) {
      days.push({ ...day, mark: "past" });
      continue;
    }
    if (isStoreClosed(store, holidays, date)) {
      days.push({ ...day, mark: "closed" });
      continue;
    }
    const from = zonedInstant(
      date,
      input.mode === CALENDAR_MODE.period || open24 ? "00:00" : store.businessStartTime,
      tz,
    );
    const to =
      input.mode === CALENDAR_MODE.period || open24
        ? zonedInstant(addDays(date, 1), "00:00", tz)
        : zonedInstant(date, store.businessEndTime, tz);
    if (date > lastBookable || to.getTime() <= leadUntil) {
      days.push({ ...day, mark: "tel" });
      continue;
    }
    const remaining = types.reduce((sum, t) => {
      const vehicles = catalogue.vehicleCounts.get(vehicleKey(store.id, t.id)) ?? 0;
      return sum + Math.max(0, vehicles - peakOverlap(holds.get(t.id) ?? [], from.getTime(), to.getTime()));
    }, 0);
    days.push({ ...day, mark: vacancyMark(remaining, settings.triangleCarNumber), remaining });
  }
  return {
    month,
    offset: weekdayOf(first),
    days,
    prevMonth: month > thisMonth ? shiftMonth(month, -1) : null,
    nextMonth: month < lastMonth ? shiftMonth(month, 1) : null,
  };
}
