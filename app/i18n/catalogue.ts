import type { AdminLocale } from "#common/admin";
import type { Locale } from "#common/locales";
import type { AdminMessages } from "./admin/ja";
import type { Messages } from "./messages/ja";

/**
 * A catalogue a page reads: a public language's, or the back office's in one of its languages
 * (`admin-ja`, `admin-en`: that language's public texts and the back office's, decision 029).
 */
export type CatalogueName = Locale | `admin-${AdminLocale}`;
export const CATALOGUE_NAMES: readonly CatalogueName[] = ["ja", "en", "ko", "zh-TW", "admin-ja", "admin-en"];
export type HeldMessages = Partial<Messages> & Partial<AdminMessages>;

/**
 * The catalogues this JavaScript context holds (decision 027): all of them on the server, put here by
 * entry.server.tsx; in the browser only the page's, fetched once from its content-hashed asset
 * before hydration (entry.client.tsx) and again when a navigation changes the language (the root's
 * clientLoader). Pages do not carry the catalogue in their loader data.
 */
const held: Partial<Record<CatalogueName, HeldMessages>> = {};

export function provideCatalogue(name: CatalogueName, messages: HeldMessages): void {
  held[name] = messages;
}

/** The catalogue `name`, or an empty one (keys then show as themselves) when it is not held. */
export function catalogueOf(name: CatalogueName): HeldMessages {
  return held[name] ?? {};
}

/** Fetches the catalogue `name` from its asset URL unless it is held already. */
export async function loadCatalogue(name: CatalogueName, url: string): Promise<void> {
  if (held[name]) return;
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`catalogue ${name}: HTTP ${response.status}`);
  held[name] = (await response.json()) as HeldMessages;
}

export const isCatalogueName = (value: string | undefined): value is CatalogueName =>
  CATALOGUE_NAMES.includes(value as CatalogueName);

/** Where a page finds its catalogue: `<link rel="preload" data-catalogue="ja" href="/_catalogue/jp.HASH.json">`. */
export const CATALOGUE_LINK_SELECTOR = "link[data-catalogue]";
