import type { Locale } from "../../common/locales";
import type { Messages } from "./messages/ja";

/**
 * The catalogues this JavaScript context holds (decision 027): all four on the server, put here by
 * entry.server.tsx; in the browser only the page's, fetched once from its content-hashed asset
 * before hydration (entry.client.tsx) and again when a navigation changes the language (the root's
 * clientLoader). Pages no longer carry the catalogue in their loader data.
 */
const held: Partial<Record<Locale, Partial<Messages>>> = {};

export function provideCatalogue(locale: Locale, messages: Partial<Messages>): void {
  held[locale] = messages;
}

/** The catalogue of `locale`, or an empty one (keys then show as themselves) when it is not held. */
export function catalogueOf(locale: Locale): Partial<Messages> {
  return held[locale] ?? {};
}

/** Fetches the catalogue of `locale` from its asset URL unless it is held already. */
export async function loadCatalogue(locale: Locale, url: string): Promise<void> {
  if (held[locale]) return;
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`catalogue ${locale}: HTTP ${response.status}`);
  held[locale] = (await response.json()) as Partial<Messages>;
}

/** Where a page finds its catalogue: `<link rel="preload" data-catalogue="ja" href="/_catalogue/ja.HASH.json">`. */
export const CATALOGUE_LINK_SELECTOR = "link[data-catalogue]";
