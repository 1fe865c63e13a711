import type { MetaDescriptor } from "react-router";
import { type CatalogueName, catalogueOf } from "#app/i18n/catalogue";
import { type MessageKey, type TranslateParams, translate } from "#app/i18n/translate";
import type { SiteShell } from "#app/presenters/shell.server";
import { fullSitePath } from "#common/embedding";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "#common/locales";
import {
  absoluteUrl,
  alternates,
  canonicalQuery,
  canonicalUrl,
  excerpt,
  OG_LOCALE,
  pagePath,
  plainText,
} from "#common/seo";
import { shellFromMatches } from "./site";

/** What the site loader adds for page heads (`siteHead` in seo.server.ts). */
export interface SiteHead {
  /** `PUBLIC_ORIGIN`, else the request's origin: every URL in the head is absolute on it. */
  origin: string;
  /** The site's hero image, else its logo, as an absolute URL; null when it has neither. */
  image: string | null;
}

/** One page's SEO inputs, given by its route's `meta`. */
export interface SeoPage {
  /** The page kind of the site's SEO settings: `top`, `reserve`, `fee`, `store`, `store_detail`, `car_type`, `custom_page:{url}`. */
  kind: string;
  /** The page's own title (a store's name, a custom page's title, "Stores"); absent on the top page only. */
  title?: string;
  /**
   * The SEO setting of `kind` serves many pages (every store, every car type): the page's own
   * title goes in front of it, so no two pages share a title. Otherwise (the top, the fee page, one
   * custom page) the setting's title is the page's title as it is.
   */
  shared?: boolean;
  /** The description when the site's SEO settings have none for `kind`. */
  description?: string;
  /** The Open Graph image when the site has neither a hero image nor a logo (a car's photo). */
  image?: string | null;
  /** The query parameters that define the page; the canonical URL drops every other one. */
  query?: readonly string[];
  /** The canonical path within the site when the URL is an alias (`/c/faq` for `/custom_page/faq`). */
  path?: string;
  /** Keep the page out of search indexes (search results with a query). */
  noindex?: boolean;
}

export type MetaMatch = { id?: string; loaderData?: unknown } | undefined;

interface MetaArgs {
  matches: readonly MetaMatch[];
  location: { pathname: string; search: string };
}

export interface HeadInput {
  shell: SiteShell;
  head: SiteHead | null;
  pathname: string;
  search: string;
}

/** Title, description, canonical and alternate links and Open Graph tags of a page of a site. */
export function headTags({ shell, head, pathname, search }: HeadInput, page: SeoPage): MetaDescriptor[] {
  const setting = shell.seo[page.kind];
  const title = setting?.title
    ? page.title && page.shared
      ? `${page.title} | ${setting.title}`
      : setting.title
    : page.title
      ? `${page.title} | ${shell.title}`
      : shell.title;
  const description = setting?.description || page.description || "";
  const tags: MetaDescriptor[] = [{ title }, siteIcon(shell)];
  if (description) tags.push({ name: "description", content: description });
  // The embedded flow (decision 025) is the site's own pages in a client's frame: never indexed,
  // its canonical is the page on the site itself.
  if (page.noindex || shell.embedded) tags.push({ name: "robots", content: "noindex" });
  tags.push(
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: shell.title },
    { property: "og:title", content: title },
  );
  if (description) tags.push({ property: "og:description", content: description });
  tags.push({ property: "og:locale", content: OG_LOCALE[shell.locale] });
  for (const l of LOCALES) {
    if (l !== shell.locale && shell.locales.includes(l)) {
      tags.push({ property: "og:locale:alternate", content: OG_LOCALE[l] });
    }
  }
  if (!head) return tags;

  const path = page.path === undefined ? pagePath(fullSitePath(pathname)) : `/${shell.siteId}${page.path}`;
  const query = canonicalQuery(search, page.query);
  const canonical = canonicalUrl(head.origin, shell.locale, path, query);
  tags.push({ tagName: "link", rel: "canonical", href: canonical });
  for (const a of alternates(head.origin, shell.locales, path, query)) {
    tags.push({ tagName: "link", rel: "alternate", hrefLang: a.hreflang, href: a.href });
  }
  tags.push({ property: "og:url", content: canonical });
  const image = head.image ?? (page.image ? absoluteUrl(head.origin, page.image) : null);
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:card", content: "summary_large_image" });
  }
  return tags;
}

/** A page's head from its route matches: the site loader holds the shell and `head`. */
export function seoMeta({ matches, location }: MetaArgs, page: SeoPage): MetaDescriptor[] {
  const shell = shellFromMatches(matches);
  if (!shell) return [];
  return headTags(
    { shell, head: headFromMatches(matches), pathname: location.pathname, search: location.search },
    page,
  );
}

function headFromMatches(matches: readonly MetaMatch[]): SiteHead | null {
  for (const m of matches) {
    const data = m?.loaderData as { head?: SiteHead } | undefined;
    if (data?.head) return data.head;
  }
  return null;
}

/**
 * `t()` for `meta`, which renders above the i18n hook: the root loader's catalogue of the page
 * language, with `{site}` filled with the site's title.
 */
export function metaTranslate(matches: readonly MetaMatch[]): (key: MessageKey, params?: TranslateParams) => string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    | { locale?: Locale; catalogue?: CatalogueName }
    | undefined;
  const messages = catalogueOf(root?.catalogue ?? root?.locale ?? DEFAULT_LOCALE);
  const site = shellFromMatches(matches)?.title ?? "";
  return (key, params) => translate(messages, key, { site, ...params });
}

/** The description of a client-authored page: the start of its text, without markup. */
export function textDescription(markup: string, max = 120): string {
  return excerpt(plainText(markup), max);
}

/** The head of a member's or a form's page (login, registration, My Page): its title, never indexed. */
export function privateMeta(args: MetaArgs, title: MessageKey): MetaDescriptor[] {
  const t = metaTranslate(args.matches);
  return seoMeta(args, { kind: "account", title: t(title), noindex: true });
}

/** The site's icon (every page of a site has it in its head). */
export function siteIcon(shell: Pick<SiteShell, "faviconPath">): MetaDescriptor {
  return { tagName: "link", rel: "icon", href: shell.faviconPath };
}

/** The site's icon from a page's route matches; nothing outside a site. */
export function siteIconOf(matches: readonly MetaMatch[]): MetaDescriptor[] {
  const shell = shellFromMatches(matches);
  return shell ? [siteIcon(shell)] : [];
}
