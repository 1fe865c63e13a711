import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { reasonText } from "#app/api/problem.server";
import { searchFormDefaults } from "#app/presenters/search.server";
import { localDate } from "#common/calendar-date";
import { lastBookableDate } from "#common/store-rules";
import { SearchQuerySchema } from "#server/availability/search-schema";
import { readDriverInputSettings } from "#server/drivers/settings";
import { siteTimeZone } from "#server/sites/site-bundle";
import { DriverSettingSchema } from "./content-schemas.server";
import { driverSetting, readKey } from "./presenters.server";
import { id, isoDate, pathId, queryStore, storeOr404 } from "./schemas.server";

export const SETTING_OPERATIONS = [
  operation({
    method: "get",
    path: "/driver-setting",
    tag: "reservations",
    operationId: "driver-setting",
    summary: "Which driver fields and licence images the driver form shows, and which it requires",
    description:
      "The site's driver input settings as the form applies them (spec §3): name and the licence fields are required whenever shown; `should_hide_all_inputs` hides every optional input.",
    response: DriverSettingSchema,
    ...readKey,
    async handler({ db, siteId, bundle, now }) {
      const settings = await readDriverInputSettings(db, siteId);
      return driverSetting(settings, localDate(now, siteTimeZone(bundle)));
    },
  }),
  operation({
    method: "get",
    path: "/driver-setting/required-list",
    tag: "reservations",
    operationId: "driver-setting/required-list",
    summary: "The names of the driver form's required fields and images",
    response: z.object({ required: z.array(z.string()) }),
    ...readKey,
    async handler({ db, siteId, bundle, now }) {
      const settings = driverSetting(await readDriverInputSettings(db, siteId), localDate(now, siteTimeZone(bundle)));
      return {
        required: [
          ...settings.fields.filter((f) => f.required).map((f) => f.name),
          ...settings.images.filter((i) => i.required).map((i) => i.name),
        ],
      };
    },
  }),
  operation({
    method: "get",
    path: "/stores/:id/regarding-reservation-setting",
    tag: "reservations",
    operationId: "{id}/regarding-reservation-setting",
    summary: "Whether a store takes web reservations now, and its booking window",
    description:
      "§7 names it `{id}/regarding-reservation-setting`; it sits under `/stores/{id}` because the id is a store's (the reserve acceptance check of spec §2 runs for the store chosen). Acceptance is the site's switch (spec §8 'We are currently suspending online reservations.') applied to an active store; `message` says so in the request's language. Another site's or an unknown store is 404.",
    params: z.object({ id: pathId() }),
    response: z.object({
      store_id: id,
      web_reserve_accepting: z.boolean(),
      message: z.string().nullable().meta({ description: "Why not, when reservations are suspended." }),
      min_lead_minutes: z.number().int(),
      max_advance_days: z.number().int(),
      store_reserve_max_date: isoDate.nullable(),
      last_bookable_date: isoDate,
    }),
    ...readKey,
    async handler({ bundle, locale, params, now }) {
      const store = storeOr404(bundle, params.id);
      const { settings } = bundle;
      const accepting = settings.webReserveAccepting;
      return {
        store_id: store.id,
        web_reserve_accepting: accepting,
        message: accepting ? null : reasonText(locale, { code: "web_reserve_suspended" }),
        min_lead_minutes: settings.minLeadMinutes,
        max_advance_days: settings.maxAdvanceDays,
        store_reserve_max_date: store.reserveMaxDate,
        last_bookable_date: lastBookableDate(store, localDate(now, store.timeZone), settings.maxAdvanceDays),
      };
    },
  }),
  operation({
    method: "get",
    path: "/side-bar",
    tag: "reservations",
    operationId: "side-bar",
    summary: "The search form: its stores (times, bookable dates, closing days), periods and values",
    description:
      "Takes the search page's query (`si`, `sd`, `st`, `ed`, `et`, `date_undecided`, `rental_period_slug`); what it leaves out comes from the site's defaults. A store that is not this site's is 422 with `calendarErrorMessage`.",
    query: SearchQuerySchema,
    response: z
      .object({
        store_id: id.nullable(),
        stores: z.array(
          z.object({
            id,
            name: z.string(),
            times: z.array(z.string()),
            min_date: isoDate,
            max_date: isoDate,
            holidays: z.array(isoDate),
            open_24h: z.boolean(),
            business_start_time: z.string(),
            business_end_time: z.string(),
            regular_holiday_week: z.array(z.number().int()),
            regular_holiday_dates: z.array(z.number().int()),
            time_zone: z.string(),
          }),
        ),
        times: z.array(z.string()),
        periods: z.array(z.object({ slug: z.string(), days: z.number().int() })),
        default_period_days: z.number().int(),
        values: z.object({
          sd: z.string(),
          st: z.string(),
          ed: z.string(),
          et: z.string(),
          rental_period_slug: z.string(),
        }),
        date_undecided: z.boolean(),
      })
      .meta({ id: "SideBar" }),
    ...readKey,
    problems: [422],
    async handler({ bundle, locale, query, now }) {
      if (query.si !== undefined) queryStore(bundle, query.si);
      const form = searchFormDefaults(bundle, locale, query, now);
      return {
        store_id: form.storeId,
        stores: form.stores.map((s) => ({
          id: s.id,
          name: s.name,
          times: s.times,
          min_date: s.minDate,
          max_date: s.maxDate,
          holidays: s.holidays,
          open_24h: s.schedule.isOpen24h,
          business_start_time: s.schedule.businessStartTime,
          business_end_time: s.schedule.businessEndTime,
          regular_holiday_week: [...s.schedule.regularHolidayWeek],
          regular_holiday_dates: [...s.schedule.regularHolidayDates],
          time_zone: s.schedule.timeZone,
        })),
        times: form.times,
        periods: form.periods,
        default_period_days: form.defaultPeriodDays,
        values: {
          sd: form.values.sd,
          st: form.values.st,
          ed: form.values.ed,
          et: form.values.et,
          rental_period_slug: form.values.rentalPeriodSlug,
        },
        date_undecided: form.undecided,
      };
    },
  }),
];
