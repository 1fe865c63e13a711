import { z } from "zod";
import { MONTH } from "#common/params";
import { ID, id, isoDate, text } from "./schemas.server";

export const StoreHolidaySchema = z
  .object({
    store_id: id,
    store_holiday_date: z.array(isoDate).meta({ description: "Specific closing dates from today on." }),
    regular_holiday_week: z.array(z.number().int()).meta({ description: "Weekdays, 0 Sunday … 6 Saturday." }),
    regular_holiday_dates: z.array(z.number().int()).meta({ description: "Days of the month." }),
    closed_date: isoDate.nullable(),
    store_reserve_max_date: isoDate.nullable(),
    last_bookable_date: isoDate,
  })
  .meta({ id: "StoreHoliday" });

export const MARKS = ["circle", "triangle", "cross", "tel", "closed", "past"] as const;
export const CalendarDaySchema = z
  .object({
    date: isoDate,
    weekday: z.number().int(),
    mark: z.enum(MARKS).meta({ description: "○ circle, △ triangle, × cross, ☎ tel (call the store), closed, past." }),
    label: text("The mark in the request's language."),
    remaining: z.number().int().nullable(),
    high_season: z.boolean(),
  })
  .meta({ id: "CalendarDay" });

export const CalendarSettingSchema = z
  .object({
    is_disp_empty_car_calendar: z.number().int().meta({ description: "1 the calendar is shown." }),
    remaining_car_numbar: z
      .number()
      .int()
      .meta({ description: "1: counts of cars left are shown (spelt as spec §3 spells it)." }),
    triangle_car_numbar: z.number().int().meta({ description: "At most this many cars left shows △." }),
    no_reserve_car_calendar_mark: z.string().meta({ description: "The mark for no car left (default ×)." }),
    show_remaining: z.boolean(),
    show_calendar: z.boolean(),
    modes: z.array(z.object({ mode: z.number().int(), label: z.string() })).meta({
      description: "Calendar modes: 1 by departure day (business hours), 2 whole day.",
    }),
  })
  .meta({ id: "CalendarSetting" });

export const CalendarMonthSchema = z
  .object({
    store_id: id,
    store_name: z.string(),
    car_type_id: id.nullable(),
    mode: z.number().int(),
    month: text("`YYYY-MM`: the month shown (one outside the bookable window is moved to its nearest month)."),
    label: text("The month in the request's language."),
    offset: z.number().int().meta({ description: "Blank cells before the 1st in a Sunday-first grid." }),
    prev_month: z.string().nullable(),
    next_month: z.string().nullable(),
    days: z.array(CalendarDaySchema),
    setting: CalendarSettingSchema,
  })
  .meta({ id: "CalendarMonth" });

// ---------------------------------------------------------------------------------------------
// Query schemas
// ---------------------------------------------------------------------------------------------

/**
 * The calendar's query: the store (`si`, as the search form names it), the month (`YYYY-MM`, as
 * the store page's `?month=`), the mode (`1` departure, `2` whole day, as its `?mode=`) and
 * optionally one car type (as the car type page's calendar). Wrong ones are 422 with
 * `calendarErrorMessage`.
 */
export const CalendarQuerySchema = z.object({
  si: z.string({ error: "store_required" }).regex(ID, { error: "store_required" }).transform(Number),
  month: z.string().regex(MONTH, { error: "date_invalid" }).optional(),
  mode: z.enum(["1", "2"], { error: "invalid_choice" }).optional(),
  car_type_id: z.string().regex(ID, { error: "invalid_choice" }).transform(Number).optional(),
});

export const SelectBoxQuerySchema = z.object({
  si: z.string().regex(ID, { error: "store_required" }).transform(Number).optional(),
});
