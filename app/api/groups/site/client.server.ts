import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { LOCALE_CODE, LOCALE_PREFIX, pickLang, siteLocales } from "#common/locales";
import { planFlags, priceListPath, shellFeatures } from "#server/sites/plan";
import { isMultiStore } from "#server/sites/site-bundle";
import { logoNeedsResize, siteTheme } from "#server/sites/theme";
import { readKey } from "./presenters.server";
import { FooterSchema, LogoSchema, PLAN_NAME, SiteClientSchema, SiteSettingSchema } from "./schemas.server";

export const CLIENT_OPERATIONS = [
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
];
