import { createContext, type ReactNode, useContext } from "react";
import type { SiteShell } from "#app/presenters/shell.server";
import { embeddedPath } from "#common/embedding";
import { localizePath } from "#common/locales";
import type { Flash } from "./flash";

const SiteContext = createContext<{ shell: SiteShell; flash: Flash | null } | null>(null);

/** Provided by the `:siteId` layout, so every page and component inside a site reads its shell. */
export function SiteProvider({
  shell,
  flash,
  children,
}: {
  shell: SiteShell;
  flash: Flash | null;
  children: ReactNode;
}) {
  return <SiteContext.Provider value={{ shell, flash }}>{children}</SiteContext.Provider>;
}

/** The current site's shell. Inside a site it is always there; elsewhere it is a programming error. */
export function useSite(): SiteShell {
  const value = useContext(SiteContext);
  if (!value) throw new Error("useSite() is used outside a site route");
  return value.shell;
}

/** For the few components that also render outside any site (the error page). */
export function useOptionalSite(): SiteShell | null {
  return useContext(SiteContext)?.shell ?? null;
}

/** The message the previous step left for this page, if any. */
export function useFlash(): Flash | null {
  return useContext(SiteContext)?.flash ?? null;
}

/**
 * `/store` of this site in this page's language. Inside the embedded flow the booking pages keep
 * it (`/reserve/confirm` → `/custom_page/confirm`, decision 025).
 */
export function sitePath(shell: Pick<SiteShell, "siteId" | "locale"> & { embedded?: boolean }, path = ""): string {
  const full = localizePath(shell.locale, `/${shell.siteId}${path}`);
  return shell.embedded ? embeddedPath(full) : full;
}

type MatchLike = { loaderData?: unknown } | undefined;

/** The site shell in a list of route matches (for `meta` and the document head, which render above the provider). */
export function shellFromMatches(matches: readonly MatchLike[]): SiteShell | undefined {
  for (const m of matches) {
    const data = m?.loaderData as { shell?: SiteShell } | undefined;
    if (data?.shell) return data.shell;
  }
  return undefined;
}
