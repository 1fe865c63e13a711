import { z } from "zod";
import { AppError, notFoundError } from "#server/errors";
import { PLAN } from "#server/sites/plan";
import type { SiteBundle, StoreRow } from "#server/sites/site-bundle";

/**
 * §7's reservation-group reads about the site itself: the client and its settings, its content
 * (top, custom pages, SEO, footer), the driver form's settings, and the calendars. Every answer
 * comes from the cached site bundle or the domain functions the pages call, in the request's
 * language (Japanese when a text has no translation).
 */

export const ID = /^[1-9][0-9]{0,8}$/;
export const id = z.number().int();
export const isoDate = z.string().meta({ description: "`YYYY-MM-DD`." });
export const text = (description: string) => z.string().meta({ description });

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

export const PLAN_NAME: Record<number, string> = {
  [PLAN.light]: "light",
  [PLAN.standard]: "standard",
  [PLAN.standardPlus]: "standard_plus",
  [PLAN.premium]: "premium",
};

// ---------------------------------------------------------------------------------------------
// Response schemas
// ---------------------------------------------------------------------------------------------

export const SiteClientSchema = z
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

export const LanguageSchema = z.object({
  locale: z.enum(["ja", "en", "ko", "zh-TW"]),
  code: z.string().meta({ description: "The site setting's code: jp, en, kr, tw." }),
  prefix: z.string().meta({ description: "The path prefix: empty for Japanese, `en`, `kr`, `tw`." }),
});

export const SiteSettingSchema = z
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

export const LogoSchema = z
  .object({
    img_path: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    resize: z
      .boolean()
      .meta({ description: "Taller than 75 px or wider than 400 px: shown with the resize class (spec §9)." }),
  })
  .meta({ id: "SiteLogo" });

export const FooterSchema = z
  .object({
    shown: z.boolean().meta({ description: "The plan shows the footer (standard and up)." }),
    pages: z.array(z.object({ id, url: z.string(), title: z.string() })),
    company_name: z.string(),
    footer_text: z.string(),
    since: z.number().int().meta({ description: "The client's creation year, for the copyright." }),
    site_title: z.string(),
  })
  .meta({ id: "SiteFooter" });
