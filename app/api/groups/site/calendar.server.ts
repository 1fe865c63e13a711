import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { upcomingHolidays } from "#app/presenters/store.server";
import { localDate } from "#common/calendar-date";
import { pickLang } from "#common/locales";
import { lastBookableDate } from "#common/store-rules";
import { monthOf } from "#server/availability/calendar-month";
import {
  CalendarMonthSchema,
  CalendarQuerySchema,
  CalendarSettingSchema,
  SelectBoxQuerySchema,
  StoreHolidaySchema,
} from "./calendar-schemas.server";
import { calendarOf, calendarSetting, markLabel, monthLabel, nextMonth, readKey } from "./presenters.server";
import { id, isoDate, pathId, queryStore, storeOr404 } from "./schemas.server";

export const CALENDAR_OPERATIONS = [
  operation({
    method: "get",
    path: "/calendar",
    tag: "reservations",
    operationId: "calendar",
    summary: "A store's vacancy calendar for a month (○ △ × per day), as the store and car type pages show it",
    description:
      "`si` the store, `month` `YYYY-MM` (default this month), `mode` 1 by departure day or 2 whole day, `car_type_id` to count one car type only. A store that is not this site's, or a malformed month, is 422 with `calendarErrorMessage`.",
    query: CalendarQuerySchema,
    response: CalendarMonthSchema,
    ...readKey,
    problems: [422],
    async handler(req) {
      const { bundle, locale, query } = req;
      const { store, mode, calendar } = await calendarOf(req, query);
      return {
        store_id: store.id,
        store_name: pickLang(store, "storeName", locale),
        car_type_id: query.car_type_id ?? null,
        mode,
        month: calendar.month,
        label: monthLabel(locale, calendar.month),
        offset: calendar.offset,
        prev_month: calendar.prevMonth,
        next_month: calendar.nextMonth,
        days: calendar.days.map((d) => ({
          date: d.date,
          weekday: d.weekday,
          mark: d.mark,
          label: markLabel(locale, d.mark),
          remaining: d.remaining,
          high_season: d.highSeason,
        })),
        setting: calendarSetting(bundle, locale),
      };
    },
  }),
  operation({
    method: "get",
    path: "/stores/:storeId/store-holiday",
    tag: "reservations",
    operationId: "stores/{storeId}/store-holiday",
    summary: "A store's closing days: its specific dates from today, its regular weekdays and days of the month",
    params: z.object({ storeId: pathId() }),
    response: StoreHolidaySchema,
    ...readKey,
    async handler({ bundle, params, now }) {
      const store = storeOr404(bundle, params.storeId);
      const today = localDate(now, store.timeZone);
      return {
        store_id: store.id,
        store_holiday_date: upcomingHolidays(bundle, store.id, today),
        regular_holiday_week: [...store.regularHolidayWeek].sort(),
        regular_holiday_dates: [...store.regularHolidayDates].sort((a, b) => a - b),
        closed_date: store.closedDate,
        store_reserve_max_date: store.reserveMaxDate,
        last_bookable_date: lastBookableDate(store, today, bundle.settings.maxAdvanceDays),
      };
    },
  }),
  operation({
    method: "get",
    path: "/car-allocation",
    tag: "reservations",
    operationId: "car-allocation",
    summary: "Which days of a month cannot be reserved, and the cars left on the others (spec §3 car allocation)",
    description:
      "The calendar's query and rules: `unable_reserve_dates` are the days no car can be reserved (past, closed, call the store, or none left); `reservation_frames` the cars left on each day that can be booked (whole-day count with `mode=2`). 422 with `calendarErrorMessage` for a wrong store or month.",
    query: CalendarQuerySchema,
    response: z
      .object({
        store_id: id,
        car_type_id: id.nullable(),
        month: z.string(),
        unable_reserve_dates: z.array(isoDate),
        reservation_frames: z.array(
          z.object({ date: isoDate, remaining: z.number().int(), mark: z.enum(["circle", "triangle", "cross"]) }),
        ),
      })
      .meta({ id: "CarAllocation" }),
    ...readKey,
    problems: [422],
    async handler(req) {
      const { store, calendar } = await calendarOf(req, req.query);
      const open = calendar.days.filter(
        (d): d is typeof d & { mark: "circle" | "triangle" | "cross"; remaining: number } =>
          (d.mark === "circle" || d.mark === "triangle" || d.mark === "cross") && d.remaining !== null,
      );
      return {
        store_id: store.id,
        car_type_id: req.query.car_type_id ?? null,
        month: calendar.month,
        unable_reserve_dates: calendar.days
          .filter((d) => d.mark !== "circle" && d.mark !== "triangle")
          .map((d) => d.date),
        reservation_frames: open.map((d) => ({ date: d.date, remaining: d.remaining, mark: d.mark })),
      };
    },
  }),
  operation({
    method: "get",
    path: "/calendars/select-box",
    tag: "reservations",
    operationId: "calendars/select-box",
    summary: "The calendar's choices: each store with the months that can be shown, and the modes",
    description:
      "Months run from this month to the month of the store's last bookable day. `si` narrows to one store (422 with `calendarErrorMessage` when it is not this site's).",
    query: SelectBoxQuerySchema,
    response: z
      .object({
        stores: z.array(
          z.object({
            id,
            name: z.string(),
            months: z.array(z.object({ value: z.string(), label: z.string() })),
          }),
        ),
        modes: z.array(z.object({ mode: z.number().int(), label: z.string() })),
      })
      .meta({ id: "CalendarSelectBox" }),
    ...readKey,
    problems: [422],
    async handler({ bundle, locale, query, now }) {
      const stores = query.si !== undefined ? [queryStore(bundle, query.si)] : bundle.stores;
      return {
        stores: stores.map((store) => {
          const today = localDate(now, store.timeZone);
          const last = monthOf(lastBookableDate(store, today, bundle.settings.maxAdvanceDays));
          const months: string[] = [];
          for (let m = monthOf(today); m <= last && months.length < 240; m = nextMonth(m)) months.push(m);
          return {
            id: store.id,
            name: pickLang(store, "storeName", locale),
            months: months.map((value) => ({ value, label: monthLabel(locale, value) })),
          };
        }),
        modes: calendarSetting(bundle, locale).modes,
      };
    },
  }),
  operation({
    method: "get",
    path: "/calendars/setting",
    tag: "reservations",
    operationId: "calendars/setting",
    summary: "How the calendar shows vacancy: shown or not, counts, the △ threshold, the × mark, the modes",
    response: CalendarSettingSchema,
    ...readKey,
    async handler({ bundle, locale }) {
      return calendarSetting(bundle, locale);
    },
  }),
];
