import type { MetaDescriptor } from "react-router";
import { shellFromMatches } from "./site";

type MetaMatch = { loaderData?: unknown } | undefined;

/**
 * Title and description for a page kind from the site's SEO settings; a page's own title
 * (a store, a custom page) goes in front of the site title when no SEO text is set for it.
 */
export function seoMeta(matches: readonly MetaMatch[], pageKind: string, pageTitle?: string): MetaDescriptor[] {
  const shell = shellFromMatches(matches);
  if (!shell) return [];
  const seo = shell.seo[pageKind];
  const fallback = pageTitle ? `${pageTitle} | ${shell.title}` : shell.title;
  const title = seo?.title || fallback;
  const description = seo?.description || shell.seo.top?.description || "";
  const tags: MetaDescriptor[] = [{ title }, { property: "og:title", content: title }];
  if (description) {
    tags.push({ name: "description", content: description }, { property: "og:description", content: description });
  }
  return tags;
}
