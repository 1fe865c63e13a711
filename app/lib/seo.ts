import type { MetaDescriptor } from "react-router";
import type { SiteShell } from "../../server/sites/shell";

type MetaMatch = { loaderData?: unknown; data?: unknown } | undefined;

function shellFrom(matches: readonly MetaMatch[]): SiteShell | undefined {
  for (const m of matches) {
    const d = (m?.loaderData ?? m?.data) as { shell?: SiteShell } | undefined;
    if (d?.shell) return d.shell;
  }
  return undefined;
}

/**
 * Title and description for a page kind from the site's SEO settings; a page's own title
 * (a store, a custom page) goes in front of the site title when no SEO text is set for it.
 */
export function seoMeta(matches: readonly MetaMatch[], pageKind: string, pageTitle?: string): MetaDescriptor[] {
  const shell = shellFrom(matches);
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
