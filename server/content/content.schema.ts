import * as z from "zod/mini";
import { intField, mlField, mlValues, optionalDateField, requiredField } from "#server/staff/admin-fields.schema";

/**
 * The site's own texts as the back office edits them (spec §3 Custom page, Top info, SEO setting,
 * news), client-safe. Page texts are in the safe markup of decision 005; news bodies are plain text.
 */

/** A custom page's address, `/c/{url}`: the database's own check (custom_pages_url_slug). */
export const PAGE_URL = /^[a-z0-9][a-z0-9_-]*$/;
export const LIMITS = {
  pageUrl: 100,
  pageTitle: 100,
  pageContents: 20_000,
  topText: 10_000,
  newsTitle: 200,
  newsBody: 2_000,
  seoTitle: 200,
  seoDescription: 500,
} as const;

export const CustomPageSchema = z.object({
  page_url: requiredField(LIMITS.pageUrl).check(z.regex(PAGE_URL, "slug_invalid")),
  ...mlField("page_title", { required: true, max: LIMITS.pageTitle }),
  ...mlField("page_contents", { max: LIMITS.pageContents }),
  display_order: intField(0, 9999),
});
export type CustomPageInput = z.infer<typeof CustomPageSchema>;

/** The form's strings for a saved page. */
export function customPageFormValues(page: Record<string, unknown> & { pageUrl: string; displayOrder: number }) {
  return {
    ...mlValues("pageTitle", page, "page_title"),
    ...mlValues("pageContents", page, "page_contents"),
    page_url: page.pageUrl,
    display_order: String(page.displayOrder),
  };
}

export const TopTextSchema = z.object({ ...mlField("page_edit_top", { max: LIMITS.topText }) });
export type TopTextInput = z.infer<typeof TopTextSchema>;

/** A news item's date: required, a day that exists. */
const publishedOnField = z.pipe(
  optionalDateField,
  z.transform((value, ctx) => {
    if (value === null) ctx.issues.push({ code: "custom", message: "required", input: value });
    return value ?? "";
  }),
);

export const NewsSchema = z.object({
  published_on: publishedOnField,
  ...mlField("title", { required: true, max: LIMITS.newsTitle }),
  ...mlField("body", { max: LIMITS.newsBody }),
});
export type NewsInput = z.infer<typeof NewsSchema>;

export function newsFormValues(item: Record<string, unknown> & { publishedOn: string }) {
  return { ...mlValues("title", item, "title"), ...mlValues("body", item, "body"), published_on: item.publishedOn };
}

export const SeoSchema = z.object({
  ...mlField("page_title", { max: LIMITS.seoTitle }),
  ...mlField("description", { max: LIMITS.seoDescription }),
});
export type SeoInput = z.infer<typeof SeoSchema>;

export function seoFormValues(row: Record<string, unknown> | null) {
  return row ? { ...mlValues("pageTitle", row, "page_title"), ...mlValues("description", row, "description") } : {};
}

/**
 * The page kinds the public head reads SEO settings for (app/lib/seo.ts `SeoPage.kind`), in the
 * order the back office lists them; each custom page adds `custom_page:{url}`.
 */
export const SEO_PAGE_KINDS = ["top", "reserve", "car_type", "fee", "store", "store_detail"] as const;
export type SeoPageKind = (typeof SEO_PAGE_KINDS)[number];
export const CUSTOM_PAGE_KIND = "custom_page:";
export const customPageKind = (url: string) => `${CUSTOM_PAGE_KIND}${url}`;

/**
 * The lengths search results show before cutting a text (Google, 2025: about 30 full-width or 60
 * half-width characters of a title, 120 full-width or 155 half-width of a description). A hint,
 * not a limit: Japanese and Chinese text take about twice the width of Latin letters.
 */
export const SEO_SHOWN = {
  title: { wide: 30, narrow: 60 },
  description: { wide: 120, narrow: 155 },
} as const;
