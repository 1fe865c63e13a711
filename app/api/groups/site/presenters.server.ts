import type { z } from "zod";
import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { localDate } from "#common/calendar-date";
import { CALENDAR_MODE } from "#common/codes";
import { type Locale, pickLang } from "#common/locales";
import { storeCalendar } from "#server/availability/calendar";
import type { CalendarMark } from "#server/availability/calendar-month";
import { monthOf } from "#server/availability/calendar-month";
import { typesAtStore } from "#server/availability/search";
import { vacancyDisplay } from "#server/availability/vacancy";
import { customPageKind, SEO_PAGE_KINDS } from "#server/content/content.schema";
import type { Db } from "#server/db/client";
import { DRIVER_FIELDS, driverFormConfig, imageFieldName } from "#server/drivers/driver.schema";
import type { readDriverInputSettings } from "#server/drivers/settings";
import { AppError } from "#server/errors";
import type { SiteBundle } from "#server/sites/site-bundle";
import type { CalendarQuerySchema } from "./calendar-schemas.server";
import { queryStore } from "./schemas.server";

// ---------------------------------------------------------------------------------------------
// Helpers shared by the operations
// ---------------------------------------------------------------------------------------------

export const t = (locale: Locale, key: string, params?: Record<string, string | number>) =>
  translate(CATALOGUES[locale], key as MessageKey, params);

export function calendarSetting(bundle: SiteBundle, locale: Locale) {
  const s = bundle.settings;
  const display = vacancyDisplay(bundle);
  return {
    is_disp_empty_car_calendar: s.isDispEmptyCarCalendar,
    remaining_car_numbar: s.remainingCarNumber,
    triangle_car_numbar: s.triangleCarNumber,
    no_reserve_car_calendar_mark: s.noReserveCarCalendarMark,
    show_remaining: display.showCount,
    show_calendar: display.showCalendar,
    modes: [
      { mode: CALENDAR_MODE.departure, label: t(locale, "calendar.modeDeparture") },
      { mode: CALENDAR_MODE.period, label: t(locale, "calendar.modePeriod") },
    ],
  };
}

export const monthLabel = (locale: Locale, month: string) =>
  t(locale, "calendar.month", { year: month.slice(0, 4), month: Number(month.slice(5, 7)) });

export type CalendarQuery = z.output<typeof CalendarQuerySchema>;

/** The month's marks for a store (or one car type at it), as the store and car type pages show them. */
export async function calendarOf(req: { bundle: SiteBundle; db: Db; siteId: string; now: Date }, query: CalendarQuery) {
  const { bundle } = req;
  const store = queryStore(bundle, query.si);
  if (query.car_type_id !== undefined && !typesAtStore(bundle, store.id).some((ct) => ct.id === query.car_type_id)) {
    throw new AppError("invalid_input", { fieldErrors: { car_type_id: { code: "invalid_choice" } } });
  }
  const today = localDate(req.now, store.timeZone);
  const mode = query.mode === "2" ? CALENDAR_MODE.period : CALENDAR_MODE.departure;
  const calendar = await storeCalendar(req.db, req.siteId, {
    bundle,
    store,
    carTypeId: query.car_type_id,
    month: query.month ?? monthOf(today),
    mode,
    now: req.now,
  });
  return { store, mode, calendar };
}

export const markLabel = (locale: Locale, mark: CalendarMark) => t(locale, `calendar.mark.${mark}`);

export function driverSetting(settings: Awaited<ReturnType<typeof readDriverInputSettings>>, today: string) {
  const config = driverFormConfig(settings, today);
  return {
    fields: DRIVER_FIELDS.map((name) => {
      const mode = config.modes[name];
      return { name, mode, shown: mode !== 0, required: mode === 2 };
    }),
    images: config.images.map((i) => ({ slot: i.slot, name: imageFieldName(i.slot), required: i.required })),
    license_pictures_display_num: settings.licensePicturesDisplayNum,
    should_hide_all_inputs: settings.shouldHideAllInputs,
  };
}

export function seoKinds(bundle: SiteBundle): string[] {
  const kinds: string[] = [...SEO_PAGE_KINDS, ...bundle.customPages.map((p) => customPageKind(p.pageUrl))];
  for (const s of bundle.seo) if (!kinds.includes(s.pageKind)) kinds.push(s.pageKind);
  return kinds;
}

export function seoSetting(bundle: SiteBundle, locale: Locale, kind: string) {
  const row = bundle.seo.find((s) => s.pageKind === kind);
  return {
    page_kind: kind,
    page_title: row ? pickLang(row, "pageTitle", locale) || null : null,
    description: row ? pickLang(row, "description", locale) || null : null,
  };
}

export const readKey = { browser: "anyone", key: "catalog:read" } as const;

export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}
