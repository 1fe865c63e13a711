import { z } from "zod";
import { operation } from "#app/api/operation.server";
import { customPageContent, topContent } from "#app/presenters/content.server";
import { pickLang } from "#common/locales";
import { notFoundError } from "#server/errors";
import { CustomPageSchema, SeoSettingSchema, TopSchema } from "./content-schemas.server";
import { readKey, seoKinds, seoSetting } from "./presenters.server";

export const CONTENT_OPERATIONS = [
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
];
