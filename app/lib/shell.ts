import { useMatches } from "react-router";
import type { SiteShell } from "../../server/sites/shell";
import { localizePath } from "../i18n/locales";

/** The site shell from the site route's loader, wherever it sits in the match list. */
export function useShell(): SiteShell | undefined {
  const matches = useMatches();
  for (const m of matches) {
    const data = m.loaderData as { shell?: SiteShell } | undefined;
    if (data?.shell) return data.shell;
  }
  return undefined;
}

/** `/store` of this site in this page's language. */
export function sitePath(shell: Pick<SiteShell, "siteId" | "locale">, path = ""): string {
  return localizePath(shell.locale, `/${shell.siteId}${path}`);
}
