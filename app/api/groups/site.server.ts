import { z } from "zod";
import { localDate } from "../../../common/calendar-date";
import { CALENDAR_MODE } from "../../../common/codes";
import { LOCALE_CODE, LOCALE_PREFIX, type Locale, pickLang, siteLocales } from "../../../common/locales";
import { MONTH } from "../../../common/params";
import { lastBookableDate } from "../../../common/store-rules";
import { storeCalendar } from "../../../server/availability/calendar";
import type { CalendarMark } from "../../../server/availability/calendar-month";
import { monthOf } from "../../../server/availability/calendar-month";
import { typesAtStore } from "../../../server/availability/search";
import { SearchQuerySchema } from "../../../server/availability/search-schema";
import { vacancyDisplay } from "../../../server/availability/vacancy";
import { customPageKind, SEO_PAGE_KINDS } from "../../../server/content/content.schema";
import type { Db } from "../../../server/db/client";
import { DRIVER_FIELDS, driverFormConfig, imageFieldName } from "../../../server/drivers/driver.schema";
import { readDriverInputSettings } from "../../../server/drivers/settings";
import { AppError, notFoundError } from "../../../server/errors";
import { PLAN, planFlags, priceListPath, shellFeatures } from "../../../server/sites/plan";
import { isMultiStore, type SiteBundle, type StoreRow, siteTimeZone } from "../../../server/sites/site-bundle";
import { logoNeedsResize, siteTheme } from "../../../server/sites/theme";
import { CATALOGUES, type MessageKey, translate } from "../../i18n/messages";
import { customPageContent, topContent } from "../../presenters/content.server";
import { searchFormDefaults } from "../../presenters/search.server";
import { upcomingHolidays } from "../../presenters/store.server";
import { operation } from "../operation.server";
import { reasonText } from "../problem.server";

/**
 * §7's reservation-group reads about the site itself: the client and its settings, its content
 * (top, custom pages, SEO, footer), the driver form's settings, and the calendars. Every answer
 * comes from the cached site bundle or the domain functions the pages call, in the request's
 * language (Japanese when a text has no translation).
 */

const ID = /^[1-9][0-9]{0,8}$/;
const id = z.number().int();
const isoDate = z.string().meta({ description: "`YYYY-MM-DD`." });
const text = (description: string) => z.string().meta({ description });

/** A path id: digits only, else 404 (the params schema fails). */
export const pathId = () => z.string().regex(ID).transform(Number);

/** The active store of this site with that id, or 404: another site's or an unknown store is not found. */
export function storeOr404(bundle: SiteBundle, storeId: number): StoreRow {
  const store = bundle.stores.find((s) => s.id === storeId);
  if (!store) throw notFoundError();
  return store;
}

/** A store given in a query: unknown or another site's is a refusal of the store (422, `calendarErrorMessage`). */
export function queryStore(bundle: SiteBundle, storeId: number | null | undefined, field = "si"): StoreRow {
  const store = storeId ? bundle.stores.find((s) => s.id === storeId) : undefined;
  if (!store) throw new AppError("invalid_input", { fieldErrors: { [field]: { code: "store_required" } } });
  return store;
}

const PLAN_NAME: Record<number, string> = {
  [PLAN.light]: "light",
  [PLAN.standard]: "standard",
  [PLAN.standardPlus]: "standard_plus",
  [PLAN.premium]: "premium",
};

// ---------------------------------------------------------------------------------------------
// Response schemas
// ---------------------------------------------------------------------------------------------

const SiteClientSchema = z
  .object({
    client_id: id,
    site_id: z.string(),
    site_title: text("In the request's language."),
    usage_plan_type: id.meta({ description: "1 light, 2 standard, 3 standard-plus, 4 premium (spec §1)." }),
    usage_plan_name: z.enum(["light", "standard", "standard_plus", "premium"]),
    is_standard_over: z.boolean(),
    is_standard_plus_over: z.boolean(),
    is_premium_over: z.boolean(),
    features: z
      .object({
        full_header_menu: z.boolean(),
        footer: z.boolean(),
        login_link: z.boolean(),
        language_switcher: z.boolean(),
      })
      .meta({ description: "What the plan shows (spec §1, §2): the switcher needs standard-plus and two languages." }),
    active_stores: id.meta({ description: "Stores in service (management status 1)." }),
    is_multi_store: z.boolean().meta({ description: "More than one active store (spec §9)." }),
    created: z.string().meta({ description: "When the client started (ISO 8601); the footer's copyright year." }),
  })
  .meta({ id: "SiteClient" });

const LanguageSchema = z.object({
  locale: z.enum(["ja", "en", "ko", "zh-TW"]),
  code: z.string().meta({ description: "The site setting's code: jp, en, kr, tw." }),
  prefix: z.string().meta({ description: "The path prefix: empty for Japanese, `en`, `kr`, `tw`." }),
});

const SiteSettingSchema = z
  .object({
    site_title: z.string(),
    header_message: z.string(),
    supported_language: z.string().meta({ description: "The comma list of spec §3 (`jp,en,kr,tw`)." }),
    languages: z.array(LanguageSchema),
    is_multi_language: z.boolean(),
    public_status: z.number().int().meta({ description: "1 public, 2 unpublished." }),
    is_disp_image: z.boolean(),
    is_disp_non_member: z.boolean().meta({ description: "Visitors may book without becoming members." }),
    default_disp_empty_car_type: z
      .number()
      .int()
      .meta({ description: "1: fully booked car types are listed with ×; 2: left out." }),
    is_disp_empty_car_calendar: z.number().int().meta({ description: "1 the vacancy calendar is shown." }),
    default_start_day: z.number().int().meta({ description: "Days from today of the default departure." }),
    default_start_time: z.string(),
    default_end_day: z.number().int(),
    default_end_time: z.string(),
    default_rental_period_slug: z.string(),
    site_color: z.string().meta({ description: "The theme colour, `#rrggbb`." }),
    font_color: z.string().meta({
      description: "The text colour on it: the override, else white when its luminance is below 50 (spec §9).",
    }),
    favicon_image_path: z.string().nullable(),
    price_list_path: z.string().meta({ description: "Where the price-list menu entry points: `/fee` or `/c/{url}`." }),
    web_reserve_accepting: z.boolean(),
    min_lead_minutes: z.number().int(),
    max_advance_days: z.number().int(),
    settlement_methods: z
      .array(z.number().int())
      .meta({ description: "1 card in advance, 2 cash, 3 card at the store, 4 other." }),
  })
  .meta({ id: "SiteSetting" });

const LogoSchema = z
  .object({
    img_path: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    resize: z
      .boolean()
      .meta({ description: "Taller than 75 px or wider than 400 px: shown with the resize class (spec §9)." }),
  })
  .meta({ id: "SiteLogo" });

const FooterSchema = z
  .object({
    shown: z.boolean().meta({ description: "The plan shows the footer (standard and up)." }),
    pages: z.array(z.object({ id, url: z.string(), title: z.string() })),
    company_name: z.string(),
    footer_text: z.string(),
    since: z.number().int().meta({ description: "The client's creation year, for the copyright." }),
    site_title: z.string(),
  })
  .meta({ id: "SiteFooter" });

const NewsSchema = z
  .object({ id, published_on: isoDate, date: text("`YYYY/MM/DD`."), title: z.string(), body: z.string() })
  .meta({ id: "News" });

const TopSchema = z
  .object({
    site_title: z.string(),
    site_image: z.string().nullable().meta({ description: "Null when the site hides images." }),
    page_edit_top: text("The top page's text (Markdown)."),
    news: z.array(NewsSchema),
    handling_class: z
      .array(z.object({ id, name: z.string() }))
      .meta({ description: "The car classes the site rents." }),
    stores: z.array(z.object({ id, name: z.string() })),
  })
  .meta({ id: "Top" });

const CustomPageSchema = z
  .object({
    page_id: id,
    page_url: z.string(),
    page_title: z.string(),
    page_contents: text("Markdown."),
    display_order: z.number().int(),
  })
  .meta({ id: "CustomPage" });

const SeoSettingSchema = z
  .object({
    page_kind: text("`top`, `reserve`, `car_type`, `fee`, `store`, `store_detail`, or `custom_page:{url}`."),
    page_title: z.string().nullable().meta({ description: "Null: the page's own title applies." }),
    description: z.string().nullable(),
  })
  .meta({ id: "SeoSetting" });

const fieldMode = z.number().int().meta({ description: "0 hidden, 1 optional, 2 required." });
const DriverSettingSchema = z
  .object({
    fields: z.array(z.object({ name: z.string(), mode: fieldMode, shown: z.boolean(), required: z.boolean() })),
    images: z
      .array(z.object({ slot: z.number().int(), name: z.string(), required: z.boolean() }))
      .meta({ description: "The licence image inputs the form shows, in order." }),
    license_pictures_display_num: z.number().int(),
    should_hide_all_inputs: z.boolean(),
  })
  .meta({ id: "DriverSetting" });

const StoreHolidaySchema = z
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

const MARKS = ["circle", "triangle", "cross", "tel", "closed", "past"] as const;
const CalendarDaySchema = z
  .object({
    date: isoDate,
    weekday: z.number().int(),
    mark: z.enum(MARKS).meta({ description: "○ circle, △ triangle, × cross, ☎ tel (call the store), closed, past." }),
    label: text("The mark in the request's language."),
    remaining: z.number().int().nullable(),
    high_season: z.boolean(),
  })
  .meta({ id: "CalendarDay" });

const CalendarSettingSchema = z
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

const CalendarMonthSchema = z
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

const SelectBoxQuerySchema = z.object({
  si: z.string().regex(ID, { error: "store_required" }).transform(Number).optional(),
});

// ---------------------------------------------------------------------------------------------
// Helpers shared by the operations
// ---------------------------------------------------------------------------------------------

const t = (locale: Locale, key: string, params?: Record<string, string | number>) =>
  translate(CATALOGUES[locale], key as MessageKey, params);

function calendarSetting(bundle: SiteBundle, locale: Locale) {
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

const monthLabel = (locale: Locale, month: string) =>
  t(locale, "calendar.month", { year: month.slice(0, 4), month: Number(month.slice(5, 7)) });

type CalendarQuery = z.output<typeof CalendarQuerySchema>;

/** The month's marks for a store (or one car type at it), as the store and car type pages show them. */
async function calendarOf(req: { bundle: SiteBundle; db: Db; siteId: string; now: Date }, query: CalendarQuery) {
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

const markLabel = (locale: Locale, mark: CalendarMark) => t(locale, `calendar.mark.${mark}`);

function driverSetting(settings: Awaited<ReturnType<typeof readDriverInputSettings>>, today: string) {
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

function seoKinds(bundle: SiteBundle): string[] {
  const kinds: string[] = [...SEO_PAGE_KINDS, ...bundle.customPages.map((p) => customPageKind(p.pageUrl))];
  for (const s of bundle.seo) if (!kinds.includes(s.pageKind)) kinds.push(s.pageKind);
  return kinds;
}

function seoSetting(bundle: SiteBundle, locale: Locale, kind: string) {
  const row = bundle.seo.find((s) => s.pageKind === kind);
  return {
    page_kind: kind,
    page_title: row ? pickLang(row, "pageTitle", locale) || null : null,
    description: row ? pickLang(row, "description", locale) || null : null,
  };
}

const readKey = { browser: "anyone", key: "catalog:read" } as const;

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

export const SITE_OPERATIONS = [
  operation({
    method: "get",
    path: "/site-client",
    tag: "reservations",
    operationId: "site-client",
    summary: "The client (rental company): its site, plan tier and what the plan shows",
    response: SiteClientSchema,
    ...readKey,
    async handler({ bundle, locale }) {
      const { client, settings } = bundle;
      const flags = planFlags(client.usagePlanType);
      const features = shellFeatures(client.usagePlanType, siteLocales(settings.supportedLanguages).length >= 2);
      return {
        client_id: client.clientId,
        site_id: client.siteId,
        site_title: pickLang(settings, "siteTitle", locale),
        usage_plan_type: client.usagePlanType,
        usage_plan_name: PLAN_NAME[client.usagePlanType] as "light",
        is_standard_over: flags.isStandardOver,
        is_standard_plus_over: flags.isStandardPlusOver,
        is_premium_over: flags.isPremiumOver,
        features: {
          full_header_menu: features.fullHeaderMenu,
          footer: features.footer,
          login_link: features.loginLink,
          language_switcher: features.languageSwitcher,
        },
        active_stores: bundle.stores.length,
        is_multi_store: isMultiStore(bundle),
        created: client.createdAt.toISOString(),
      };
    },
  }),
  operation({
    method: "get",
    path: "/is-active-site-client",
    tag: "reservations",
    operationId: "is-active-site-client",
    summary: "Whether the client is active",
    description:
      "An inactive or unknown client answers 404 (spec §8 ClientNotFound), as every operation does, so a 200 always says `true`.",
    response: z.object({ is_active: z.boolean() }),
    ...readKey,
    async handler({ bundle }) {
      return { is_active: bundle.client.isActive };
    },
  }),
  operation({
    method: "get",
    path: "/site-setting",
    tag: "reservations",
    operationId: "site-setting",
    summary: "The site's public settings: languages, guest booking, theme, search defaults, vacancy display",
    response: SiteSettingSchema,
    ...readKey,
    async handler({ bundle, locale }) {
      const s = bundle.settings;
      const locales = siteLocales(s.supportedLanguages);
      const theme = siteTheme(s.siteColor, s.fontColor);
      return {
        site_title: pickLang(s, "siteTitle", locale),
        header_message: pickLang(s, "headerMessage", locale),
        supported_language: s.supportedLanguages,
        languages: locales.map((l) => ({ locale: l, code: LOCALE_CODE[l], prefix: LOCALE_PREFIX[l] })),
        is_multi_language: locales.length >= 2,
        public_status: s.publicStatus,
        is_disp_image: s.isDispImage,
        is_disp_non_member: s.isDispNonMember,
        default_disp_empty_car_type: s.defaultDispEmptyCarType,
        is_disp_empty_car_calendar: s.isDispEmptyCarCalendar,
        default_start_day: s.defaultStartDay,
        default_start_time: s.defaultStartTime,
        default_end_day: s.defaultEndDay,
        default_end_time: s.defaultEndTime,
        default_rental_period_slug: s.defaultRentalPeriodSlug,
        site_color: theme.siteColor,
        font_color: theme.fontColor,
        favicon_image_path: s.faviconPath,
        price_list_path: priceListPath(s.priceListPageUrl),
        web_reserve_accepting: s.webReserveAccepting,
        min_lead_minutes: s.minLeadMinutes,
        max_advance_days: s.maxAdvanceDays,
        settlement_methods: [...s.settlementMethods],
      };
    },
  }),
  operation({
    method: "get",
    path: "/site-setting-public-status",
    tag: "reservations",
    operationId: "site-setting-public-status",
    summary: "Whether the site is public (1) or unpublished (2)",
    description: "An unpublished site's pages show the unpublished notice (spec §4).",
    response: z.object({ public_status: z.number().int() }),
    ...readKey,
    async handler({ bundle }) {
      return { public_status: bundle.settings.publicStatus };
    },
  }),
  operation({
    method: "get",
    path: "/google-analytics",
    tag: "reservations",
    operationId: "google-analytics",
    summary: "The client's Google Analytics id, or null",
    response: z.object({ tracking_code: z.string().nullable() }),
    ...readKey,
    async handler({ bundle }) {
      return { tracking_code: bundle.tracking?.gaTrackingCode || null };
    },
  }),
  operation({
    method: "get",
    path: "/google-tag-manager",
    tag: "reservations",
    operationId: "google-tag-manager",
    summary: "The client's Google Tag Manager container id, or null",
    response: z.object({ container_id: z.string().nullable() }),
    ...readKey,
    async handler({ bundle }) {
      return { container_id: bundle.tracking?.gtmContainerId || null };
    },
  }),
  operation({
    method: "get",
    path: "/site-logo",
    tag: "reservations",
    operationId: "site-logo",
    summary: "The site's logo, or null (the header then shows the site title)",
    response: z.object({ logo: LogoSchema.nullable() }),
    ...readKey,
    async handler({ bundle }) {
      const { logo } = bundle;
      return {
        logo: logo
          ? {
              img_path: logo.imgPath,
              width: logo.width,
              height: logo.height,
              resize: logoNeedsResize(logo.width, logo.height),
            }
          : null,
      };
    },
  }),
  operation({
    method: "get",
    path: "/site-footer",
    tag: "reservations",
    operationId: "site-footer",
    summary: "The footer: custom page links, company name and text, the copyright year",
    response: FooterSchema,
    ...readKey,
    async handler({ bundle, locale }) {
      const { client, settings, footer } = bundle;
      const title = pickLang(settings, "siteTitle", locale);
      return {
        shown: shellFeatures(client.usagePlanType, false).footer,
        pages: bundle.customPages.map((p) => ({ id: p.id, url: p.pageUrl, title: pickLang(p, "pageTitle", locale) })),
        company_name: footer ? pickLang(footer, "companyName", locale) : title,
        footer_text: footer ? pickLang(footer, "footerText", locale) : "",
        since: client.createdAt.getFullYear(),
        site_title: title,
      };
    },
  }),
  operation({
    method: "get",
    path: "/top",
    tag: "reservations",
    operationId: "top",
    summary: "The top page: its image, text and news, the classes handled and the stores",
    response: TopSchema,
    ...readKey,
    async handler({ bundle, locale }) {
      const top = topContent(bundle, locale);
      return {
        site_title: pickLang(bundle.settings, "siteTitle", locale),
        site_image: top.siteImage,
        page_edit_top: top.intro,
        news: top.news.map((n) => ({
          id: n.id,
          published_on: n.publishedOn,
          date: n.date,
          title: n.title,
          body: n.body,
        })),
        handling_class: bundle.catalogue.classes.map((c) => ({ id: c.id, name: pickLang(c, "className", locale) })),
        stores: bundle.stores.map((s) => ({ id: s.id, name: pickLang(s, "storeName", locale) })),
      };
    },
  }),
  operation({
    method: "get",
    path: "/custompages/:id",
    tag: "reservations",
    operationId: "custompages/{id}",
    summary: "A custom page, by its address (`company` for `/c/company`) or its id",
    params: z.object({ id: z.string().min(1).max(200) }),
    response: CustomPageSchema,
    ...readKey,
    async handler({ bundle, locale, params }) {
      const page = customPageContent(bundle, locale, params.id, true);
      if (!page) throw notFoundError();
      return {
        page_id: page.id,
        page_url: page.url,
        page_title: page.title,
        page_contents: page.contents,
        display_order: page.displayOrder,
      };
    },
  }),
  operation({
    method: "get",
    path: "/seo-settings",
    tag: "reservations",
    operationId: "seo-settings",
    summary: "The SEO title and description of every page kind (null where the page's own applies)",
    response: z.object({ seo_settings: z.array(SeoSettingSchema) }),
    ...readKey,
    async handler({ bundle, locale }) {
      return { seo_settings: seoKinds(bundle).map((kind) => seoSetting(bundle, locale, kind)) };
    },
  }),
  operation({
    method: "get",
    path: "/seo-settings/:id",
    tag: "reservations",
    operationId: "seo-settings/{id}",
    summary: "The SEO title and description of one page kind (`top`, `fee`, `custom_page:company`…)",
    params: z.object({ id: z.string().min(1).max(200) }),
    response: SeoSettingSchema,
    ...readKey,
    async handler({ bundle, locale, params }) {
      if (!seoKinds(bundle).includes(params.id)) throw notFoundError();
      return seoSetting(bundle, locale, params.id);
    },
  }),
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

function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}
