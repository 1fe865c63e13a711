import { z } from "zod";
import { id, isoDate, text } from "./schemas.server";

export const NewsSchema = z
  .object({ id, published_on: isoDate, date: text("`YYYY/MM/DD`."), title: z.string(), body: z.string() })
  .meta({ id: "News" });

export const TopSchema = z
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

export const CustomPageSchema = z
  .object({
    page_id: id,
    page_url: z.string(),
    page_title: z.string(),
    page_contents: text("Markdown."),
    display_order: z.number().int(),
  })
  .meta({ id: "CustomPage" });

export const SeoSettingSchema = z
  .object({
    page_kind: text("`top`, `reserve`, `car_type`, `fee`, `store`, `store_detail`, or `custom_page:{url}`."),
    page_title: z.string().nullable().meta({ description: "Null: the page's own title applies." }),
    description: z.string().nullable(),
  })
  .meta({ id: "SeoSetting" });

export const fieldMode = z.number().int().meta({ description: "0 hidden, 1 optional, 2 required." });
export const DriverSettingSchema = z
  .object({
    fields: z.array(z.object({ name: z.string(), mode: fieldMode, shown: z.boolean(), required: z.boolean() })),
    images: z
      .array(z.object({ slot: z.number().int(), name: z.string(), required: z.boolean() }))
      .meta({ description: "The licence image inputs the form shows, in order." }),
    license_pictures_display_num: z.number().int(),
    should_hide_all_inputs: z.boolean(),
  })
  .meta({ id: "DriverSetting" });
