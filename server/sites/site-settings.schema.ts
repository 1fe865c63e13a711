import * as z from "zod/mini";
import { RENTAL_PERIOD_SLUGS } from "#common/codes";
import { isEmbedOriginPattern } from "#common/embedding";
import { normalizeRegistrationNumber, registrationNumberProblem } from "#common/registration-number";
import { parseColor, toHex } from "#common/theme";
import { isTrackingId, TRACKING_ID_MAX } from "#common/tracking";
import { formText } from "#server/auth/fields.schema";
import {
  checkboxField,
  intField,
  mlField,
  mlValues,
  optionalField,
  requiredField,
  timeField,
} from "#server/staff/admin-fields.schema";

/**
 * The site's settings (spec §3 Site setting, calendar display settings, tracking, web reserve
 * acceptance) and its design, as the back office edits them; client-safe, messages are reason codes.
 */

/** The public site's languages besides Japanese, which is always served (spec §3, codes of §9). */
export const OPTIONAL_LANGUAGES = ["en", "kr", "tw"] as const;
export const SETTINGS_LISTS = ["languages"] as const;

/** Site public status (spec §3): public 1, unpublished 2. */
export const PUBLIC_STATUS_CHOICES = ["1", "2"] as const;
/** Fully booked car types: 1 listed with ×, 2 left out (spec §9 default 2). */
export const EMPTY_CAR_CHOICES = ["1", "2"] as const;
/** Display codes (spec §4): shown 1, not shown 2. */
const SHOWN = 1;
const HIDDEN = 2;

export const MAX_EMBED_ORIGINS = 20;

/** Origins typed one per line (or separated by spaces or commas), each as CSP's frame-ancestors reads it. */
const embedOriginsField = z.pipe(
  formText,
  z.transform((raw, ctx) => {
    const origins: string[] = [];
    for (const part of raw.split(/[\s,]+/).filter(Boolean)) {
      // An origin is case-insensitive and has no path: a pasted trailing slash is not a mistake.
      const value = part.toLowerCase().replace(/\/$/, "");
      if (!isEmbedOriginPattern(value)) {
        ctx.issues.push({ code: "custom", message: "embed_origin_invalid", input: raw, params: { origin: part } });
        return [];
      }
      if (!origins.includes(value)) origins.push(value);
    }
    if (origins.length > MAX_EMBED_ORIGINS) {
      ctx.issues.push({
        code: "custom",
        message: "embed_origins_too_many",
        input: raw,
        params: { max: MAX_EMBED_ORIGINS },
      });
    }
    return origins;
  }),
);

/**
 * The qualified invoice issuer's registration number (issue 37): empty (plain receipts), or "T" and 13
 * digits whose first is the check digit. Full-width characters, spaces and hyphens are forgiven.
 */
const registrationNumberField = z.pipe(
  formText,
  z.transform((raw, ctx) => {
    if (raw === "") return null;
    const value = normalizeRegistrationNumber(raw);
    const problem = registrationNumberProblem(value);
    if (problem) {
      ctx.issues.push({ code: "custom", message: problem, input: raw });
      return null;
    }
    return value;
  }),
);

const trackingIdField = optionalField(TRACKING_ID_MAX).check(
  z.refine((v) => v === "" || isTrackingId(v), "tracking_id_invalid"),
);

/** The languages ticked: the optional ones only, in the spec's order; Japanese is added by the server. */
const languagesField = z.pipe(
  z._default(z.union([z.string(), z.array(z.string())]), []),
  z.transform((value) => {
    const list = Array.isArray(value) ? value : [value];
    return OPTIONAL_LANGUAGES.filter((code) => list.includes(code));
  }),
);

const dayMinutes = (day: number, time: string) => day * 1440 + Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

export const SiteSettingsSchema = z
  .object({
    ...mlField("site_title", { required: true, max: 100 }),
    ...mlField("header_message", { max: 300 }),
    languages: languagesField,
    public_status: z.enum(PUBLIC_STATUS_CHOICES, "invalid_choice"),
    is_disp_non_member: checkboxField,
    web_reserve_accepting: checkboxField,
    default_start_day: intField(0, 60),
    default_start_time: timeField,
    default_end_day: intField(0, 90),
    default_end_time: timeField,
    default_rental_period_slug: z.enum(RENTAL_PERIOD_SLUGS, "invalid_choice"),
    default_disp_empty_car_type: z.enum(EMPTY_CAR_CHOICES, "invalid_choice"),
    min_lead_minutes: intField(0, 10_080),
    max_advance_days: intField(1, 730),
    long_rental_days: intField(1, 730),
    is_disp_image: checkboxField,
    is_disp_empty_car_calendar: checkboxField,
    remaining_car_number: checkboxField,
    triangle_car_number: intField(0, 99),
    no_reserve_car_calendar_mark: requiredField(2),
    embed_origins: embedOriginsField,
    ga_tracking_code: trackingIdField,
    gtm_container_id: trackingIdField,
    invoice_issuer_name: optionalField(100),
    invoice_registration_number: registrationNumberField,
  })
  .check(
    z.superRefine((v, ctx) => {
      // The default search's return comes after its departure.
      if (dayMinutes(v.default_end_day, v.default_end_time) <= dayMinutes(v.default_start_day, v.default_start_time)) {
        ctx.issues.push({ code: "custom", path: ["default_end_time"], message: "default_period_order", input: v });
      }
    }),
  );
export type SiteSettingsInput = z.infer<typeof SiteSettingsSchema>;

/** The columns of site_settings the form writes, from its values. */
export function siteSettingsColumns(input: SiteSettingsInput) {
  const text = (v: string) => v || null;
  return {
    siteTitle: input.site_title,
    siteTitleEn: text(input.site_title_en),
    siteTitleKr: text(input.site_title_kr),
    siteTitleTw: text(input.site_title_tw),
    headerMessage: input.header_message,
    headerMessageEn: text(input.header_message_en),
    headerMessageKr: text(input.header_message_kr),
    headerMessageTw: text(input.header_message_tw),
    supportedLanguages: ["jp", ...input.languages].join(","),
    publicStatus: Number(input.public_status),
    isDispNonMember: input.is_disp_non_member,
    webReserveAccepting: input.web_reserve_accepting,
    defaultStartDay: input.default_start_day,
    defaultStartTime: input.default_start_time,
    defaultEndDay: input.default_end_day,
    defaultEndTime: input.default_end_time,
    defaultRentalPeriodSlug: input.default_rental_period_slug,
    defaultDispEmptyCarType: Number(input.default_disp_empty_car_type),
    minLeadMinutes: input.min_lead_minutes,
    maxAdvanceDays: input.max_advance_days,
    longRentalDays: input.long_rental_days,
    isDispImage: input.is_disp_image,
    isDispEmptyCarCalendar: input.is_disp_empty_car_calendar ? SHOWN : HIDDEN,
    remainingCarNumber: input.remaining_car_number ? SHOWN : HIDDEN,
    triangleCarNumber: input.triangle_car_number,
    noReserveCarCalendarMark: input.no_reserve_car_calendar_mark,
    embedOrigins: input.embed_origins,
    invoiceIssuerName: input.invoice_issuer_name,
    invoiceRegistrationNumber: input.invoice_registration_number,
  };
}

/** What the form shows for saved settings. */
export interface SiteSettingsRecord {
  [column: string]: unknown;
  supportedLanguages: string;
  publicStatus: number;
  isDispNonMember: boolean;
  webReserveAccepting: boolean;
  defaultStartDay: number;
  defaultStartTime: string;
  defaultEndDay: number;
  defaultEndTime: string;
  defaultRentalPeriodSlug: string;
  defaultDispEmptyCarType: number;
  minLeadMinutes: number;
  maxAdvanceDays: number;
  longRentalDays: number;
  isDispImage: boolean;
  isDispEmptyCarCalendar: number;
  remainingCarNumber: number;
  triangleCarNumber: number;
  noReserveCarCalendarMark: string;
  embedOrigins: string[];
  gaTrackingCode: string | null;
  gtmContainerId: string | null;
  invoiceIssuerName: string;
  invoiceRegistrationNumber: string | null;
}

const flag = (on: boolean) => (on ? "1" : "");

/** The form's strings for saved settings. */
export function siteSettingsFormValues(s: SiteSettingsRecord): {
  values: Record<string, string>;
  lists: Record<string, string[]>;
} {
  const codes = s.supportedLanguages.split(",").map((c) => c.trim());
  return {
    values: {
      ...mlValues("siteTitle", s, "site_title"),
      ...mlValues("headerMessage", s, "header_message"),
      public_status: String(s.publicStatus),
      is_disp_non_member: flag(s.isDispNonMember),
      web_reserve_accepting: flag(s.webReserveAccepting),
      default_start_day: String(s.defaultStartDay),
      default_start_time: s.defaultStartTime,
      default_end_day: String(s.defaultEndDay),
      default_end_time: s.defaultEndTime,
      default_rental_period_slug: s.defaultRentalPeriodSlug,
      default_disp_empty_car_type: String(s.defaultDispEmptyCarType),
      min_lead_minutes: String(s.minLeadMinutes),
      max_advance_days: String(s.maxAdvanceDays),
      long_rental_days: String(s.longRentalDays),
      is_disp_image: flag(s.isDispImage),
      is_disp_empty_car_calendar: flag(s.isDispEmptyCarCalendar === SHOWN),
      remaining_car_number: flag(s.remainingCarNumber === SHOWN),
      triangle_car_number: String(s.triangleCarNumber),
      no_reserve_car_calendar_mark: s.noReserveCarCalendarMark,
      embed_origins: s.embedOrigins.join("\n"),
      ga_tracking_code: s.gaTrackingCode ?? "",
      gtm_container_id: s.gtmContainerId ?? "",
      invoice_issuer_name: s.invoiceIssuerName,
      invoice_registration_number: s.invoiceRegistrationNumber ?? "",
    },
    lists: { languages: OPTIONAL_LANGUAGES.filter((c) => codes.includes(c)) },
  };
}

/** A colour as the spec allows it (`#rrggbb`, `#rgb`, `rgb(r, g, b)`), stored as `#rrggbb`. */
const colorField = (required: boolean) =>
  z.pipe(
    formText,
    z.transform((raw, ctx) => {
      if (raw === "") {
        if (required) ctx.issues.push({ code: "custom", message: "required", input: raw });
        return null;
      }
      const rgb = parseColor(raw);
      if (!rgb) {
        ctx.issues.push({ code: "custom", message: "color_invalid", input: raw });
        return null;
      }
      return toHex(rgb);
    }),
  );

/** Logo and favicon: JPEG, PNG or WebP of at most 5 MB (the server reads the type from the bytes). */
export const MEDIA_MAX_MB = 5;
export const MEDIA_MAX_BYTES = MEDIA_MAX_MB * 1024 * 1024;
export const MEDIA_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/**
 * A picture chosen in a file input, or null when none was. In the browser the check runs before the
 * form is sent (a 20 MB file never leaves the computer); the server hands in a File whose type it
 * sniffed from the bytes.
 */
const pictureField = z.pipe(
  z._default(z.unknown(), null),
  z.transform((value, ctx) => {
    if (typeof File === "undefined" || !(value instanceof File) || value.size === 0) return null;
    if (value.size > MEDIA_MAX_BYTES) {
      ctx.issues.push({ code: "custom", message: "media_too_large", input: value, params: { max: MEDIA_MAX_MB } });
      return null;
    }
    if (!(MEDIA_TYPES as readonly string[]).includes(value.type)) {
      ctx.issues.push({ code: "custom", message: "media_type", input: value });
      return null;
    }
    return value;
  }),
);

export const THEME_FILES = ["logo", "favicon"] as const;

export const ThemeSchema = z.object({
  site_color: colorField(true),
  font_color: colorField(false),
  logo: pictureField,
  remove_logo: checkboxField,
  favicon: pictureField,
  remove_favicon: checkboxField,
});
export type ThemeInput = z.infer<typeof ThemeSchema>;

export function themeFormValues(s: { siteColor: string; fontColor: string | null }): Record<string, string> {
  return { site_color: s.siteColor, font_color: s.fontColor ?? "" };
}
